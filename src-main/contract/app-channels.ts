import { z } from 'zod';
import {
  Scenario,
  SizeLoanRequestDto,
  StressDealRequestDto,
  StressPortfolioRequestDto,
  type CreditPolicyProfilesDto,
  type SizeLoanResponseDto,
  type StressDealResponseDto,
  type StressPortfolioResponseDto,
  type StressScenarioDefinition,
} from './analysis';
import { UpdateDealItemDto, UpdateDealsRequestDto, type UpdateDealsResponseDto } from './bulk-update';
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
import { channel, inputSchemas, type ChannelSpec, type SpecOutput } from './channel';
import { DEAL_CHANNELS } from './deal-channels';
import type { AssetType, DealState, LoanType, Priority } from './enums';
import type { ErrorDto } from './error';
import { DealHistoryFilter, EditSource, NoteText, type DealHistoryEntry, type DealNote } from './history';
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
 * UI can ask the main process for, defined once with its input schema (validated again on entry
 * by src-main/app) and its result type (channel.ts). No Node or Electron code: the preload and the renderer import this file.
 *
 * Two transports carry the same calls: Electron IPC (window.uw, src-preload) and, in web mode,
 * the HTTP bridge (POST BRIDGE_INVOKE_PATH with the per-launch session in its cookie or in
 * SESSION_HEADER, events over BRIDGE_EVENTS_PATH as server-sent events).
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

// --- web-mode bridge (constants in bridge.ts, which the server imports without this table) ----

export {
  BRIDGE_DOWNLOAD_PATH,
  BRIDGE_EVENTS_PATH,
  BRIDGE_INVOKE_PATH,
  BRIDGE_PATH_PREFIX,
  SESSION_HEADER,
  SESSION_QUERY_PARAM,
} from './bridge';

// --- inputs -----------------------------------------------------------------------------------

const Id = z.string().min(1).max(200);
const Empty = z.object({}).strict();
const byId = z.object({ id: Id }).strict();
const byDealId = z.object({ dealId: Id }).strict();

export const ReportFormat = z.enum(['csv', 'xlsx']);
export type ReportFormat = z.infer<typeof ReportFormat>;
/** Every kind of file an export writes: the report's formats, a credit memo (pdf), a credit file (zip). */
export const ExportFileFormat = z.enum(['csv', 'xlsx', 'pdf', 'zip']);
export type ExportFileFormat = z.infer<typeof ExportFileFormat>;

/** The report filter without paging: an export has every matching row. */
export const ReportExportFilter = CrossDealCollateralReportFilterDto.omit({ page: true, pageSize: true });

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

// --- the pipeline, a page at a time (issue 17) -----------------------------------------------

/** The pipeline columns a user can sort by. */
export const PipelineSortKey = z.enum([
  'seedName',
  'state',
  'status',
  'priority',
  'owner',
  'loanType',
  'propertyType',
  'grossLoan',
  'interestRate',
  'dscr',
  'debtYield',
  'ltv',
  'riskRating',
]);
export type PipelineSortKey = z.infer<typeof PipelineSortKey>;

const FilterValues = z.array(z.string().max(200)).max(1000).default([]);

/**
 * Which deals the pipeline shows, in which order: each list keeps deals with any of its values
 * (an empty list keeps all); every word of `search` must be in the deal's name, loan id, owner,
 * status, state, property or loan type, or one of its collaterals' addresses (any case).
 */
export const PipelineQuery = z
  .object({
    sort: z.object({ key: PipelineSortKey, direction: z.enum(['asc', 'desc']) }).strict().nullable().default(null),
    filter: z
      .object({
        states: FilterValues,
        statuses: FilterValues,
        propertyTypes: FilterValues,
        loanTypes: FilterValues,
        owners: FilterValues,
        riskRatings: FilterValues,
        priorities: FilterValues,
      })
      .strict()
      .default({ states: [], statuses: [], propertyTypes: [], loanTypes: [], owners: [], riskRatings: [], priorities: [] }),
    search: z.string().max(500).default(''),
  })
  .strict();
export type PipelineQuery = z.input<typeof PipelineQuery>;

/** Most rows one pipeline.page answers. */
export const PIPELINE_PAGE_LIMIT = 500;

/** One page of the pipeline: `rows` from `offset` on, `total` deals in the query, `all` in the store. */
export interface PipelinePage {
  offset: number;
  total: number;
  all: number;
  rows: PipelineRow[];
  /** Deals of the store whose figures are still being computed (sorted last by a figure column meanwhile). */
  pending: number;
}

