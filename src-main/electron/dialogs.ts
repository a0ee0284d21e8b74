import { BrowserWindow, dialog } from 'electron';
import { SAVE_TITLES, saveDialogFilters, type SaveRequest } from './save-dialog';

/** The native save dialog for an export; null when the user cancels. */
export async function showSaveDialog(request: SaveRequest): Promise<string | null> {
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const options = {
    title: SAVE_TITLES[request.format],
    defaultPath: request.defaultPath,
    filters: saveDialogFilters(request.format),
    properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
  };
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}
