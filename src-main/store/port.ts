import type {
  CreatedEntityDto,
  DealHistoryEntry,
  DealHistoryFilter,
  DealNote,
  ImportCollateralsRequestDto,
  ImportErrorDto,
  UnderwritingSettings,
} from '../contract';
import type { CollateralRollupFigures } from '../domain';
import type { ApiClientEntry } from './api-clients';
import type { BulkInsertPlan, BulkInsertResult } from './bulk-insert';
import type { DealChangeRow } from './change-feed';
import type { CollateralFiguresEntry, CollateralStressFigures } from './collateral-figures';
import type { ComponentRow, LivingUnitRow, MarketDataRow, RentRollItemRow, RentRollRow, SalesCompRow } from './components';
import type { NewDealGraph } from './deal-graph';
import type { HistoryActor, HistoryChange } from './deal-history';
import type { DealRead } from './deal-read';
import type { DealColumn, DealSnapshot, DealUpdateWrite, LoanIdHolder } from './deal-updates';
import type { CollateralRow, DealRow } from './deals';
import type { FundSourceRow, FundsRow, FundUseRow } from './funds';
import type { ImportedCollateralGraph, ImportItemOutcome, ImportReport } from './imports';
import type { CompanyRow, PersonRow } from './parties';
import type { ReportOrder, ReportRowInputs, ReportSelection, StreamedReportRow } from './report-query';
import type { AnalysisCollateralLink, AnalysisDealRow, ValuationHead, YearOneLine, YearOneTotal } from './stress-inputs';
import type { AlternativeValuationRow, CashFlowTransactionRow, RevenueValuationRow } from './valuations';

// The storage port: everything the layers above the store (figures, gateway, server, reports,
// and the shared parts of app, sync and cli) ask of a store, whatever engine holds it. Two
// engines implement it: SQLite (store/sqlite-store.ts, the workstation's and the default
// server's) and PostgreSQL (store/postgres/, a team server's).
//
// Conventions, so that both engines fit one interface:
// - Each method is named after the SQLite store function it maps to (store/<module>.ts), takes
//   the same arguments minus the leading `db`, and answers a Promise of the same type. Row types
//   (DealRow, ComponentRow, ...) are the SQLite schema's inferred types; the PostgreSQL schema
//   reads back the same shapes (store/postgres/README.md, "Types").
// - Units of work: `transaction` (a write unit: all of it commits or none of it) and `snapshot`
//   (reads that see one consistent state). The `work` callback gets `tx`, a StorePort bound to
//   the unit: every call through `tx` runs inside it, and `tx.transaction` / `tx.snapshot` join
//   it (no savepoint, no second unit). Calls on the store itself (not through `tx`) never join a
//   unit that is open: on SQLite (one connection) they wait until it ends; on PostgreSQL they run
//   on another connection of the pool. `tx` must not be used once `work` has settled.
// - A unit may await freely: the engine, not the caller, keeps other requests' statements out of
//   it (SQLite: an async lock around its one connection; PostgreSQL: a dedicated client).
// - Callbacks that decide inside a unit (applyImportItem's `decide`, refillCollateralFigures's
//   `compute`) get the unit's `tx`; their reads go through it.

/** What a store answers about itself. */
export interface StoreInfo {
  /** 'sqlite' or 'postgres': for messages and the OpenAPI/health info, never for branching. */
  engine: 'sqlite' | 'postgres';
}

/** The figures refillCollateralFigures's `compute` returns for the collaterals it is given. */
export interface ComputedCollateralFigures {
  rollups: Map<string, CollateralRollupFigures>;
  /** What a stress needs beyond the roll-up (stored with it); may lack collaterals (stored as null). */
  stress: Map<string, CollateralStressFigures>;
}

/** The outcome of applyImportItem, as store/imports.ts's applyImportItem answers. */
export type ApplyImportItemResult = ImportItemOutcome | 'already-processed' | 'no-report';

export interface StorePort {
  readonly info: StoreInfo;

  // --- units of work ---------------------------------------------------------------------------

