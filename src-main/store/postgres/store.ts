import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { bindModule } from '../bind-module';
import { IMPORT_ACTOR } from '../imports';
import type { ApplyImportItemResult, StorePort } from '../port';
import type { PgDb } from './db';
import * as dealHistory from './deal-history';
import { dealReadCheckingClient } from './deal-read';
import type { DealRead } from '../deal-read';
import * as imports from './imports';
import { pgDbOf, pgErrorCode } from './open';
import { PG_PORT_FUNCTIONS } from './port-functions';
import { pgRefill } from './read-methods';
import * as reportQuery from './report-query';
import * as settings from './settings';

// The PostgreSQL engine of the storage port (port.ts): the repository functions of this folder,
// each bound to the pool (calls on the store: every one on whatever connection the pool gives)
// or to a unit's client (calls through a unit's `tx`).
//
// Units: `transaction` is one READ COMMITTED transaction on a dedicated client, retried (at
// most three times) when PostgreSQL gives up on it for a serialization failure or a deadlock
// (the roll-up cache's triggers can meet both, README.md "Writers"); `snapshot` is REPEATABLE
// READ READ ONLY. Calls through `tx` join the unit.
//
// Several instances on one database: imports are claimed (imports.ts, "the claim"). The
// store's instance claims a report when it accepts it, when it finds it pending (startup, or a
// claim of a dead instance that ran out) and renews the claim with every item it logs.

export interface PostgresStoreOptions {
  /** This server instance's name in claims (default: a random id per store). */
  instanceId?: string;
  /** How long a claim on an import report holds without renewal (default 2 minutes). */
  importLeaseMs?: number;
}

/** The PostgreSQL engine's extras beyond the port. */
export interface PostgresStore extends StorePort {
  readonly pool: Pool;
  readonly instanceId: string;
  /** Gives up this instance's import claims (a clean shutdown): another instance may take them at once. */
  releaseImportClaims(): Promise<void>;
  /** dealRead with a token's client check in the same statement (deal-read.ts; the server's getDealInfo). */
  dealReadCheckingClient(id: string, version: number, clientId: string): Promise<{ read: DealRead | undefined; client: string | null | undefined }>;
}

/** PostgreSQL's serialization_failure and deadlock_detected: the unit is run again. */
const RETRIED = new Set(['40001', '40P01']);
const ATTEMPTS = 3;

export function createPostgresStore(pool: Pool, options: PostgresStoreOptions = {}): PostgresStore {
  const root = pgDbOf(pool);
  const instanceId = options.instanceId ?? randomUUID();
  const leaseMs = options.importLeaseMs ?? 120_000;
  const held = new Set<string>();

  const claim = async (pg: PgDb, id: string) => {
    const won = await imports.claimImportReport(pg, id, instanceId, leaseMs);
    if (won) held.add(id);
    else held.delete(id);
    return won;
  };

  function portOf(pg: PgDb, inUnit: boolean): StorePort {
    const unit = async <T>(work: (tx: StorePort) => Promise<T>, config?: { isolationLevel: 'repeatable read'; accessMode: 'read only' }): Promise<T> => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await pg.transaction((tx) => work(portOf(tx, true)), config);
        } catch (error) {
          if (attempt >= ATTEMPTS || !RETRIED.has(pgErrorCode(error) ?? '')) throw error;
        }
      }
    };

    const bound = bindModule(PG_PORT_FUNCTIONS, pg);
    const port: StorePort = {
      // Every plain method: its repository function (port-functions.ts) on this handle.
      ...bound,
      info: { engine: 'postgres' },
      transaction: (work) => (inUnit ? work(port) : unit(work)),
      snapshot: (work) => (inUnit ? work(port) : unit(work, { isolationLevel: 'repeatable read', accessMode: 'read only' })),
      inUnit: () => inUnit,
      isStoreOpen: () => Promise.resolve(!(pool as Pool & { ending?: boolean; ended?: boolean }).ending && !(pool as { ended?: boolean }).ended),

      iterateReportRowBatches: (selection, order, figuresVersion) => reportQuery.iterateReportRowBatches(pg, selection, order, figuresVersion),
      // The refill's `compute` reads through the port of the refill's own snapshot.
      refillCollateralFigures: pgRefill(pg, (tx) => portOf(tx, true)),

      insertImportReport: async (report) => {
        await bound.insertImportReport(report);
        // Accepted here: processed here (a pending report of a dead instance is taken over
        // once this claim runs out).
        await claim(pg, report.id);
      },
      // The reports this instance may process now: those it holds, and those nobody holds a
      // live claim on, which it claims first. Another live instance's are not listed.
      pendingImportReportIds: async () => {
        const ids: string[] = [];
        for (const id of await bound.pendingImportReportIds()) if (await claim(pg, id)) ids.push(id);
        return ids;
      },
      completeImportReport: async (id, now) => {
        await bound.completeImportReport(id, now);
        held.delete(id);
      },
      applyImportItem: async (reportId, itemIndex, now, decide, actor = IMPORT_ACTOR): Promise<ApplyImportItemResult> => {
        const result = await imports.applyImportItem(pg, reportId, itemIndex, now, (tx) => decide(portOf(tx, true)), actor);
        // Still at it: the claim holds for another lease.
        if (held.has(reportId)) await claim(pg, reportId);
        return result;
      },

      currentDealValue: (dealId, column) => dealHistory.currentDealValue(pg, dealId, column),
      getSetting: <T>(key: string) => settings.getSetting<T>(pg, key),
      settingOrInsert: <T>(key: string, initial: T) => settings.settingOrInsert<T>(pg, key, initial),
    };
    return port;
  }

  const store = portOf(root, false);
  return Object.assign(store, {
    pool,
    instanceId,
    dealReadCheckingClient: (id: string, version: number, clientId: string) => dealReadCheckingClient(root, id, version, clientId),
    async releaseImportClaims() {
      for (const id of [...held]) await imports.releaseImportClaim(root, id, instanceId).catch(() => {});
      held.clear();
    },
  });
}