/** The ids of the deals of a query (or of a range of it), in its order, with each one's state (an index into `states`). */
export interface PipelineIds {
  ids: string[];
  states: DealState[];
  stateOf: number[];
}

/** The values the pipeline's filter pickers offer: those the store holds. */
export interface PipelineFacets {
  states: DealState[];
  statuses: string[];
  propertyTypes: AssetType[];
  loanTypes: LoanType[];
  owners: string[];
  riskRatings: string[];
}

// --- column choices ---------------------------------------------------------------------------

/** The tables whose columns the user chooses and sizes. */
export const ColumnTable = z.enum(['pipeline', 'report']);
export type ColumnTable = z.infer<typeof ColumnTable>;

const ColumnKey = z.string().min(1).max(64);
/** A table's columns as the user left them: those hidden, and widths in CSS pixels of those resized. */
export const ColumnPrefs = z
  .object({
    hidden: z.array(ColumnKey).max(200),
    widths: z.record(ColumnKey, z.int().min(24).max(2000)),
  })
  .strict();
export type ColumnPrefs = z.infer<typeof ColumnPrefs>;

// --- sync inputs ------------------------------------------------------------------------------

/** An http(s) URL without credentials, query or fragment (the platform's base_url or auth_url). */
export const SyncUrl = z
  .string()
  .trim()
  .min(1, 'Enter the address of the platform.')
  .max(2000)
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '' && url.search === '' && url.hash === '';
  }, 'An http:// or https:// address, without user, query or fragment.');

export const SYNC_INTERVAL_MINUTES = { min: 1, max: 24 * 60, default: 15 } as const;

export const SyncConfigureInput = z
  .object({
    baseUrl: SyncUrl,
    /** The token server, when it is not the platform's own origin; null or omitted: the origin. */
    authUrl: SyncUrl.nullable().optional(),
    clientId: z.string().trim().min(1, 'Enter the client id.').max(200),
    /** A new client secret to keep (omitted: keep the stored one). Never returned, never logged. */
    secret: z.string().min(1).max(1024).optional(),
    /** Forget the stored secret. */
    clearSecret: z.boolean().optional(),
    /** Background sync while connected. */
    autoSync: z.boolean().optional(),
    intervalMinutes: z.int().min(SYNC_INTERVAL_MINUTES.min).max(SYNC_INTERVAL_MINUTES.max).optional(),
  })
  .strict();
export type SyncConfigureInput = z.infer<typeof SyncConfigureInput>;

/** Test the saved connection, or the values of the form (a secret omitted: the stored one). */
export const SyncTestInput = z
  .object({
    baseUrl: SyncUrl.optional(),
    authUrl: SyncUrl.nullable().optional(),
    clientId: z.string().trim().min(1).max(200).optional(),
    secret: z.string().min(1).max(1024).optional(),
  })
  .strict();
export type SyncTestInput = z.infer<typeof SyncTestInput>;

export const SyncMode = z.enum(['full', 'pull-only', 'push-only']);
export type SyncMode = z.infer<typeof SyncMode>;
export const SyncRunInput = z.object({ mode: SyncMode.optional() }).strict();
export type SyncRunInput = z.infer<typeof SyncRunInput>;

export const SyncOutboxRowInput = z.object({ id: z.int().positive() }).strict();
export type SyncOutboxRowInput = z.infer<typeof SyncOutboxRowInput>;

// --- analysis inputs (issue 14) -------------------------------------------------------------

/** A custom stress scenario kept in the data directory: a Scenario that has a name. */
export const SavedScenario = Scenario.refine((s) => s.name !== undefined && s.name.length > 0, {
  message: 'Name the scenario.',
  path: ['name'],
});
export type SavedScenario = z.infer<typeof SavedScenario>;

/** Most custom scenarios one data directory keeps. */
export const MAX_SAVED_SCENARIOS = 50;

/** The portfolio stress request without paging: an export has every row. */
export const StressExportRequest = StressPortfolioRequestDto.omit({ page: true, pageSize: true });