  /**
   * Runs `work` in one write transaction (SQLite: BEGIN IMMEDIATE). Commits when `work`
   * resolves, rolls back when it rejects (and rejects with its error). Nested (called on a
   * `tx`): joins the open unit.
   */
  transaction<T>(work: (tx: StorePort) => Promise<T>): Promise<T>;
  /** Runs `work` on one consistent read snapshot (PostgreSQL: REPEATABLE READ READ ONLY). Nested: joins. */
  snapshot<T>(work: (tx: StorePort) => Promise<T>): Promise<T>;
  /** Whether this port is a unit's `tx` (inside transaction / snapshot). */
  inUnit(): boolean;
  /** Whether the store is still open (a background job, such as the import queue, stops when it is not). */
  isStoreOpen(): Promise<boolean>;
  /**
   * A token that changes whenever the store's content may have changed (report-query.ts's
   * storeVersion): equal tokens mean equal content, so a result may be reused while it holds.
   */
  storeVersion(): Promise<string>;
  /** The schema version (number of applied migrations), for the sealed credit file. */
  schemaVersion(): Promise<number>;

  // --- deals, collaterals, parties (deals.ts, deal-read.ts, funds.ts, parties.ts) ----------------

  dealRow(id: string): Promise<DealRow | undefined>;
  dealRows(ids: readonly string[]): Promise<DealRow[]>;
  dealCount(): Promise<number>;
  allDealIds(): Promise<string[]>;
  collateralsOfDeal(dealId: string): Promise<CollateralRow[]>;
  collateralRow(id: string): Promise<CollateralRow | undefined>;
  dealIdsOfCollateral(collateralId: string): Promise<string[]>;
  collateralAtPlace(placeId: string, addressKey: string): Promise<{ id: string } | undefined>;
  /** getDealInfo's one-statement read: the deal with its people, companies, collaterals' figures of `version`, settings. */
  dealRead(id: string, version: number): Promise<DealRead | undefined>;
  /**
   * dealRead that also reads when the API client `clientId` was created (null: no such client;
   * undefined: not asked, as when the id names no deal), in the same statement. Only an engine
   * for which a statement is a network round trip offers it (PostgreSQL): the server's
   * getDealInfo then makes its token's client check without a second round trip.
   */
  dealReadCheckingClient?(id: string, version: number, clientId: string): Promise<{ read: DealRead | undefined; client: string | null | undefined }>;
  fundsOfDeal(dealId: string): Promise<{ funds: FundsRow; sources: FundSourceRow[]; uses: FundUseRow[] } | undefined>;
  personRow(id: string): Promise<PersonRow | undefined>;
  companyRow(id: string): Promise<CompanyRow | undefined>;

  // --- components, rent rolls, valuations (components.ts, valuations.ts) ------------------------

  componentRow(id: string): Promise<ComponentRow | undefined>;
  componentsOfCollaterals(collateralIds: readonly string[]): Promise<ComponentRow[]>;
  livingUnitsOf(componentIds: readonly string[]): Promise<LivingUnitRow[]>;
  salesCompsOf(componentIds: readonly string[]): Promise<SalesCompRow[]>;
  marketDataOf(componentId: string): Promise<MarketDataRow | undefined>;
  rentRollRow(id: string): Promise<RentRollRow | undefined>;
  rentRollsOfComponents(componentIds: readonly string[]): Promise<RentRollRow[]>;
  itemsOfRentRolls(rentRollIds: readonly string[]): Promise<RentRollItemRow[]>;
  revenueValuationsOf(collateralIds: readonly string[]): Promise<RevenueValuationRow[]>;
  transactionsOf(valuationIds: readonly string[]): Promise<CashFlowTransactionRow[]>;
  alternativeValuationsOf(collateralIds: readonly string[]): Promise<AlternativeValuationRow[]>;

  // --- the roll-up cache (collateral-figures.ts) ------------------------------------------------

  storedCollateralFigures(collateralIds: readonly string[], version: number): Promise<Map<string, CollateralRollupFigures>>;
  dealCollateralFigures(dealId: string, version: number): Promise<CollateralFiguresEntry[]>;
  dealsCollateralFigures(dealIds: readonly string[], version: number): Promise<Map<string, CollateralFiguresEntry[]>>;
  allStoredCollateralFigures(version: number): Promise<Map<string, CollateralRollupFigures>>;
  collateralsWithoutFigures(version: number, limit: number, after?: string): Promise<string[]>;
  /**
   * The roll-up figures of `collateralIds` (version `version`): the current stored ones, and for
   * the others what `compute` returns, computed from inputs it reads through `tx` (one
   * consistent snapshot: the stored figures and the inputs are read in the same one). The
   * engine saves computed figures only where it can show their inputs did not change since
   * they were read (SQLite: the save shares the read's transaction, and a stale snapshot cannot
   * commit; PostgreSQL: the inputs' versions, store/postgres/README.md "The roll-up cache"); a
   * save refused for that reason is not an error: the figures are returned all the same.
   * Called on a unit's `tx`: computes inside that unit and saves nothing.
   * (SQLite: collateralRollups's refill, moved into the engine.)
   */
  refillCollateralFigures(
    collateralIds: readonly string[],
    version: number,
    compute: (tx: StorePort, collateralIds: readonly string[]) => Promise<ComputedCollateralFigures>,
  ): Promise<Map<string, CollateralRollupFigures>>;

