import type { CrossDealCollateralReportRowDto, CrossDealCollateralReportTotalsDto } from '../contract';
import type { ReportQuery } from '../gateway';

/** Rows to write, in order, in batches, and how many are expected (for progress). */
export interface ReportSource {
  totalRows: number;
  batches: AsyncIterable<readonly CrossDealCollateralReportRowDto[]>;
  /** Each deal's rows come one after another, so totals need not remember every deal. */
  dealRowsAdjacent?: boolean;
}

export interface WriteReportOptions {
  /** The target file; written through a temporary file next to it. */
  file: string;
  /** The filter the rows were selected with, stated in the file where the format allows. */
  query: ReportQuery;
  /** Called with rows written so far and the expected total (every PROGRESS_EVERY rows and at the end). */
  onProgress?: (done: number, total: number) => void;
  /** Clock for the "produced at" stamp. */
  now?: () => Date;
}

export interface WriteReportResult {
  file: string;
  rows: number;
  totals: CrossDealCollateralReportTotalsDto;
}

export const PROGRESS_EVERY = 1000;
