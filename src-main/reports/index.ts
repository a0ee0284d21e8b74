import type { DealComparison } from '../contract';
import { type GatewayContext, openReport, type OpenReportOptions, type ReportQuery } from '../gateway';
import type { MemoPdf, RenderMemoOptions, RenderMemoResult } from './memo/render';
import type { MemoData } from './memo/types';
import type { WriteReportOptions, WriteReportResult } from './types';
import { writeReportCsv } from './write-csv';
import { abortable } from './abortable';

export type { ReportSource, WriteReportOptions, WriteReportResult } from './types';
export { writeReportCsv } from './write-csv';
export { abortable, isAbortOf } from './abortable';
// write-xlsx (exceljs) is imported where an XLSX is written, not here.
export { describeFilter } from './describe-filter';
export { REPORT_COLUMNS } from './columns';
// The portfolio stress (issue 14): exceljs is loaded only for an XLSX file, as for the report.
export {
  exportPortfolioStress,
  STRESS_FORMATS,
  StressRequestError,
  writePortfolioStress,
  type StressExportOptions,
  type StressExportResult,
  type StressFormat,
} from './stress-export';
export type * from './memo/types';
export type { MemoPdf, RenderMemoOptions, RenderMemoResult };

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/**
 * Streams the cross-deal collateral report of a store into a CSV or XLSX file. With a signal,
 * an abort stops it between batches (also during a computed sort's first pass) and throws the
 * signal's AbortError; the target is then left as it was (no file, or the earlier one).
 */
export async function exportReport(
  ctx: GatewayContext,
  query: ReportQuery,
  options: Omit<WriteReportOptions, 'query'> & OpenReportOptions & { format: ReportFormat; signal?: AbortSignal },
): Promise<WriteReportResult> {
  const { format, onSortProgress, ownConnection, signal, ...writeOptions } = options;
  signal?.throwIfAborted();
  const sortProgress =
    signal || onSortProgress
      ? (done: number, total: number) => {
          // The sort pass computes every row before the first is written: a cancel stops it too.
          signal?.throwIfAborted();
          onSortProgress?.(done, total);
        }
      : undefined;
  const opened = await openReport(ctx, query, { onSortProgress: sortProgress, ownConnection });
  const source = signal ? { ...opened, batches: abortable(opened.batches, signal) } : opened;
  // exceljs is a large module tree: loaded only for an XLSX export.
  const write = format === 'csv' ? writeReportCsv : (await import('./write-xlsx')).writeReportXlsx;
  return write(source, { ...writeOptions, query });
}

// The credit memo: pdfmake (pdfkit, fontkit) and the memo's layout modules are loaded on the
// first memo, not at start-up.

/** Writes the credit memo of `data` as a PDF to `options.file` (atomically). */
export async function renderMemoPdf(data: MemoData, options: RenderMemoOptions): Promise<RenderMemoResult> {
  return (await import('./memo/render')).renderMemoPdf(data, options);
}

/** The credit memo of `data` as PDF bytes (for a download, or a file inside a credit file). */
export async function renderMemoPdfBuffer(data: MemoData): Promise<MemoPdf> {
  return (await import('./memo/render')).renderMemoPdfBuffer(data);
}

// The memo's data, gathered from the gateway reads of a deal's graph (one function for all callers).
export { gatherMemoData, gatherMemoExtras, memoDataOfReads, readDealGraph, DealReadError } from './memo/gather';
export type { DealReads, GatewayHandlers, MemoExtras, RecordedRead } from './memo/gather';

// The sealed credit file: the zip library and the memo renderer are loaded when one is written or opened.
export {
  CREDIT_FILE_FORMAT,
  CreditFileError,
  dataHashOfFile,
  extrasOfFiles,
  EXTRAS_FILES,
  FIGURES_FILE,
  MANIFEST_FILE,
  MEMO_FILE,
  figuresOfReads,
  firstDifference,
  readPath,
  sha256,
  shown,
  type CreditFileManifest,
  type FigureValue,
} from './credit-file/format';
export type { CreditFile, CreditFileOptions, CreditFilePhase } from './credit-file/write';
export type { OpenedCreditFile } from './credit-file/open';
export type { LoadRecordedReads, VerifyOptions, VerifyResult } from './credit-file/verify';

/** The credit file of a deal as zip bytes; null when no such deal exists. */
export async function buildCreditFile(...args: Parameters<typeof import('./credit-file/write').buildCreditFile>) {
  return (await import('./credit-file/write')).buildCreditFile(...args);
}

/** Writes a deal's credit file atomically; null when no such deal exists. */
export async function writeCreditFile(...args: Parameters<typeof import('./credit-file/write').writeCreditFile>) {
  return (await import('./credit-file/write')).writeCreditFile(...args);
}

/** Opens a credit file and checks every hash of its manifest (a CreditFileError names the first problem). */
export async function openCreditFile(bytes: Buffer): Promise<import('./credit-file/open').OpenedCreditFile> {
  return (await import('./credit-file/open')).openCreditFile(bytes);
}

/**
 * Checks a credit file's seal, then recomputes every figure from its reads with this engine;
 * `options.load` puts the reads into the scratch store (sync's `replayDealReads`).
 */
export async function verifyCreditFile(
  bytes: Buffer,
  options: import('./credit-file/verify').VerifyOptions,
): Promise<import('./credit-file/verify').VerifyResult> {
  return (await import('./credit-file/verify')).verifyCreditFile(bytes, options);
}

/** Writes a deal comparison (issue 15) as an XLSX workbook; exceljs is loaded on the first one. */
export async function writeDealComparison(comparison: DealComparison, file: string, producedAt: Date): Promise<void> {
  return (await import('./deal-comparison-xlsx')).writeDealComparisonXlsx(comparison, file, producedAt);
}
