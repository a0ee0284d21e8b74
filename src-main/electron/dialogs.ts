import { BrowserWindow, dialog } from 'electron';
import { saveDialogFilters, type SaveRequest } from './save-dialog';

/** The native save dialog for an export; null when the user cancels. */
export async function showSaveDialog(request: SaveRequest): Promise<string | null> {
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const options = {
    title: 'Export cross-deal report',
    defaultPath: request.defaultPath,
    filters: saveDialogFilters(request.format),
    properties: ['createDirectory', 'showOverwriteConfirmation'] as ('createDirectory' | 'showOverwriteConfirmation')[],
  };
  const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
  return result.canceled || !result.filePath ? null : result.filePath;
}