export const APP_CHANNELS = {
  // app, first run and settings
  'app.info': channel(Empty).returns<AppInfo>(),
  'app.initialize': channel(
    z.object({ choice: z.enum(['demo', 'empty']), demoDeals: z.int().min(1).max(20_000).optional() }).strict(),
  ).returns<AppInfo>(),
  'settings.get': channel(Empty).returns<SettingsView>(),
  'settings.set': channel(z.object({ dayCount: DayCount.optional(), dscrNumerator: DscrNumerator.optional() }).strict()).returns<SettingsView>(),
  /** The columns chosen for a table, kept in the data directory (null: never changed). */
  'columns.get': channel(z.object({ table: ColumnTable }).strict()).returns<ColumnPrefs | null>(),
  'columns.set': channel(z.object({ table: ColumnTable, prefs: ColumnPrefs }).strict()).returns<ColumnPrefs>(),

  // pipeline
  'deals.ids': channel(Empty).returns<Body<DealIdsResponseDto>>(),
  'deals.pipeline': channel(Empty).returns<PipelineResult>(),
  'deals.prioritizeFigures': channel(z.object({ ids: z.array(Id).max(1000) }).strict()).returns<{ queued: number }>(),
  'pipeline.page': channel(PipelineQuery.extend({ offset: z.int().min(0), limit: z.int().min(1).max(PIPELINE_PAGE_LIMIT) }).strict()).returns<PipelinePage>(),
  /** Every id of the query (select all), or those of a range of it (offset, limit: a shift-click range). */
  'pipeline.ids': channel(PipelineQuery.extend({ offset: z.int().min(0).default(0), limit: z.int().min(1).optional() }).strict()).returns<PipelineIds>(),
  'pipeline.facets': channel(Empty).returns<PipelineFacets>(),

  // reads of one deal's graph (one per API endpoint)
  'deal.info': channel(byId).returns<Body<SeedInfoResponseDto>>(),
  'deal.funds': channel(byDealId).returns<Body<DealFundsInfoResponseDto>>(),
  'deal.collateralSummary': channel(byDealId).returns<Body<CollateralSummaryResponseDto>>(),
  'deal.componentSummary': channel(byDealId).returns<Body<ComponentSummaryResponseDto>>(),
  'collateral.componentSummary': channel(z.object({ collateralId: Id }).strict()).returns<Body<ComponentSummaryResponseDto>>(),
  'collateral.cashFlow': channel(byId).returns<Body<CollateralCashFlowResponseDto>>(),
  'component.base': channel(byId).returns<Body<ComponentInfoResponseDto>>(),
  'component.commercial': channel(byId).returns<Body<CommercialComponentInfoResponseDto>>(),
  'component.residential': channel(byId).returns<Body<ResidentialComponentInfoResponseDto>>(),
  'component.hotel': channel(byId).returns<Body<HotelComponentInfoResponseDto>>(),
  'rentRoll.residential': channel(byId).returns<Body<ResidentialRentRollInfoResponseDto>>(),
  'rentRoll.commercial': channel(byId).returns<Body<CommercialRentRollInfoResponseDto>>(),
  /** socialSecurityNumber comes back masked to its last four digits. */
  'person.info': channel(byId).returns<Body<PersonInfoResponseDto>>(),
  /** The full social security number, asked for on purpose (a click on "Reveal"); never logged. */
  'person.revealSsn': channel(byId).returns<{ socialSecurityNumber: string | null }>(),
  'company.info': channel(byId).returns<Body<CompanyInfoResponseDto>>(),

  // writes
  /** source: which screen made the edit, for the deal history (ui: the deal page, bulk: Bulk edit). */
  'deals.bulkUpdate': channel(UpdateDealsRequestDto.extend({ source: EditSource.optional() })).returns<Body<UpdateDealsResponseDto>>(),
  'deals.createResidential': channel(CreateResidentialDealDto).returns<Body<CreateResponseDto>>(),
  'deals.createCommercial': channel(CreateCommercialDealDto).returns<Body<CreateResponseDto>>(),
  'deals.createHotel': channel(CreateHotelDealDto).returns<Body<CreateResponseDto>>(),

  // collateral import
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
  /** The deals a file's references may name: id equal, or loan id or name equal ignoring case (not every deal: a book may hold 50,000). */
  /** The import's template (a CSV of every column the import reads, with an example row), saved where the user chooses. */
  'import.template': channel(z.object({}).strict()).returns<ImportTemplateResult>(),
  'import.findDeals': channel(z.object({ references: z.array(z.string().max(500)).max(MAX_IMPORT_REFERENCES) }).strict()).returns<{ deals: ImportDealRef[] }>(),

  // cross-deal report
  'report.query': channel(CrossDealCollateralReportFilterDto).returns<Body<CrossDealCollateralReportResponseDto>>(),
  'report.export': channel(z.object({ filter: ReportExportFilter, format: ReportFormat, exportId: Id }).strict()).returns<ReportExportResult>(),

  // a deal's credit memo (PDF) and sealed credit file (zip)
  'deal.exportMemo': channel(z.object({ dealId: Id, exportId: Id }).strict()).returns<DealExportResult>(),
  'deal.exportCreditFile': channel(z.object({ dealId: Id, exportId: Id }).strict()).returns<DealExportResult>(),
  // loan sizing, breakpoints and stress (nothing is written but custom scenarios and the default profile)
  'analysis.sizeLoan': channel(SizeLoanRequestDto).returns<Body<SizeLoanResponseDto>>(),
  'analysis.stressDeal': channel(StressDealRequestDto).returns<Body<StressDealResponseDto>>(),
  /** With a runId: progress as analysis.stressProgress events, and work.cancel stops it (refused with code Cancelled). */
  'analysis.stressPortfolio': channel(StressPortfolioRequestDto.extend({ runId: Id.optional() })).returns<Body<StressPortfolioResponseDto>>(),
  /** The credit policy profiles and the default one of this data directory. */
  'analysis.profiles': channel(Empty).returns<CreditProfilesView>(),
  'analysis.setDefaultProfile': channel(z.object({ name: z.string().trim().min(1).max(100) }).strict()).returns<CreditProfilesView>(),
  /** The built-in scenarios (system configuration) and the custom ones of this data directory. */
  'analysis.scenarios': channel(Empty).returns<ScenariosView>(),
  /** Adds a custom scenario, or replaces the one named `replaces` (a rename) or of the same name. */
  'analysis.saveScenario': channel(z.object({ scenario: SavedScenario, replaces: z.string().min(1).max(100).optional() }).strict()).returns<ScenariosView>(),
  'analysis.deleteScenario': channel(z.object({ name: z.string().min(1).max(100) }).strict()).returns<ScenariosView>(),
  /** What the deal page would show had these loan-term updates been saved; nothing is written. */
  'analysis.previewDealEdit': channel(z.object({ dealId: Id, updates: UpdateDealItemDto.shape.updates.max(40) }).strict()).returns<DealEditPreview>(),
  'analysis.exportStress': channel(z.object({ request: StressExportRequest, format: ReportFormat, exportId: Id }).strict()).returns<StressExportResult>(),
  /** Stops a long piece of work by the id its call carried: an export (exportId) or a portfolio stress run (runId). */
  'work.cancel': channel(z.object({ id: Id }).strict()).returns<{ cancelling: boolean }>(),

  // sync with the central platform (the client secret goes in, never comes back out)
  'sync.status': channel(Empty).returns<SyncStatusView>(),
  'sync.configure': channel(SyncConfigureInput).returns<SyncStatusView>(),
  'sync.testConnection': channel(SyncTestInput).returns<SyncTestResult>(),
  'sync.run': channel(SyncRunInput).returns<SyncRunRecord>(),
  'sync.cancel': channel(Empty).returns<{ cancelling: boolean }>(),
  'sync.outbox': channel(Empty).returns<SyncOutboxView>(),
  /** A conflict: mine goes to the platform at the next sync. A rejected edit: send it again. */
  'sync.keepMine': channel(SyncOutboxRowInput).returns<SyncOutboxView>(),
  /** A conflict: the working copy takes the platform's value. A rejected edit: discard it. */
  'sync.takeTheirs': channel(SyncOutboxRowInput).returns<SyncOutboxView>(),

  // a deal's history, undo and notes (docs/history.md)
  'deal.history': channel(DealHistoryFilter.extend({ dealId: Id }).strict()).returns<DealHistoryEntry[]>(),
  /** Undoes one history entry; refused (details.code UndoRefused) when the field changed since. */
  'deal.undo': channel(z.object({ entryId: z.int().positive() }).strict()).returns<{ entry: DealHistoryEntry }>(),
  'deal.notes': channel(byDealId).returns<DealNote[]>(),
  'deal.addNote': channel(z.object({ dealId: Id, text: NoteText }).strict()).returns<DealNote>(),
  /** The name local changes and notes are recorded under (a setting; the OS user name by default). */
  'history.user': channel(Empty).returns<{ name: string }>(),
  'history.setUser': channel(z.object({ name: z.string().max(100) }).strict()).returns<{ name: string }>(),
  // new deals and comparison (contract/deal-channels.ts)
  ...DEAL_CHANNELS,
} as const satisfies Record<string, ChannelSpec>;

