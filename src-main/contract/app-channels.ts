import { z } from 'zod';
import { UpdateDealsRequestDto, type UpdateDealsResponseDto } from './bulk-update';
import type { CollateralCashFlowResponseDto } from './cash-flow';
import type { CollateralSummaryResponseDto } from './collateral';
import type {
  CommercialComponentInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryResponseDto,
  HotelComponentInfoResponseDto,
  ResidentialComponentInfoResponseDto,
} from './component';
import { CreateCommercialDealDto, CreateHotelDealDto, CreateResidentialDealDto, type CreateResponseDto } from './create-deal';
import type { DealIdsResponseDto, SeedInfoResponseDto } from './deal';
import type { AssetType, DealState, LoanType, Priority } from './enums';
import type { ErrorDto } from './error';
import type { DealFundsInfoResponseDto } from './funds';
import { ImportCollateralsRequestDto, type ImportReportResponseDto, type ImportResponseDto } from './import';
import type { CompanyInfoResponseDto, PersonInfoResponseDto } from './party';
import type { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from './rent-roll';
import {
  CrossDealCollateralReportFilterDto,
  type CrossDealCollateralReportResponseDto,
  type CrossDealCollateralReportTotalsDto,
} from './report';
import { DayCount, DscrNumerator, type SystemConfig, type UnderwritingSettings } from './system-config';

/*
 * The workstation's channel table, as the renderer and the preload see it: every operation the
 * UI can ask the main process for, its input schema (validated again on entry by src-main/app)
 * and its result type. No Node or Electron code: the preload and the renderer import this file.
 *
 * Two transports carry the same calls: Electron IPC (window.uw, src-preload) and, in web mode,
 * the HTTP bridge (POST BRIDGE_INVOKE_PATH with the per-launch session in SESSION_HEADER, events
 * over BRIDGE_EVENTS_PATH as server-sent events).
 */

/** What every call answers: never a thrown error across a transport. */
export type InvokeResult<T = unknown> = { ok: true; value: T } | { ok: false; error: string; details?: unknown };

/** Why a call failed, in `details` of a failed InvokeResult (a gateway ErrorDto, or input issues). */
export interface CallErrorDetails {
  /** The core's error code (MissingEntity, ValidationError, Duplicated, ...), or 'InvalidInput'. */
  code: string;
  /** The field or parameter that caused it (dotted path), when known. */
  target?: string;
  /** The gateway's ErrorDto, when the gateway refused the call. */
  error?: ErrorDto;
  /** Input validation issues: one per offending field. */
  issues?: { path: string; message: string }[];
}

// --- web-mode bridge --------------------------------------------------------------------------

export const BRIDGE_INVOKE_PATH = '/bridge/invoke';
export const BRIDGE_EVENTS_PATH = '/bridge/events';
export const BRIDGE_DOWNLOAD_PATH = '/bridge/download';
/** The per-launch secret of web mode: `?session=` in the link, then this header on every bridge call. */
export const SESSION_HEADER = 'x-uw-session';
export const SESSION_QUERY_PARAM = 'session';

// --- inputs -----------------------------------------------------------------------------------

const Id = z.string().min(1).max(200);
const Empty = z.object({}).strict();
const byId = z.object({ id: Id }).strict();
const byDealId = z.object({ dealId: Id }).strict();

export const ReportFormat = z.enum(['csv', 'xlsx']);
export type ReportFormat = z.infer<typeof ReportFormat>;

/** The report filter without paging: an export has every matching row. */
export const ReportExportFilter = CrossDealCollateralReportFilterDto.omit({ page: true, pageSize: true });

/** Largest import file accepted (base64 of up to 25 MB). */
export const MAX_IMPORT_FILE_BYTES = 25 * 1024 * 1024;

export const APP_CHANNEL_INPUTS = {
  // app, first run and settings
  'app.info': Empty,
  'app.initialize': z
    .object({ choice: z.enum(['demo', 'empty']), demoDeals: z.int().min(1).max(20_000).optional() })
    .strict(),
  'settings.get': Empty,
  'settings.set': z.object({ dayCount: DayCount.optional(), dscrNumerator: DscrNumerator.optional() }).strict(),

  // pipeline
  'deals.ids': Empty,
  'deals.pipeline': Empty,
  'deals.prioritizeFigures': z.object({ ids: z.array(Id).max(1000) }).strict(),

  // reads of one deal's graph (one per API endpoint)
  'deal.info': byId,
  'deal.funds': byDealId,
  'deal.collateralSummary': byDealId,
  'deal.componentSummary': byDealId,
  'collateral.componentSummary': z.object({ collateralId: Id }).strict(),
  'collateral.cashFlow': byId,
  'component.base': byId,
  'component.commercial': byId,
  'component.residential': byId,
  'component.hotel': byId,
  'rentRoll.residential': byId,
  'rentRoll.commercial': byId,
  /** socialSecurityNumber comes back masked to its last four digits. */
  'person.info': byId,
  /** The full social security number, asked for on purpose (a click on "Reveal"); never logged. */
  'person.revealSsn': byId,
  'company.info': byId,

  // writes
  'deals.bulkUpdate': UpdateDealsRequestDto,
  'deals.createResidential': CreateResidentialDealDto,
  'deals.createCommercial': CreateCommercialDealDto,
  'deals.createHotel': CreateHotelDealDto,

  // collateral import
  'import.parseFile': z
    .object({
      fileName: z.string().min(1).max(260),
      contentBase64: z.string().max(Math.ceil((MAX_IMPORT_FILE_BYTES * 4) / 3) + 4),
    })
    .strict(),
  'import.send': ImportCollateralsRequestDto,
  'import.report': z.object({ reportId: Id }).strict(),

  // cross-deal report
  'report.query': CrossDealCollateralReportFilterDto,
  'report.export': z.object({ filter: ReportExportFilter, format: ReportFormat, exportId: Id }).strict(),
} as const satisfies Record<string, z.ZodType>;

export type AppChannelName = keyof typeof APP_CHANNEL_INPUTS;
export const APP_CHANNEL_NAMES = Object.keys(APP_CHANNEL_INPUTS) as AppChannelName[];

// --- results ----------------------------------------------------------------------------------

/** The gateway's success body, without the envelope (errors come back as failed InvokeResults). */
export type Body<T> = Omit<T, 'success' | 'error'>;

export interface AppInfo {
  mode: 'electron' | 'web';
  version: string;
  dataDir: string;
  dealCount: number;
  /** A new data directory: offer the demo portfolio or an empty start. */
  firstRun: boolean;
}

export interface SettingsView {
  underwriting: UnderwritingSettings;
  dataDir: string;
  /** The configurable sets behind Status, ProfileName, custom fields, sub-types, value bases. */
  config: SystemConfig;
}

/** One row of the deals pipeline. Figures are null until computed (see PipelineResult.pending). */
export interface PipelineRow {
  id: string;
  seedName: string;
  loanId: string | null;
  state: DealState;
  status: string | null;
  priority: Priority | null;
  owner: string;
  loanType: LoanType;
  propertyType: AssetType;
  grossLoan: number;
  riskRating: string | null;
  /** Note rate, a decimal. */
  interestRate: number;
  /** Annual debt service, USD. */
  debtService: number | null;
  /** A multiple. */
  dscr: number | null;
  /** A percentage (10.5 = 10.5 %). */
  debtYield: number | null;
  /** A decimal. */
  ltv: number | null;
}

export interface PipelineResult {
  rows: PipelineRow[];
  /** Deals whose figures are still being computed in the background. */
  pending: number;
}

export interface ParsedImportFile {
  fileName: string;
  format: 'csv' | 'xlsx';
  headers: string[];
  /** Every data row, one string per header (empty string for an empty cell). */
  rows: string[][];
  /** The sheet read, for XLSX. */
  sheet?: string;
}

export type ReportExportResult =
  | { cancelled: true }
  | {
      cancelled: false;
      rows: number;
      totals: CrossDealCollateralReportTotalsDto;
      /** Where the file was written (Electron: the path chosen in the save dialog). */
      file: string;
      fileName: string;
      /** Web mode: fetch the file from here (with the session header) to download it. */
      downloadUrl?: string;
    };

export interface AppChannelOutputs {
  'app.info': AppInfo;
  'app.initialize': AppInfo;
  'settings.get': SettingsView;
  'settings.set': SettingsView;
  'deals.ids': Body<DealIdsResponseDto>;
  'deals.pipeline': PipelineResult;
  'deals.prioritizeFigures': { queued: number };
  'deal.info': Body<SeedInfoResponseDto>;
  'deal.funds': Body<DealFundsInfoResponseDto>;
  'deal.collateralSummary': Body<CollateralSummaryResponseDto>;
  'deal.componentSummary': Body<ComponentSummaryResponseDto>;
  'collateral.componentSummary': Body<ComponentSummaryResponseDto>;
  'collateral.cashFlow': Body<CollateralCashFlowResponseDto>;
  'component.base': Body<ComponentInfoResponseDto>;
  'component.commercial': Body<CommercialComponentInfoResponseDto>;
  'component.residential': Body<ResidentialComponentInfoResponseDto>;
  'component.hotel': Body<HotelComponentInfoResponseDto>;
  'rentRoll.residential': Body<ResidentialRentRollInfoResponseDto>;
  'rentRoll.commercial': Body<CommercialRentRollInfoResponseDto>;
  'person.info': Body<PersonInfoResponseDto>;
  'person.revealSsn': { socialSecurityNumber: string | null };
  'company.info': Body<CompanyInfoResponseDto>;
  'deals.bulkUpdate': Body<UpdateDealsResponseDto>;
  'deals.createResidential': Body<CreateResponseDto>;
  'deals.createCommercial': Body<CreateResponseDto>;
  'deals.createHotel': Body<CreateResponseDto>;
  'import.parseFile': ParsedImportFile;
  'import.send': Body<ImportResponseDto>;
  'import.report': Body<ImportReportResponseDto>;
  'report.query': Body<CrossDealCollateralReportResponseDto>;
  'report.export': ReportExportResult;
}

/** channel -> what the renderer sends (defaults not yet applied) and what it gets back. */
export type AppChannels = {
  [K in AppChannelName]: { input: z.input<(typeof APP_CHANNEL_INPUTS)[K]>; output: AppChannelOutputs[K] };
};
export type ChannelInput<K extends AppChannelName> = AppChannels[K]['input'];
export type ChannelOutput<K extends AppChannelName> = AppChannels[K]['output'];

// --- events -----------------------------------------------------------------------------------

export type AppEvents = {
  /** Background computation of the pipeline's figures. */
  'pipeline.progress': { done: number; total: number };
  /** The store changed through a channel (a bulk update, a create, an import): refetch. */
  'data.changed': { dealIds: string[] | null };
  /** Progress of report.export, by the exportId the call carried. */
  'report.exportProgress': { exportId: string; phase: 'preparing' | 'writing' | 'done' | 'failed'; done: number; total: number };
  /** Filling a new data directory with the demo portfolio. */
  'app.seedProgress': { done: number; total: number };
  /** A native menu item (Electron): go to a screen or run a command. */
  'menu.command': { command: MenuCommand };
};
export type AppEventName = keyof AppEvents;

export const MENU_COMMANDS = ['go.pipeline', 'go.report', 'go.import', 'go.settings', 'pipeline.search', 'theme.toggle', 'report.export'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];
