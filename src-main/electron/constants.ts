/**
 * Names shared by the Electron main-process modules. No 'electron' import here: everything in
 * this file and in the *-policy / csp / app-files / native-binding modules is plain Node and is
 * unit-tested without Electron (test/src-main/electron).
 */

/** The privileged custom scheme the UI is served from (never file://). */
export const APP_SCHEME = 'app';
/** The one host of that scheme; anything else on app:// is refused. */
export const APP_HOST = 'workstation';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
/** What the main window loads. */
export const APP_ENTRY_URL = `${APP_ORIGIN}/index.html`;

/**
 * The one IPC channel the renderer can invoke and the one it can listen on.
 * src-preload/api.ts repeats these two strings (the preload may not import this layer);
 * test/src-main/electron/ipc-policy.test.ts checks that both sides agree.
 */
export const IPC_INVOKE_CHANNEL = 'uw:invoke';
export const IPC_EVENT_CHANNEL = 'uw:event';