export type AppChannelName = keyof typeof APP_CHANNELS;
export const APP_CHANNEL_NAMES = Object.keys(APP_CHANNELS) as AppChannelName[];
/** Each channel's input schema, by name: what both transports validate a call with. */
export const APP_CHANNEL_INPUTS = inputSchemas(APP_CHANNELS);

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
  /**
   * Web mode, and no name given yet to sign the deal history with: the page asks for it, and
   * changes that would be signed are refused until then (never signed with the OS user).
   */
  userNameNeeded: boolean;
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
  /** Each collateral's address (street, city, state, ZIP), for the search. */
  addresses: string[];
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
      /** Web mode: a one-time link to download the file from. */
      downloadUrl?: string;
    };

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

// --- analysis results -------------------------------------------------------------------------

/** The profiles with their limits and sources, and this data directory's default (its setting, else the configuration's). */
export type CreditProfilesView = CreditPolicyProfilesDto;

export interface ScenariosView {
  /** The built-in scenarios of the system configuration, with their source. */
  builtIn: StressScenarioDefinition[];
  /** The custom scenarios of this data directory, by name. */
  custom: SavedScenario[];
}

export interface DealEditPreview {
  /** getDealInfo as it would answer after the updates. */
  deal: Body<SeedInfoResponseDto>;
  /** getDealFunds as it would answer after the updates (null: the deal has no funds analysis). */
  funds: Body<DealFundsInfoResponseDto> | null;
  /** The loan sized on the previewed terms (null when it cannot be sized: sizingError says why). */
  sizing: Body<SizeLoanResponseDto> | null;
  sizingError: string | null;
}

