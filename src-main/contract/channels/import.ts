import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import { ImportCollateralsRequestDto, type ImportReportResponseDto, type ImportResponseDto } from '../import';
import { Empty, Id, type Body } from './shared';

// The collateral import: a file read, sent, its report; the deals it names; its template.

/** Largest import file accepted (base64 of up to 25 MB). */
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;
/** Distinct deal references one import.findDeals call may send (a file's rows name at most this many deals). */
export const MAX_IMPORT_REFERENCES = 100_000;

/** Where the import template was written (web mode: a one-time download link). */
export type ImportTemplateResult =
  | { cancelled: true }
  | { cancelled: false; file: string; fileName: string; columns: number; downloadUrl?: string };

/** What an import file may name a deal by: its id, its loan id or its name. */
export interface ImportDealRef {
  id: string;
  loanId: string | null;
  seedName: string;
}

export const IMPORT_CHANNELS = {
  'import.parseFile': channel(
    z
      .object({
        fileName: z.string().min(1).max(260),
        contentBase64: z.string().max(Math.ceil((MAX_IMPORT_FILE_BYTES * 4) / 3) + 4),
      })
      .strict(),
  ).returns<ParsedImportFile>(),
  'import.send': channel(ImportCollateralsRequestDto).returns<Body<ImportResponseDto>>(),
  'import.report': channel(z.object({ reportId: Id }).strict()).returns<Body<ImportReportResponseDto>>(),
  /** The import's template (a CSV of every column the import reads, with an example row), saved where the user chooses. */
  'import.template': channel(Empty).returns<ImportTemplateResult>(),
  /** The deals a file's references may name: id equal, or loan id or name equal ignoring case (not every deal: a book may hold 50,000). */
  'import.findDeals': channel(z.object({ references: z.array(z.string().max(500)).max(MAX_IMPORT_REFERENCES) }).strict()).returns<{ deals: ImportDealRef[] }>(),
} as const satisfies Record<string, ChannelSpec>;

export interface ParsedImportFile {
  fileName: string;
  format: 'csv' | 'xlsx';
  headers: string[];
  /** Every data row, one string per header (empty string for an empty cell). */
  rows: string[][];
  /** The sheet read, for XLSX. */
  sheet?: string;
}
