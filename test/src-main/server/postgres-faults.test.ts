import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../src-main/contract';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../support/postgres';
import { CLIENT, fetchToken, OWNER, tempDir } from '../../support/service';

// Faults of the team server on PostgreSQL: two server processes on one database (what
// `uw serve --database` runs: test/support/serve-database-child.ts), one of them killed with
// SIGKILL while a request is in flight. Each instance is its own child process (node with tsx's
// loader, no wrapper process: the signal reaches the server itself).

const ROOT = join(import.meta.dirname, '..', '..', '..');
const SERVER = join(ROOT, 'test', 'support', 'serve-database-child.ts');
const DEMO_DEALS = 12;

interface Instance {
  child: ChildProcess;
  origin: string;
  stderr(): string;
  api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let pg: PostgresCluster;
let db: TestDatabase;
const running: Instance[] = [];
const dirs: { remove(): void }[] = [];

async function serve(options: { demoDeals?: number; importLeaseMs?: number } = {}): Promise<Instance> {
  const dir = tempDir('uw-pg-fault-');
  dirs.push(dir);
  const settings = { url: db.url, dataDir: dir.path, clients: [CLIENT], users: [OWNER], ...options };
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: ROOT,
    env: { ...process.env, PGPASSWORD: pg.password, UW_TEST_SERVE: JSON.stringify(settings) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d) => (err += d));
  const origin = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /^listening on (http:\/\/\S+)$/m.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`uw serve exited ${code}: ${err}`)));
  });
  let token: string | undefined;
  const instance: Instance = {
    child,
    origin,
    stderr: () => err,
    async api(method, path, body) {
      token ??= await fetchToken(origin, origin);
      const res = await fetch(origin + API_PREFIX + path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  };
  running.push(instance);
  return instance;
}

async function kill(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const exited = once(instance.child, 'exit');
  instance.child.kill('SIGKILL');
  await exited;
}

/** Polls `check` until it answers true (conditions, not durations: no assertion on time). */
async function until(what: string, check: () => Promise<boolean>, attempts = 600): Promise<void> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting until ${what}`);
}

/** Backends of the test database waiting on a lock (other than the test's own sessions). */
async function lockWaiters(): Promise<number[]> {
  const { rows } = await db.pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND backend_xid IS NOT NULL",
  );
  return rows.map((r) => r.pid);
}

beforeAll(async () => {
  pg = await startPostgres();
  db = await pg.createDatabase();
}, 120_000);

afterAll(async () => {
  for (const instance of running) await kill(instance);
  for (const dir of dirs) dir.remove();
  await pg?.stop();
});

const FIELDS = ['GrossLoan', 'LoanTerm', 'Note', 'Priority', 'RiskRating'] as const;
const deal5 = (d: { grossLoan: number; loanTerm: number; note: string | null; priority: string; riskRating: string }) => [d.grossLoan, d.loanTerm, d.note, d.priority, d.riskRating];

describe('two uw serve --database instances on one database', () => {
  let a: Instance;
  let b: Instance;
  let ids: string[];

  beforeAll(async () => {
    a = await serve({ demoDeals: DEMO_DEALS });
    b = await serve();
    ids = (await b.api('GET', '/getAllDealIds')).body.dealIds;
    expect(ids).toHaveLength(DEMO_DEALS);
  }, 120_000);

  it('keeps answering on the survivor when the other is killed mid bulk update, and no deal of the killed request is half updated', async () => {
    const before = new Map<string, unknown[]>();
    for (const id of ids) before.set(id, deal5((await b.api('GET', `/getDealInfo/${id}`)).body));
    const values = (i: number) => ({ GrossLoan: String(20_000_000 + i), LoanTerm: String(100 + i), Note: `killed request ${i}`, Priority: 'High', RiskRating: '7' });
    const items = ids.map((id, i) => ({ id, updates: FIELDS.map((property) => ({ property, value: values(i)[property] })) }));

    // The test holds the change feed's counter row: the killed instance's unit writes its first
    // deal, then waits for the counter inside its transaction, with writes not yet committed.
    const holder: PoolClient = await db.pool.connect();
    let released = false;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT seq FROM change_feed WHERE id = 1 FOR UPDATE');
      const inFlight = a.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: items }).catch((error: unknown) => error);
      await until('the bulk update waits inside its transaction', async () => (await lockWaiters()).length > 0);
      const [victim] = await lockWaiters();
      await kill(a);
      expect(await inFlight).toBeInstanceOf(Error); // the connection went with the process

      // The survivor answers while the dead instance's transaction is still open.
      const read = await b.api('GET', `/getDealInfo/${ids[0]}`);
      expect(read.status).toBe(200);
      expect(deal5(read.body)).toEqual(before.get(ids[0]!));

      await holder.query('COMMIT');
      released = true;
      // The dead client's backend ends (its transaction rolled back) once it finds the socket closed.
      await until('the killed instance leaves the database', async () => (await db.pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [victim])).rowCount === 0);
    } finally {
      if (!released) await holder.query('ROLLBACK').catch(() => {});
      holder.release();
    }

    for (const [i, id] of ids.entries()) {
      const now = deal5((await b.api('GET', `/getDealInfo/${id}`)).body);
      const next = [20_000_000 + i, 100 + i, `killed request ${i}`, 'High', '7'];
      expect([before.get(id), next], `deal ${id}: all five fields old or all new`).toContainEqual(now);
    }
    // The survivor takes the same request in full: the dead instance's locks are gone.
    const again = await b.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: items });
    expect(again.body.errors).toEqual([]);
    expect(again.body.updatedEntities).toHaveLength(DEMO_DEALS);
    for (const [i, id] of ids.entries()) expect(deal5((await b.api('GET', `/getDealInfo/${id}`)).body)).toEqual([20_000_000 + i, 100 + i, `killed request ${i}`, 'High', '7']);
  });

  it('finishes exactly once, on another instance, an import whose instance was killed mid-way, and its report is readable', { timeout: 180_000 }, async () => {
    const LEASE_MS = 2_000;
    const first = await serve({ importLeaseMs: LEASE_MS });
    const deal = ids[0]!;
    const tag = `KILLED-${Date.now()}`;
    const collaterals = [1, 2, 3].map((n) => ({
      clientItemId: `item-${n}`,
      migrationReference: `${tag}-${n}`,
      collateralCreateData: { dealIds: [deal], name: `Imported Property ${n}`, subType: 'CBD Office', address: { fullAddress: `${300 + n} Lavaca St, Austin, TX 78701` }, subStatus: 'Active', propertyType: 'Office' },
      alternativeValuationCreateData: { name: 'Broker opinion of value', valuation: 4_000_000, asOfDate: '2025-06-30', valueBasis: 'As Is' },
    }));

    // The counter row held: the import's first item waits inside its transaction.
    const holder: PoolClient = await db.pool.connect();
    let reportId: string;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT seq FROM change_feed WHERE id = 1 FOR UPDATE');
      const accepted = await first.api('POST', '/importCollaterals', { collaterals });
      expect(accepted.body).toMatchObject({ success: true });
      reportId = accepted.body.reportId;
      await until('the import waits inside its transaction', async () => (await lockWaiters()).length > 0);
      await kill(first);
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    const pending = await b.api('GET', `/getImportReport/${reportId}`);
    expect(pending.body.status).toBe('Pending'); // readable on the survivor meanwhile
    // The dead instance's claim runs out (the database's clock), then another instance takes it over.
    await until('the claim runs out', async () => (await db.pool.query(`SELECT 1 FROM import_reports WHERE id = $1 AND claimed_until < to_char(statement_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, [reportId])).rowCount === 1);
    await serve({ importLeaseMs: LEASE_MS });
    let report: { status: string; createdEntities: { clientItemId: string }[]; errors: unknown[] } | undefined;
    await until('the import completes', async () => {
      report = (await b.api('GET', `/getImportReport/${reportId}`)).body;
      return report!.status === 'Completed';
    });
    expect(report!.errors).toEqual([]);
    expect(report!.createdEntities.map((e) => e.clientItemId)).toEqual(['item-1', 'item-2', 'item-3']);
    const { rows } = await db.pool.query<{ ref: string; n: number }>(
      'SELECT migration_reference AS ref, count(*)::int AS n FROM collaterals WHERE migration_reference LIKE $1 GROUP BY 1 ORDER BY 1',
      [`${tag}-%`],
    );
    expect(rows).toEqual([1, 2, 3].map((n) => ({ ref: `${tag}-${n}`, n: 1 })));
  });
});
