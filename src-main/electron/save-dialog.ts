import { extname, join } from 'node:path';

/** What the export asks the save dialog for (plain; dialogs.ts shows it). */
export interface SaveRequest {
  format: 'csv' | 'xlsx';
  defaultPath: string;
}

export function saveDialogFilters(format: 'csv' | 'xlsx'): { name: string; extensions: string[] }[] {
  return format === 'csv'
    ? [{ name: 'CSV (comma-separated values)', extensions: ['csv'] }]
    : [{ name: 'Excel workbook', extensions: ['xlsx'] }];
}

/** The dialog's starting path: the suggested file name in the user's documents folder. */
export function defaultSavePath(documentsDir: string, suggestedName: string): string {
  return join(documentsDir, suggestedName.replace(/[/\\]/g, '_'));
}

/**
 * The path to write: the chosen one, with the format's extension added when the user typed a
 * name without it (some platforms' dialogs do not add it).
 */
export function withExtension(file: string, format: 'csv' | 'xlsx'): string {
  return extname(file).toLowerCase() === `.${format}` ? file : `${file}.${format}`;
}