export type StressExportResult =
  | { cancelled: true }
  | {
      cancelled: false;
      /** Per-deal rows written. */
      rows: number;
      file: string;
      fileName: string;
      /** Web mode: a one-time link to download the file from. */
      downloadUrl?: string;
    };

// --- sync results -----------------------------------------------------------------------------

/**
 * Where the workstation stands with the central platform: not-connected (no address, client id
 * or secret), unknown (configured, not contacted since the start), online (the last contact
 * worked), offline (it failed: lastError says why), syncing.
 */
export type SyncConnection = 'not-connected' | 'unknown' | 'online' | 'offline' | 'syncing';
export type SyncTrigger = 'manual' | 'background';
export type SyncPhaseName = 'connect' | 'recover' | 'pull' | 'push' | 'done';

/** The figures of one completed sync (the sync engine's summary). */
export interface SyncSummaryView {
  /** Deals the platform lists. */
  remoteDeals: number;
  /** Deals whose local copy was written by the pull (new or changed). */
  pulled: number;
  /** Deals the pull found unchanged (nothing written). */
  unchanged: number;
  /** Deals removed here because the platform no longer has them. */
  removed: number;
  /** Local edits the platform confirmed. */
  pushed: number;
  /** Deals created offline that now exist on the platform. */
  created: number;
  /** Outbox rows in conflict after the sync (base, mine and theirs held for the user). */
  conflicts: number;
  /** Outbox rows the platform rejected (kept, visible and editable). */
  rejected: number;
  /** Edits still queued (not yet confirmed). */
  queued: number;
  /** Figures the mirror could only approximate (0 when every read is reproduced exactly). */
  inexact: number;
  requests: number;
  retries: number;
  durationMs: number;
}

export interface SyncProgressView {
  trigger: SyncTrigger;
  mode: SyncMode;
  phase: SyncPhaseName;
  detail: string | null;
  /** Deals read (pull) or edits settled (push) so far, of total, in the current phase. */
  done: number;
  total: number;
  /** The whole sync, 0-100. */
  percent: number;
  retries: number;
  startedAt: string;
  cancelling: boolean;
}

export interface SyncRunRecord {
  trigger: SyncTrigger;
  mode: SyncMode;
  startedAt: string;
  finishedAt: string;
  outcome: 'completed' | 'failed' | 'cancelled';
  summary: SyncSummaryView | null;
  /** Why it failed (one line, never the secret). */
  error: string | null;
}

export type SyncOutboxStatus = 'pending' | 'inflight' | 'ambiguous' | 'conflict' | 'rejected';

