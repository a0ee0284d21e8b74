import type { GatewayContext } from '../gateway/context';
import { openReport, type OpenReportOptions, type ReportQuery } from '../gateway/cross-deal-report';
import type { MemoPdf, RenderMemoOptions, RenderMemoResult } from './memo/render';
import type { MemoData } from './memo/types';
import type { WriteReportOptions, WriteReportResult } from './types';
import { writeReportCsv } from './write-csv';

export type { ReportSource, WriteReportOptions, WriteReportResult } from './types';
export { writeReportCsv } from './write-csv';
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

/** Streams the cross-deal collateral report of a store into a CSV or XLSX file. */
export async function exportReport(
  ctx: GatewayContext,
  query: ReportQuery,
  options: Omit<WriteReportOptions, 'query'> & OpenReportOptions & { format: ReportFormat },
): Promise<WriteReportResult> {
  const { format, onSortProgress, ownConnection, ...writeOptions } = options;
  const source = await openReport(ctx, query, { onSortProgress, ownConnection });
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
