import { join } from 'node:path';
import { STORE_FILE } from '../../src-main/server/service';
import { DEMO_USERS } from '../../src-main/demo/generate';
import { API_PREFIX } from '../../src-main/contract';
import { api } from '../support/http';
import { log } from '../support/log';
import { openRaw, type RawDb } from '../support/raw-sqlite';
import { benchDatabase } from '../support/postgres';
import { startServer, type BenchServer } from '../support/servers';
import { median, since } from '../support/stats';
import { row, type BenchRow, type Scenario } from '../support/types';

const PRIORITIES = ['Low', 'Medium', 'High'] as const;
/** One warm-up run, then the timed runs (median). Each run writes different values. */
const RUNS = 4;

/** The five properties of run `run` for the deal at `i`: every run changes every deal. */
function updatesFor(i: number, run: number): { property: string; value: string }[] {
  return [
    { property: 'Priority', value: PRIORITIES[(i + run) % 3]! },
    { property: 'Note', value: `bench run ${run}: deal ${i}` },
    { property: 'RateSpread', value: ((250 + ((i * 3 + run * 17) % 200)) / 100).toString() },
    { property: 'GrossLoan', value: String(1_000_000 + ((i * 7 + run * 13) % 1000) * 25_000) },
    { property: 'Owner', value: DEMO_USERS[(i + run) % DEMO_USERS.length]!.id },
  ];
}

interface Changed {
  id: string;
  priority: string;
  note: string;
  rate_spread: number;
  gross_loan: number;
  owner_id: string;
  updated_at: string;
}

const CHANGED_COLUMNS = 'id, priority, note, rate_spread, gross_loan, owner_id, updated_at';

/** The ceiling: one IMMEDIATE transaction of prepared UPDATEs writing exactly these rows. */
function rawUpdate(db: RawDb, rows: readonly Changed[]): number {
  const update = db.prepare('UPDATE deals SET priority = ?, note = ?, rate_spread = ?, gross_loan = ?, owner_id = ?, updated_at = ? WHERE id = ?');
  const started = performance.now();
  db.transaction(() => {
    for (const r of rows) update.run(r.priority, r.note, r.rate_spread, r.gross_loan, r.owner_id, r.updated_at, r.id);
  }).immediate();
  return since(started);
}

/** Where the endpoint wrote: its deals' changed columns, and every deal in full for the final check. */
interface Written {
  changed(): Promise<Changed[]>;
  /** Every column of every deal, ordered by id, in the raw SQLite store's column order and value types. */
  deals(columns: readonly string[]): Promise<unknown[][]>;
}

/**
 * The measurement of bulk-update on a server whose store `written` reads: one warm-up and the
 * timed runs, each followed by the ceiling writing exactly the rows the endpoint wrote into the
 * raw store; at the end both hold the same deals. Shared by the SQLite row and its PostgreSQL twin.
 */
async function measureBulkUpdate(name: string, server: BenchServer, written: Written, raw: RawDb): Promise<BenchRow[]> {
  const ids = (await api<{ dealIds: string[] }>(server.origin, server.token, 'GET', '/getAllDealIds')).body.dealIds;
  if (ids.length !== 10_000) throw new Error(`expected 10,000 deals, the store has ${ids.length}`);
  const apiMs: number[] = [];
  const rawMs: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const body = JSON.stringify({ itemsToUpdate: ids.map((id, i) => ({ id, updates: updatesFor(i, run) })) });
    const started = performance.now();
    const res = await fetch(`${server.origin}${API_PREFIX}/bulkUpdateDeals`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body,
    });
    const answer = (await res.json()) as { success: boolean; errors: unknown[]; updatedEntities: string[] };
    const elapsed = since(started);
    if (res.status !== 200 || !answer.success || answer.errors.length || answer.updatedEntities.length !== ids.length) {
      throw new Error(`bulkUpdateDeals: HTTP ${res.status}, success ${answer.success}, ${answer.errors?.length} errors, ${answer.updatedEntities?.length} updated`);
    }
    // Exactly what the endpoint wrote, written again by the ceiling (untimed read).
    const rawElapsed = rawUpdate(raw, await written.changed());
    if (run > 0) {
      apiMs.push(elapsed);
      rawMs.push(rawElapsed);
    }
    log(`${name}: run ${run}${run === 0 ? ' (warm-up)' : ''}: bulkUpdateDeals ${elapsed.toFixed(0)} ms, raw transaction ${rawElapsed.toFixed(0)} ms`);
  }
  // Both stores now hold the same deals.
  const columns = (raw.prepare('PRAGMA table_info(deals)').all() as { name: string }[]).map((c) => c.name);
  const a = JSON.stringify(await written.deals(columns));
  const b = JSON.stringify(raw.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM deals ORDER BY id`).raw().all());
  if (a !== b) throw new Error('the endpoint and the raw transaction left different deals');
  return [row(name, median(apiMs), median(rawMs), 'ms', { ratio: '<=', limit: 5 }, `median of ${apiMs.length} runs; HTTP request to answer vs the raw transaction`)];
}

export const bulkUpdate: Scenario = {
  name: 'bulk-update',
  needs: [{ deals: 10_000 }],
  summary: 'one PATCH bulkUpdateDeals of 10,000 deals x 5 properties vs a raw better-sqlite3 transaction making the same row changes',
  async run({ stores }) {
    const source = await stores.deals(10_000);
    const apiDir = stores.copy(source, 'bulk-update-api');
    const rawDir = stores.copy(source, 'bulk-update-raw');
    const server = await startServer({ dataDir: apiDir });
    const reader = openRaw(join(apiDir, STORE_FILE), { readonly: true });
    const raw = openRaw(join(rawDir, STORE_FILE));
    try {
      const select = reader.prepare(`SELECT ${CHANGED_COLUMNS} FROM deals`);
      return await measureBulkUpdate('bulk-update', server, {
        changed: async () => select.all() as Changed[],
        deals: async (columns) => reader.prepare(`SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM deals ORDER BY id`).raw().all() as unknown[][],
      }, raw);
    } finally {
      reader.close();
      raw.close();
      await server.stop();
    }
  },
};

export const pgBulkUpdate: Scenario = {
  name: 'pg-bulk-update',
  needs: [{ deals: 10_000 }],
  summary: 'bulk-update with the server on PostgreSQL (a copy of the 10,000-deal store) vs the same raw better-sqlite3 transaction making the same row changes',
  async run({ stores }) {
    const source = await stores.deals(10_000);
    const rawDir = stores.copy(source, 'pg-bulk-update-raw');
    const db = await benchDatabase(stores);
    const raw = openRaw(join(rawDir, STORE_FILE));
    try {
      const server = await startServer({ dataDir: source, database: db.url }, db.env);
      try {
        const pool = db.database.pool;
        return await measureBulkUpdate('pg-bulk-update', server, {
          changed: async () => (await pool.query<Changed>(`SELECT ${CHANGED_COLUMNS} FROM deals`)).rows,
          deals: async (columns) => {
            // Byte order, as SQLite's ORDER BY; booleans as SQLite's 0 and 1.
            const result = await pool.query({ text: `SELECT ${columns.map((c) => `"${c}"`).join(', ')} FROM deals ORDER BY id COLLATE "C"`, rowMode: 'array' });
            return (result.rows as unknown[][]).map((r) => r.map((v) => (typeof v === 'boolean' ? Number(v) : v)));
          },
        }, raw);
      } finally {
        await server.stop();
      }
    } finally {
      raw.close();
      await db.drop();
    }
  },
};
