import { type AppChannels, type AppEvents, BRIDGE_EVENTS_PATH, BRIDGE_INVOKE_PATH } from '../../src-main/contract';
import type { UwApi, UwResult } from '../../src-preload/api';

/**
 * How the renderer reaches the channel table: window.uw in Electron (the preload), the HTTP
 * bridge of `uw serve --web` in a browser. Both behind the same typed UwApi; nothing else in
 * the renderer knows which one it has.
 */
export interface Transport extends UwApi<AppChannels, AppEvents> {
  kind: 'electron' | 'web';
}

const UNREACHABLE = 'The workstation server cannot be reached. Is `uw serve --web` still running?';
const NO_SESSION = 'This browser has no session of this workstation: open the link `uw serve --web` printed.';

type Listener = (payload: unknown) => void;

/**
 * The HTTP bridge: POST for calls, one server-sent-event stream (read with fetch) for events.
 * The session travels in the cookie the printed link set (HttpOnly: this page never sees the
 * secret), so every tab of this browser, a deal opened in a new one included, is let in.
 */
export function createHttpTransport(): Transport {
  const listeners = new Map<string, Set<Listener>>();
  let streaming = false;

  async function stream(): Promise<void> {
    if (streaming) return;
    streaming = true;
    let delay = 1000;
    while (listeners.size > 0) {
      try {
        const response = await fetch(BRIDGE_EVENTS_PATH, { headers: { accept: 'text/event-stream' }, cache: 'no-store', credentials: 'same-origin' });
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
      let response: Response;
      try {
        response = await fetch(BRIDGE_INVOKE_PATH, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ channel, payload: payload ?? {} }),
          cache: 'no-store',
          credentials: 'same-origin',
        });
      } catch {
        return { ok: false, error: UNREACHABLE };
      }
      if (response.status === 401) return { ok: false, error: NO_SESSION };
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
    current = createHttpTransport();
  }
  return current;
}
