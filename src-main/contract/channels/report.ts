import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import {
  CrossDealCollateralReportFilterDto,
  type CrossDealCollateralReportResponseDto,
  type CrossDealCollateralReportTotalsDto,
} from '../report';
import { Id, type Body } from './shared';

// The cross-deal report: a page of it, and its export to CSV or XLSX.

export const ReportFormat = z.enum(['csv', 'xlsx']);
export type ReportFormat = z.infer<typeof ReportFormat>;
/** Every kind of file an export writes: the report's formats, a credit memo (pdf), a credit file (zip). */
export const ExportFileFormat = z.enum(['csv', 'xlsx', 'pdf', 'zip']);
export type ExportFileFormat = z.infer<typeof ExportFileFormat>;

/** The report filter without paging: an export has every matching row. */
export const ReportExportFilter = CrossDealCollateralReportFilterDto.omit({ page: true, pageSize: true });

export const REPORT_CHANNELS = {
  'report.query': channel(CrossDealCollateralReportFilterDto).returns<Body<CrossDealCollateralReportResponseDto>>(),
  'report.export': channel(z.object({ filter: ReportExportFilter, format: ReportFormat, exportId: Id }).strict()).returns<ReportExportResult>(),
} as const satisfies Record<string, ChannelSpec>;

export type ReportExportResult =
  | { cancelled: true }
  | {
      cancelled: false;
      rows: number;
      totals: CrossDealCollateralReportTotalsDto;
      /** Where the file was written (Electron: the path chosen in the save dialog). */
      file: string;
      fileName: string;
      /** Web mode: a one-time link to download the file from. */
      downloadUrl?: string;
    };
