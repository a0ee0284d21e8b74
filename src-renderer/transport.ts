import {
  BRIDGE_EVENTS_PATH,
  BRIDGE_INVOKE_PATH,
  SESSION_HEADER,
  SESSION_QUERY_PARAM,
  type AppChannels,
  type AppEvents,
} from '../src-main/contract/app-channels';
import type { UwApi, UwResult } from '../src-preload/api';

/**
 * How the renderer reaches the channel table: window.uw in Electron (the preload), the HTTP
 * bridge of `uw serve --web` in a browser. Both behind the same typed UwApi; nothing else in
 * the renderer knows which one it has.
 */
export interface Transport extends UwApi<AppChannels, AppEvents> {
  kind: 'electron' | 'web';
}

const SESSION_STORAGE_KEY = 'uw.session';

/**
 * The web-mode session: from `?session=` of the link the server printed (then removed from the
 * address bar, so it is not bookmarked, shared or shown), or from this tab's sessionStorage
 * after a reload.
 */
export function takeSession(location: Location, history: History, storage: Storage | undefined): string | null {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get(SESSION_QUERY_PARAM);
  if (fromUrl) {
    try {
      storage?.setItem(SESSION_STORAGE_KEY, fromUrl);
    } catch {
      // storage disabled: the session lives in memory only for this page
    }
    params.delete(SESSION_QUERY_PARAM);
    const search = params.toString();
    history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}${location.hash}`);
    return fromUrl;
  }
  try {
    return storage?.getItem(SESSION_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

const UNREACHABLE = 'The workstation server cannot be reached. Is `uw serve --web` still running?';

type Listener = (payload: unknown) => void;

/** The HTTP bridge: POST for calls, one server-sent-event stream (read with fetch, to send the header) for events. */
export function createHttpTransport(session: string | null): Transport {
  const listeners = new Map<string, Set<Listener>>();
  let streaming = false;

  async function stream(): Promise<void> {
    if (streaming || session === null) return;
    streaming = true;
    let delay = 1000;
    while (listeners.size > 0) {
      try {
        const response = await fetch(BRIDGE_EVENTS_PATH, { headers: { [SESSION_HEADER]: session, accept: 'text/event-stream' }, cache: 'no-store' });
        if (response.status === 401 || !response.body) break;
        delay = 1000;
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data: '))
              .map((line) => line.slice(6))
              .join('\n');
            if (!data) continue;
            try {
              const message = JSON.parse(data) as { event: string; payload: unknown };
              for (const listener of listeners.get(message.event) ?? []) listener(message.payload);
            } catch {
              // a malformed event is dropped
            }
          }
        }
      } catch {
        // the server went away: retry below
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
      delay = Math.min(delay * 2, 15_000);
    }
    streaming = false;
  }

  const transport: Transport = {
    kind: 'web',
    async invoke(channel, payload) {
      if (session === null) {
        return { ok: false, error: 'Open the workstation with the link `uw serve --web` printed (it carries the session).' };
      }
      let response: Response;
      try {
        response = await fetch(BRIDGE_INVOKE_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [SESSION_HEADER]: session },
          body: JSON.stringify({ channel, payload: payload ?? {} }),
          cache: 'no-store',
        });
      } catch {
        return { ok: false, error: UNREACHABLE };
      }
      try {
        return (await response.json()) as UwResult<never>;
      } catch {
        return { ok: false, error: `The server answered ${response.status} ${response.statusText}.` };
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener);
      void stream();
      return () => {
        set.delete(listener as Listener);
        if (set.size === 0) listeners.delete(event);
      };
    },
  };
  return transport;
}

let current: Transport | null = null;

/** The transport of this page (created once). */
export function transport(): Transport {
  if (current) return current;
  if (window.uw) {
    const uw = window.uw as unknown as UwApi<AppChannels, AppEvents>;
    current = { kind: 'electron', invoke: uw.invoke.bind(uw), on: uw.on.bind(uw) };
  } else {
    current = createHttpTransport(takeSession(window.location, window.history, window.sessionStorage));
  }
  return current;
}
