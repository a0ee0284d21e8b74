import { bindModule, type Runner } from './bind-module';
import * as collateralFigures from './collateral-figures';
import { closeDb, openDb, type Db, type OpenOptions } from './db';
import * as dealHistory from './deal-history';
import * as imports from './imports';
import type { ApplyImportItemResult, ComputedCollateralFigures, StorePort } from './port';
import { PORT_FUNCTIONS } from './port-functions';
import * as reportQuery from './report-query';
import * as settings from './settings';
import { UnitLock } from './unit-lock';
import type { CollateralRollupFigures } from '../domain';

// The SQLite engine of the storage port (port.ts): the store's synchronous functions behind
// promises, on one better-sqlite3 connection. Units of work hold the connection through a
// UnitLock: calls on the store wait while a unit is open, calls through the unit's `tx` run at
// once inside it. With no unit open a call runs synchronously, at once (the read path's cost is
// one resolved promise).

const direct: Runner = <T>(call: () => T): Promise<T> => {
  try {
    return Promise.resolve(call());
  } catch (error) {
    return Promise.reject(error);
  }
};

/** SQLite's answers when another connection holds the write lock or our snapshot is stale. */
const LOCKED = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_LOCKED', 'SQLITE_READONLY']);

/** The SQLite engine's extras beyond the port, for the workstation-only features (docs/architecture.md). */
export interface SqliteStore extends StorePort {
  /** The connection, for the workstation-only features (sync tables, pipeline queries) and the composition roots. */
  readonly db: Db;
  /**
   * Runs synchronous `work` on the connection once no unit is open, as one unit itself: what a
   * workstation-only feature writes with the store functions cannot land inside a unit of the
   * port that is awaiting meanwhile.
   */
  exclusive<T>(work: (db: Db) => T): Promise<T>;
}

const stores = new WeakMap<Db, SqliteStore>();

/** The SQLite engine on `db`; one per connection (the lock belongs to the connection), so asked twice it answers the same store. */
export function createSqliteStore(db: Db): SqliteStore {
  let store = stores.get(db);
  if (!store) stores.set(db, (store = build(db)));
  return store;
}

