import type { GatewayContext } from '../gateway/context';
import { openReport, type OpenReportOptions, type ReportQuery } from '../gateway/cross-deal-report';
import type { WriteReportOptions, WriteReportResult } from './types';
import { writeReportCsv } from './write-csv';
import { writeReportXlsx } from './write-xlsx';

export type { ReportSource, WriteReportOptions, WriteReportResult } from './types';
export { writeReportCsv } from './write-csv';
export { writeReportXlsx, REPORT_SHEET, INFO_SHEET, XLSX_FORMATS } from './write-xlsx';
export { describeFilter } from './describe-filter';
export { REPORT_COLUMNS } from './columns';

export const REPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** Streams the cross-deal collateral report of a store into a CSV or XLSX file. */
export async function exportReport(
  ctx: GatewayContext,
  query: ReportQuery,
  options: Omit<WriteReportOptions, 'query'> & OpenReportOptions & { format: ReportFormat },
): Promise<WriteReportResult> {
  const { format, onSortProgress, ...writeOptions } = options;
  const source = await openReport(ctx, query, { onSortProgress });
  const write = format === 'csv' ? writeReportCsv : writeReportXlsx;
  return write(source, { ...writeOptions, query });
}
