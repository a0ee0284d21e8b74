/** The sync feature: the sync screen, its outbox, and the header's sync badge. */
export { SyncScreen } from './SyncScreen';
export { SyncBadge } from './SyncBadge';
