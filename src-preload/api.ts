/**
 * The renderer-facing API the preload exposes as `window.uw`. Types and two constants only:
 * no 'electron' import, so the renderer (and tests) can import this file.
 *
 * One invoke channel and one event channel cross the bridge, nothing raw: the renderer never
 * sees ipcRenderer, IpcRendererEvent or Node objects.
 */

import type { AppChannels, AppEvents, InvokeRequest, InvokeResult } from '../src-main/contract';

/** Must equal IPC_INVOKE_CHANNEL / IPC_EVENT_CHANNEL in src-main/electron/constants.ts (tested). */
export const INVOKE_CHANNEL = 'uw:invoke';
export const EVENT_CHANNEL = 'uw:event';

/** What a call answers: the contract's InvokeResult, the same over IPC and web mode's bridge. */
export type UwResult<T> = InvokeResult<T>;
/** What a call sends over 'uw:invoke': the contract's InvokeRequest, which the main process checks. */
export type UwRequest = InvokeRequest;

/** channel name -> its payload and its result. */
export type ChannelMap = Record<string, { input: unknown; output: unknown }>;
/** event name -> its payload. */
export type EventMap = Record<string, unknown>;

/**
 * The channel table's types, published in src-main/contract (the only main-process layer the
 * preload and the renderer may import; types only, so nothing of it is bundled here).
 */
export type UwChannels = AppChannels;
export type UwEvents = AppEvents;

export interface UwApi<C extends ChannelMap = UwChannels, E extends EventMap = UwEvents> {
  /** Calls one operation of the channel table; never rejects for an application error. */
  invoke<K extends keyof C & string>(channel: K, payload?: C[K]['input']): Promise<UwResult<C[K]['output']>>;
  /** Subscribes to one event; returns the unsubscribe function. */
  on<K extends keyof E & string>(event: K, listener: (payload: E[K]) => void): () => void;
}
