import { InvokeRequest, type InvokeResult } from '../contract';
import { isAppUrl } from './navigation-policy';

/**
 * The IPC seam between the preload's window.uw.invoke(channel, payload) and the channel table.
 *
 * One Electron channel ('uw:invoke') carries { channel, payload }. The main process checks the
 * sender frame (only the app:// UI may call), validates the envelope (the contract's
 * InvokeRequest, the web bridge's too), then hands the
 * call to a ChannelDispatcher. Today the dispatcher answers 'unknown channel' for everything;
 * src-main/app (the channel table, shared with the web-mode HTTP bridge) will provide the real
 * one, validating each channel's payload with its own zod schema, and src-main/index.ts passes
 * it to startElectronApp({ dispatch }).
 */

export type { InvokeRequest, InvokeResult } from '../contract';

export interface InvokeContext {
  /** URL of the frame that sent the call (already checked to be app://workstation/...). */
  senderUrl: string;
}

export type ChannelDispatcher = (channel: string, payload: unknown, context: InvokeContext) => Promise<InvokeResult>;

/** Until the channel table exists every channel is unknown. */
export const unknownChannelDispatcher: ChannelDispatcher = () =>
  Promise.resolve({ ok: false, error: 'unknown channel' });

/**
 * Only the top-level app:// document may use IPC: not a subframe (there are none, but an
 * injected iframe must not be able to call in), not a page that navigated elsewhere.
 */
export function isTrustedSender(frameUrl: unknown, isMainFrame = true): boolean {
  return isMainFrame && isAppUrl(frameUrl);
}

export interface InvokeSender {
  /** event.senderFrame?.url; undefined when the frame is gone. */
  frameUrl: string | undefined;
  /** event.senderFrame === event.sender.mainFrame */
  isMainFrame: boolean;
}

/**
 * Everything ipcMain.handle('uw:invoke') does, minus Electron: check the sender, validate the
 * envelope, dispatch, and never let an exception (or its stack) cross into the renderer.
 */
export async function handleInvoke(
  sender: InvokeSender,
  request: unknown,
  dispatch: ChannelDispatcher = unknownChannelDispatcher,
  log: (message: string, error?: unknown) => void = defaultLog,
): Promise<InvokeResult> {
  if (!isTrustedSender(sender.frameUrl, sender.isMainFrame)) {
    log(`refused IPC from untrusted sender ${String(sender.frameUrl)}`);
    return { ok: false, error: 'untrusted sender' };
  }
  const parsed = InvokeRequest.safeParse(request);
  if (!parsed.success) {
    return { ok: false, error: 'invalid request', details: parsed.error.issues.map((i) => i.path.join('.') || i.message) };
  }
  try {
    return await dispatch(parsed.data.channel, parsed.data.payload, { senderUrl: sender.frameUrl as string });
  } catch (error) {
    log(`IPC channel ${parsed.data.channel} failed`, error);
    return { ok: false, error: 'internal error' };
  }
}

/** The one event envelope sent on 'uw:event'. */
export interface EventMessage {
  event: string;
  payload: unknown;
}

function defaultLog(message: string, error?: unknown): void {
  if (error === undefined) console.warn(`[uw] ${message}`);
  else console.error(`[uw] ${message}:`, error);
}
