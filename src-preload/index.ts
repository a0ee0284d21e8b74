/**
 * Sandboxed preload (built as CommonJS: out/preload/index.cjs). Exposes exactly one object,
 * window.uw, through contextBridge. The main process re-validates everything it receives
 * (sender frame + zod), so the checks here only keep mistakes from crossing the bridge.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL, type ChannelMap, type EventMap, type UwApi, type UwRequest, type UwResult } from './api';

function isEventMessage(message: unknown): message is { event: string; payload: unknown } {
  return typeof message === 'object' && message !== null && typeof (message as { event?: unknown }).event === 'string';
}

// Untyped here: the main process validates every payload; the renderer sees the typed UwApi.
const api: UwApi<ChannelMap, EventMap> = {
  invoke(channel: string, payload?: unknown): Promise<UwResult<unknown>> {
    if (typeof channel !== 'string') return Promise.reject(new TypeError('uw.invoke: channel must be a string'));
    const request: UwRequest = { channel, payload };
    return ipcRenderer.invoke(INVOKE_CHANNEL, request) as Promise<UwResult<unknown>>;
  },
  on(event: string, listener: (payload: unknown) => void): () => void {
    if (typeof event !== 'string') throw new TypeError('uw.on: event must be a string');
    if (typeof listener !== 'function') throw new TypeError('uw.on: listener must be a function');
    // The IpcRendererEvent (which carries `sender`, i.e. ipcRenderer) is never passed on.
    const handler = (_event: IpcRendererEvent, message: unknown): void => {
      if (isEventMessage(message) && message.event === event) listener(message.payload);
    };
    ipcRenderer.on(EVENT_CHANNEL, handler);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, handler);
    };
  },
};

contextBridge.exposeInMainWorld('uw', Object.freeze(api));
