import { extname, join } from 'node:path';

export type SaveFormat = 'csv' | 'xlsx' | 'pdf' | 'zip';

/** What the export asks the save dialog for (plain; dialogs.ts shows it). */
export interface SaveRequest {
  format: SaveFormat;
  defaultPath: string;
}

const FILTERS: Record<SaveFormat, { name: string; extensions: string[] }> = {
  csv: { name: 'CSV (comma-separated values)', extensions: ['csv'] },
  xlsx: { name: 'Excel workbook', extensions: ['xlsx'] },
  pdf: { name: 'PDF document', extensions: ['pdf'] },
  zip: { name: 'Credit file (zip)', extensions: ['zip'] },
};

/** The save dialog's title: what is being exported. */
export const SAVE_TITLES: Record<SaveFormat, string> = {
  csv: 'Export cross-deal report',
  xlsx: 'Export cross-deal report',
  pdf: 'Save credit memo',
  zip: 'Save credit file',
};

export function saveDialogFilters(format: SaveFormat): { name: string; extensions: string[] }[] {
  return [FILTERS[format]];
}

/** The dialog's starting path: the suggested file name in the user's documents folder. */
export function defaultSavePath(documentsDir: string, suggestedName: string): string {
  return join(documentsDir, suggestedName.replace(/[/\\]/g, '_'));
}

/**
 * The path to write: the chosen one, with the format's extension added when the user typed a
 * name without it (some platforms' dialogs do not add it).
 */
export function withExtension(file: string, format: SaveFormat): string {
  return extname(file).toLowerCase() === `.${format}` ? file : `${file}.${format}`;
}
