/** The settings feature: the settings screen, the first-run screen and the user-name prompt. */
export { SettingsScreen } from './SettingsScreen';
export { FirstRun } from './FirstRun';
export { UserNamePrompt } from './UserNamePrompt';
