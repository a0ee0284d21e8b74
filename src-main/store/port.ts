import type { CreatedEntityDto, ImportErrorDto } from '../contract';
import type { CollateralRollupFigures } from '../domain';
import type { ApiClientEntry } from './api-clients';
import type { PortOf } from './bind-module';
import type { DealChangeRow } from './change-feed';
import type { CollateralFiguresEntry, CollateralStressFigures } from './collateral-figures';
import type { ComponentRow } from './components';
import type { Db } from './db';
import type { NewDealGraph } from './deal-graph';
import type { HistoryActor, HistoryChange } from './deal-history';
import type { DealRead } from './deal-read';
import type { DealColumn, DealSnapshot, DealUpdateWrite } from './deal-updates';
import type { CollateralRow, DealRow } from './deals';
import type { ImportedCollateralGraph, ImportItemOutcome, ImportReport } from './imports';
import type { CompanyRow, PersonRow } from './parties';
import type { PORT_FUNCTIONS } from './port-functions';
import type { ReportOrder, ReportRowInputs, ReportSelection, StreamedReportRow } from './report-query';

// The storage port: everything the layers above the store (figures, gateway, server, reports,
// and the shared parts of app, sync and cli) ask of a store, whatever engine holds it. Two
// engines implement it: SQLite (store/sqlite-store.ts, the workstation's and the default
// server's) and PostgreSQL (store/postgres/, a team server's).
//
// Conventions, so that both engines fit one interface:
// - Most methods are computed, not written: each function of the registry PORT_FUNCTIONS
//   (port-functions.ts) is a method of the same name, taking the SQLite store function's
//   arguments minus the leading `db` and answering a Promise of the same type (PortStoreFunctions
//   below; its documentation is the function's own). Row types (DealRow, ComponentRow, ...) are
//   the SQLite schema's inferred types; the PostgreSQL schema reads back the same shapes
//   (store/postgres/README.md, "Types"), and its engine's registry (store/postgres/
//   port-functions.ts) must give every one of these methods a function of the same type.
// - Written out in StorePort below: what is not one store function on the connection (units of
//   work, callbacks taking `tx`, a streamed result, the engine's own state, an optional method)
//   and the generic methods (a computed method would lose its type parameter).
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

/** The port's methods computed from the registry of SQLite store functions (port-functions.ts). */
export type PortStoreFunctions = PortOf<typeof PORT_FUNCTIONS, Db>;

export interface StorePort extends PortStoreFunctions {
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

  // --- reads that are not one store function --------------------------------------------------------

  /**
   * dealRead that also reads when the API client `clientId` was created (null: no such client;
   * undefined: not asked, as when the id names no deal), in the same statement. Only an engine
   * for which a statement is a network round trip offers it (PostgreSQL): the server's
   * getDealInfo then makes its token's client check without a second round trip.
   */
  dealReadCheckingClient?(id: string, version: number, clientId: string): Promise<{ read: DealRead | undefined; client: string | null | undefined }>;
  /**
   * Every selected row with its collateral's stored figures, in order, streamed a batch (a few
   * hundred rows at most, never none) at a time: a promise per batch, not per row. Only for a
   * store that nothing else uses meanwhile (`uw report`'s own connection, inside a snapshot):
   * on SQLite an open cursor makes the connection refuse other statements.
   */
  iterateReportRowBatches(selection: ReportSelection, order: ReportOrder | undefined, figuresVersion: number): AsyncIterable<StreamedReportRow[]>;
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

  // --- imports (imports.ts) ----------------------------------------------------------------------

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

  // --- generic store functions (deal-history.ts, settings.ts) --------------------------------------

  currentDealValue<K extends DealColumn>(dealId: string, column: K): Promise<DealRow[K] | undefined>;
  getSetting<T>(key: string): Promise<T | undefined>;
  /**
   * The setting's value, storing `initial` first when there is none; never overwrites. Race-safe
   * across server instances on one database (the token signing key: one key for all of them).
   */
  settingOrInsert<T>(key: string, initial: T): Promise<T>;
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