  // --- analysis inputs (stress-inputs.ts) ----------------------------------------------------------

  valuationHeadsOf(collateralIds: readonly string[]): Promise<ValuationHead[]>;
  yearOneLinesOf(valuationIds: readonly string[]): Promise<Map<string, YearOneLine[]>>;
  yearOneTotalsOf(valuationIds: readonly string[]): Promise<YearOneTotal[]>;
  analysisCollateralLinks(dealIds: readonly string[], version: number): Promise<Map<string, AnalysisCollateralLink[]>>;
  analysisDealRows(ids: readonly string[]): Promise<AnalysisDealRow[]>;

  // --- the cross-deal report (report-query.ts) ---------------------------------------------------

  selectReportLinks(selection: ReportSelection, order?: ReportOrder): Promise<number[]>;
  selectReportDealIds(selection: ReportSelection): Promise<string[]>;
  countReportLinks(selection: ReportSelection): Promise<number>;
  reportRowInputs(linkIds: readonly number[]): Promise<ReportRowInputs[]>;
  /**
   * Every selected row with its collateral's stored figures, in order, streamed a batch (a few
   * hundred rows at most, never none) at a time: a promise per batch, not per row. Only for a
   * store that nothing else uses meanwhile (`uw report`'s own connection, inside a snapshot):
   * on SQLite an open cursor makes the connection refuse other statements.
   */
  iterateReportRowBatches(selection: ReportSelection, order: ReportOrder | undefined, figuresVersion: number): AsyncIterable<StreamedReportRow[]>;

  // --- the change feed (change-feed.ts) ------------------------------------------------------------

  changeFeedHead(): Promise<{ storeId: string; seq: number }>;
  dealChangesAfter(after: { seq: number; dealId: string }, limit: number): Promise<DealChangeRow[]>;
  /** The sequence number of a deal's latest change (undefined: never listed). */
  dealChangeSeq(dealId: string): Promise<number | undefined>;
  /** The head and a page, from one snapshot. */
  readChangePage(after: { seq: number; dealId: string }, limit: number): Promise<{ head: { storeId: string; seq: number }; rows: DealChangeRow[] }>;

  // --- the deal history and notes (deal-history.ts) ----------------------------------------------

  /** Appends history entries; call it inside the unit that makes the changes. */
  recordHistory(actor: HistoryActor, at: string, changes: readonly HistoryChange[]): Promise<void>;
  dealHistory(dealId: string, filter?: DealHistoryFilter): Promise<DealHistoryEntry[]>;
  historyEntry(id: number): Promise<DealHistoryEntry | undefined>;
  laterEntryOfField(entry: Pick<DealHistoryEntry, 'id' | 'dealId' | 'field'>): Promise<DealHistoryEntry | undefined>;
  insertDealNote(note: Omit<DealNote, 'id'>): Promise<DealNote>;
  dealNotes(dealId: string): Promise<DealNote[]>;
  currentDealValue<K extends DealColumn>(dealId: string, column: K): Promise<DealRow[K] | undefined>;
  /**
   * Who an in-process edit is recorded as when the caller names no actor (the workstation's
   * user name setting, else the OS user). A server always names its actor.
   */
  localUserName(): Promise<string>;

  // --- the bulk update (deal-updates.ts): the checks' reads, then one write -------------------------

  /** The deals among `ids` that exist, with the current values of `columns` (and the id); one query. */
  dealSnapshots(ids: readonly string[], columns: Iterable<DealColumn>): Promise<Map<string, DealSnapshot>>;
  /** The ids among `ids` of existing loans packages. */
  existingLoansPackages(ids: Iterable<string>): Promise<Set<string>>;
  /**
   * The deals holding each of these loan ids, by loanIdKey (the trimmed, lower-case loan id ->
   * the deals, id and name; a key no deal holds is absent). Inside a write unit, concurrent units asking for
   * the same key queue until the first ends (PostgreSQL; SQLite runs one write unit at a time).
   */
  dealsHoldingLoanIds(keys: Iterable<string>): Promise<Map<string, LoanIdHolder[]>>;
  /** The deal of each of these files that exists (file id -> its deal id, or null for a file of no deal). */
  fileDealIds(fileIds: Iterable<string>): Promise<Map<string, string | null>>;
  /**
   * Writes a bulk update's accepted changes, in order: each deal's patch (one UPDATE, stamping
   * updated_at) and, for a deal synced with a platform, its edits queued in the sync outbox
   * (sync-outbox.ts's dealEditRecorder). Call it inside the unit whose reads decided the
   * patches. The PostgreSQL platform never links to a remote: it writes the patches and
   * queues nothing.
   */
  applyDealUpdates(updates: readonly DealUpdateWrite[], updatedAt: string): Promise<void>;