function build(db: Db): SqliteStore {
  const lock = new UnitLock();
  const client = db.$client;

  /** Opens a unit on the connection (the lock held), runs `work` with its tx, ends the unit. */
  const unit = <T>(begin: string, work: (tx: StorePort) => Promise<T>): Promise<T> =>
    lock.hold(async () => {
      // A transaction someone opened synchronously on this connection (a test, a store function
      // calling back) cannot be open here across an await; if one is, the unit joins it.
      if (client.inTransaction) return work(portOf(direct, true));
      client.exec(begin);
      const tx = portOf(direct, true);
      try {
        const result = await work(tx);
        client.exec('COMMIT');
        return result;
      } catch (error) {
        if (client.inTransaction) client.exec('ROLLBACK');
        throw error;
      } finally {
        closed.add(tx);
      }
    });

  const closed = new WeakSet<StorePort>();

  function portOf(run: Runner, inUnit: boolean): StorePort {
    const call: Runner = inUnit
      ? <T>(c: () => T) => (closed.has(port) ? Promise.reject(new Error('store: a unit of work was used after it ended')) : run(c))
      : run;
    const port: StorePort = {
      // Every plain method: its store function on the connection, through `call`.
      ...bindModule(PORT_FUNCTIONS, db, call),
      info: { engine: 'sqlite' },
      transaction: (work) => (inUnit ? work(port) : unit('BEGIN IMMEDIATE', work)),
      snapshot: (work) => (inUnit ? work(port) : unit('BEGIN DEFERRED', work)),
      inUnit: () => inUnit,
      isStoreOpen: () => Promise.resolve(client.open),

      refillCollateralFigures: (ids, version, compute) => refill(port, ids, version, compute),
      iterateReportRowBatches: (selection, order, figuresVersion) => ({
        [Symbol.asyncIterator]: () => {
          const batches = reportQuery.iterateReportRowBatches(db, selection, order, figuresVersion);
          return {
            next: () => call(() => batches.next()),
            return: () => call(() => batches.return()),
          };
        },
      }),
      applyImportItem: (reportId, itemIndex, now, decide, actor = imports.IMPORT_ACTOR) =>
        port.transaction(async (tx): Promise<ApplyImportItemResult> => {
          const log = imports.importItemLog(db, reportId);
          if (!log) return 'no-report';
          if (imports.processedItemIndexes(log).has(itemIndex)) return 'already-processed';
          const outcome = await decide(tx);
          imports.writeImportItemOutcome(db, reportId, itemIndex, now, log, outcome, actor);
          return outcome;
        }),

      currentDealValue: (dealId, column) => call(() => dealHistory.currentDealValue(db, dealId, column)),
      getSetting: <T>(key: string) => call(() => settings.getSetting<T>(db, key)),
      settingOrInsert: <T>(key: string, initial: T) => call(() => settings.settingOrInsert<T>(db, key, initial)),
    };
    return port;
  }

  /**
   * The roll-up cache's refill on SQLite: the stored figures, the inputs and the save share one
   * transaction, so a write by another connection in between makes the save fail (SQLite refuses
   * to upgrade a stale snapshot) instead of storing figures of older inputs; the figures are then
   * still returned, just not kept. Inside a unit nothing is saved: a read snapshot must not turn
   * into a write lock held to its end, and a write unit may still change the inputs after this read.
   */
  async function refill(
    port: StorePort,
    ids: readonly string[],
    version: number,
    compute: (tx: StorePort, ids: readonly string[]) => Promise<ComputedCollateralFigures>,
  ): Promise<Map<string, CollateralRollupFigures>> {
    const merged = (current: Map<string, CollateralRollupFigures>, computed: Map<string, CollateralRollupFigures>) =>
      new Map(ids.map((id) => [id, current.get(id) ?? computed.get(id)!]));
    if (port.inUnit() || client.inTransaction) {
      const stored = await port.storedCollateralFigures(ids, version);
      const computed = await compute(port, ids.filter((id) => !stored.has(id)));
      return merged(stored, computed.rollups);
    }
    let result: Map<string, CollateralRollupFigures> | undefined;
    try {
      await unit('BEGIN DEFERRED', async (tx) => {
        const current = collateralFigures.storedCollateralFigures(db, ids, version);
        const computed = await compute(tx, ids.filter((id) => !current.has(id)));
        result = merged(current, computed.rollups);
        collateralFigures.saveCollateralFigures(db, version, computed.rollups, computed.stress);
      });
    } catch (error) {
      if (!result || !LOCKED.has((error as { code?: string }).code ?? '')) throw error;
    }
    return result!;
  }

  const root = portOf(<T>(c: () => T) => lock.run(c), false) as SqliteStore;
  return Object.assign(root, {
    db,
    exclusive: <T>(work: (db: Db) => T): Promise<T> => lock.run(() => work(db)),
  });
}

/**
 * The SQLite connection behind a store, for the workstation-only features (the pipeline screen's
 * queries, the sync tables, the local user name: docs/architecture.md), which run only on the
 * laptop's SQLite store. Any other engine is refused with an error that says so.
 */
export function workstationDb(store: StorePort): Db {
  const db = (store as Partial<SqliteStore>).db;
  if (store.info.engine !== 'sqlite' || db === undefined) {
    throw new Error(`This workstation feature needs the workstation's SQLite store; this store is ${store.info.engine}.`);
  }
  return db;
}

/** Opens (creating and migrating if needed) a SQLite store file and its engine. */
export function openSqliteStore(options: OpenOptions): SqliteStore {
  return createSqliteStore(openDb(options));
}

/** Closes the store's connection (once its units have ended, as any call after them). */
export function closeSqliteStore(store: StorePort): Promise<void> {
  const db = workstationDb(store);
  return createSqliteStore(db).exclusive(() => closeDb(db));
}

export { STORE_FILE } from './db';
