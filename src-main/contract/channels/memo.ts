import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import { Id } from './shared';

// A deal's credit memo (PDF) and sealed credit file (zip), written where the host chooses.

export const MEMO_CHANNELS = {
  'deal.exportMemo': channel(z.object({ dealId: Id, exportId: Id }).strict()).returns<DealExportResult>(),
  'deal.exportCreditFile': channel(z.object({ dealId: Id, exportId: Id }).strict()).returns<DealExportResult>(),
} as const satisfies Record<string, ChannelSpec>;

/** A deal's memo or credit file, written (or the save dialog cancelled). */
export type DealExportResult =
  | { cancelled: true }
  | {
      cancelled: false;
      /** Where the file was written (Electron: the path chosen in the save dialog). */
      file: string;
      fileName: string;
      /** Web mode: a one-time link to download the file from. */
      downloadUrl?: string;
      /** The memo's pages (the memo, or the memo inside the credit file). */
      pages: number;
    };