  // --- creates (deal-graph.ts, sync-outbox.ts) -----------------------------------------------------

  /**
   * Inserts a created deal's graph and its creation's history entry in one transaction and, when
   * the store is linked to a platform (a workstation), queues the create in the sync outbox.
   * The PostgreSQL platform never links to a remote: it records nothing in the outbox.
   */
  insertDealGraphForSync(
    graph: NewDealGraph,
    create: unknown,
    history?: { actor: HistoryActor; at: string; change: HistoryChange },
  ): Promise<{ inserted: true } | { inserted: false; existingCollateralId: string }>;

  // --- imports (imports.ts) ----------------------------------------------------------------------

  insertImportReport(report: { id: string; request: ImportCollateralsRequestDto; now: string }): Promise<void>;
  importReport(id: string): Promise<ImportReport | undefined>;
  pendingImportReportIds(): Promise<string[]>;
  completeImportReport(id: string, now: string): Promise<void>;
  existingDealIdSet(ids: readonly string[]): Promise<Set<string>>;
  collateralIdByMigrationReference(migrationReference: string): Promise<string | undefined>;
  /**
   * Processes one request item in ONE write transaction: reads the report's log; an item already
   * logged answers 'already-processed' (decide not called), a missing report 'no-report';
   * otherwise `decide` validates the item through `tx`, and the item's rows (a created
   * collateral graph, with each deal's history entry) or its errors are written and logged on
   * the report, all in that transaction.
   */
  applyImportItem(
    reportId: string,
    itemIndex: number,
    now: string,
    decide: (tx: StorePort) => Promise<ImportItemOutcome>,
    actor?: HistoryActor,
  ): Promise<ApplyImportItemResult>;

  // --- settings, configuration, users, API clients ------------------------------------------------

  getSetting<T>(key: string): Promise<T | undefined>;
  setSetting(key: string, value: unknown): Promise<void>;
  /**
   * The setting's value, storing `initial` first when there is none; never overwrites. Race-safe
   * across server instances on one database (the token signing key: one key for all of them).
   */
  settingOrInsert<T>(key: string, initial: T): Promise<T>;
  getUnderwritingSettings(): Promise<Readonly<UnderwritingSettings>>;
  setUnderwritingSettings(value: Partial<UnderwritingSettings>): Promise<UnderwritingSettings>;
  getDefaultCreditPolicyName(): Promise<string | undefined>;
  setDefaultCreditPolicyName(name: string): Promise<void>;
  ensureUsers(ids: readonly string[]): Promise<void>;
  userExists(id: string): Promise<boolean>;
  existingUsers(ids: Iterable<string>): Promise<Set<string>>;
  listUsers(): Promise<{ id: string; name: string | null }[]>;
  upsertApiClient(clientId: string, secretHash: string): Promise<void>;
  apiClientSecretHash(clientId: string): Promise<string | undefined>;
  apiClientCreatedAt(clientId: string): Promise<string | undefined>;
  listApiClients(): Promise<ApiClientEntry[]>;
  removeApiClient(clientId: string): Promise<boolean>;

  // --- the demo portfolio (bulk-insert.ts) ------------------------------------------------------

  storeHasDeals(): Promise<boolean>;
  /** Inserts the plan's rows into a store without deals, in one transaction; `{ inserted: false }` when it has deals. */
  insertIntoEmptyStore(plan: BulkInsertPlan): Promise<BulkInsertResult>;
}

// Re-exported so the layers above take every store type from the port's module.
export type {
  ApiClientEntry,
  CollateralFiguresEntry,
  CollateralRow,
  CollateralStressFigures,
  CompanyRow,
  ComponentRow,
  CreatedEntityDto,
  DealChangeRow,
  DealColumn,
  DealRead,
  DealRow,
  DealSnapshot,
  DealUpdateWrite,
  HistoryActor,
  HistoryChange,
  ImportedCollateralGraph,
  ImportErrorDto,
  ImportItemOutcome,
  ImportReport,
  NewDealGraph,
  PersonRow,
  ReportOrder,
  ReportRowInputs,
  ReportSelection,
  StreamedReportRow,
};
