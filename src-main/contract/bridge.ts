/*
 * Web mode's HTTP bridge: the paths that carry the channel table's calls and events
 * (contract/channels/), and how a request shows its per-launch session. Constants only, in a module
 * of their own: the server checks these paths on every request, and the uw command's build
 * (scripts/cli-build.mjs) then leaves the channel table's schemas out of the service's start.
 */

/** Every bridge path starts here (the session cookie is scoped to it). */
export const BRIDGE_PATH_PREFIX = '/bridge';
export const BRIDGE_INVOKE_PATH = '/bridge/invoke';
export const BRIDGE_EVENTS_PATH = '/bridge/events';
export const BRIDGE_DOWNLOAD_PATH = '/bridge/download';
/**
 * The per-launch secret of web mode: `?session=` in the link, which sets the session cookie;
 * tools may send it in this header instead.
 */
export const SESSION_HEADER = 'x-uw-session';
export const SESSION_QUERY_PARAM = 'session';