export interface SyncStatusView {
  settings: {
    baseUrl: string | null;
    authUrl: string | null;
    clientId: string | null;
    autoSync: boolean;
    intervalMinutes: number;
  };
  /** Whether a client secret is kept, and how; the secret itself never leaves the main process. */
  secret: {
    stored: boolean;
    /** 'environment': UW_CLIENT_SECRET (it cannot be changed from the UI). */
    source: 'stored' | 'environment' | null;
    /** How the secret is kept, in words (e.g. "encrypted with the system keychain"). */
    storage: string;
    /** False: kept only until the app quits. */
    persistent: boolean;
    /** Something the user should know about how the secret is kept (e.g. no OS keyring). */
    warning: string | null;
  };
  /** Address, client id and secret are all there. */
  configured: boolean;
  /** The platform this data directory is linked to (after its first sync); it refuses another. */
  linkedTo: string | null;
  connection: SyncConnection;
  /** The last failed contact's reason (offline), else null. */
  lastError: string | null;
  running: SyncProgressView | null;
  last: SyncRunRecord | null;
  lastSuccessAt: string | null;
  /** When the next background sync is due (null: background sync is off). */
  nextRunAt: string | null;
  outbox: Record<SyncOutboxStatus, number>;
}

export type SyncTestResult =
  | { ok: true; baseUrl: string; dealCount: number; durationMs: number; warning: string | null }
  | { ok: false; baseUrl: string | null; kind: 'unavailable' | 'auth' | 'protocol' | 'local' | 'aborted' | 'incomplete'; message: string };

export interface SyncOutboxItem {
  id: number;
  dealId: string;
  /** The deal's name in the working copy (null when the deal is gone here). */
  dealName: string | null;
  /** A bulk-update property, or '$create' for a deal created offline. */
  field: string;
  status: SyncOutboxStatus;
  /** The platform's value when the edit started (read form: ratios as decimals). */
  base: unknown;
  /** The local value. */
  mine: unknown;
  /** What the platform holds now, as last read (null with theirsKnown false when unknown). */
  theirs: unknown;
  theirsKnown: boolean;
  reason: string | null;
  deletedRemotely: boolean;
  attempts: number;
  updatedAt: string;
}

export interface SyncOutboxView {
  items: SyncOutboxItem[];
  counts: Record<SyncOutboxStatus, number>;
  /** What is only on this workstation and no outbox row will send. */
  localOnly: SyncLocalOnlyView;
}

export interface SyncLocalOnlyView {
  /** Deals created here once linked, waiting for the platform to confirm their create (counted in the outbox too). */
  newDealsWaiting: number;
  /** Deals created here before the data directory was linked to the platform. */
  createdHere: number;
  /** Other deals the platform does not have, not created here (the demo portfolio's sample, or older ones). */
  otherDeals: number;
  /** Collaterals imported here into deals of the platform. */
  importedCollaterals: number;
}

/** channel -> what the renderer sends (defaults not yet applied) and what it gets back. */
export type AppChannels = {
  [K in AppChannelName]: { input: z.input<(typeof APP_CHANNEL_INPUTS)[K]>; output: SpecOutput<(typeof APP_CHANNELS)[K]> };
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
  'report.exportProgress': { exportId: string; phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled'; done: number; total: number };
  /** Progress of deal.exportMemo and deal.exportCreditFile, by the exportId the call carried. */
  'deal.exportProgress': { exportId: string; phase: 'reading' | 'rendering' | 'packing' | 'done' | 'failed' };
  /** Progress of analysis.exportStress, by the exportId the call carried (deals done of total). */
  'analysis.exportProgress': { exportId: string; phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled'; done: number; total: number };
  /** Progress of analysis.stressPortfolio called with a runId: deals stressed of the deals selected. */
  'analysis.stressProgress': { runId: string; done: number; total: number };
  /** Filling a new data directory with the demo portfolio. */
  'app.seedProgress': { done: number; total: number };
  /** A native menu item (Electron): go to a screen or run a command. */
  'menu.command': { command: MenuCommand };
  /** Sync with the central platform: connection, progress of a running sync, its outcome. */
  'sync.status': SyncStatusView;
};
export type AppEventName = keyof AppEvents;

export const MENU_COMMANDS = ['go.pipeline', 'go.report', 'go.import', 'go.sync', 'go.stress', 'go.settings', 'deal.new', 'pipeline.search', 'theme.toggle', 'report.export'] as const;
export type MenuCommand = (typeof MENU_COMMANDS)[number];
