import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_CHANNEL } from './constants';
import { handleInvoke, type ChannelDispatcher, type EventMessage } from './ipc-policy';

/**
 * The one invoke handler. Sender checks, envelope validation and error containment live in
 * ipc-policy.ts (tested without Electron); this only adapts Electron's event to them.
 */
export function registerIpc(dispatch: ChannelDispatcher): () => void {
  ipcMain.handle(IPC_INVOKE_CHANNEL, (event: IpcMainInvokeEvent, request: unknown) => {
    const frame = event.senderFrame;
    return handleInvoke(
      { frameUrl: frame?.url, isMainFrame: frame !== null && frame === event.sender.mainFrame },
      request,
      dispatch,
    );
  });
  return () => ipcMain.removeHandler(IPC_INVOKE_CHANNEL);
}

/** Push an event (sync progress, conflicts, ...) to a window over the one event channel. */
export function sendEvent(contents: WebContents, event: string, payload: unknown): void {
  if (contents.isDestroyed()) return;
  const message: EventMessage = { event, payload };
  contents.send(IPC_EVENT_CHANNEL, message);
}
