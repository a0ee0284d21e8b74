import { once } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../../src-main/contract';
import { outboxEntries } from '../../../src-main/store/sync-outbox';
import { runSync, type SyncSummary } from '../../../src-main/sync';
import { startUwServe, type Running } from '../../support/cli';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../support/postgres';
import { CLIENT, fetchToken, OWNER, startTestService, tempDir, type TestService } from '../../support/service';
import { differingReads, FAST_RETRY, readEverything } from '../sync/helpers';

// Faults of the team server on PostgreSQL: `uw serve --database` servers on one database, run
// as a user runs them (the command's build, as `npm run serve` starts it: scripts/uw.mjs runs the
// server in its own process, so SIGKILL reaches the server itself), one of them killed with
// SIGKILL while a request is in flight: a bulk update, an import, a workstation's sync push.
// Every instance runs with a short import claim lease and resume interval
// (--import-lease-seconds, --import-resume-seconds), so that the survivor takes over a killed
// import within seconds instead of minutes.

const DEMO_DEALS = 12;
/** Long enough that a live instance keeps its claim while the test sets up the kill; short enough not to wait minutes. */
const LEASE_SECONDS = 5;

interface Instance {
  process: Running;
  origin: string;
  api<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let pg: PostgresCluster;
const running: Instance[] = [];
const dirs: { remove(): void }[] = [];

/** `uw serve --database` on `database` (its build), with the test's client and user. */
async function serve(database: TestDatabase, options: { demoDeals?: number; publicUrl?: string } = {}): Promise<Instance> {
  const dir = tempDir('uw-pg-fault-');
  dirs.push(dir);
  const args = ['--port', '0', '--data-dir', dir.path, '--database', database.url, '--user', OWNER];
  args.push('--import-lease-seconds', String(LEASE_SECONDS), '--import-resume-seconds', '1');
  if (options.demoDeals !== undefined) args.push('--demo', '--demo-deals', String(options.demoDeals));
  if (options.publicUrl !== undefined) args.push('--public-url', options.publicUrl);
  const process = await startUwServe(args, { PGPASSWORD: pg.password, UW_CLIENTS: `${CLIENT.clientId}:${CLIENT.secret}` });
  let token: string | undefined;
  const instance: Instance = {
    process,
    origin: process.origin,
    async api(method, path, body) {
      token ??= await fetchToken(process.origin, options.publicUrl ?? process.origin);
      const res = await fetch(process.origin + API_PREFIX + path, {
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

const alive = (instance: Instance) => instance.process.child.exitCode === null && instance.process.child.signalCode === null;

async function kill(instance: Instance): Promise<void> {
  if (!alive(instance)) return;
  const exited = once(instance.process.child, 'exit');
  instance.process.child.kill('SIGKILL');
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

/** Backends of a database waiting on a lock in a transaction that wrote (other than the test's own sessions). */
async function lockWaiters(pool: Pool): Promise<number[]> {
  const { rows } = await pool.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND backend_xid IS NOT NULL",
  );
  return rows.map((r) => r.pid);
}

async function backendGone(pool: Pool, pid: number): Promise<boolean> {
  return (await pool.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 0;
}

beforeAll(async () => {
  // The command's build: the test run's global setup made it (test/support/global-builds.ts).
  pg = await startPostgres();
}, 240_000);

afterAll(async () => {
  for (const instance of running) await kill(instance);
  for (const dir of dirs) dir.remove();
  await pg?.stop();
});

const FIELDS = ['GrossLoan', 'LoanTerm', 'Note', 'Priority', 'RiskRating'] as const;
const deal5 = (d: { grossLoan: number; loanTerm: number; note: string | null; priority: string; riskRating: string }) => [d.grossLoan, d.loanTerm, d.note, d.priority, d.riskRating];

describe('two uw serve --database instances on one database', () => {
  let db: TestDatabase;
  let a: Instance;
  let b: Instance;
  let ids: string[];

  beforeAll(async () => {
    db = await pg.createDatabase();
    a = await serve(db, { demoDeals: DEMO_DEALS });
    b = await serve(db);
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
      await until('the bulk update waits inside its transaction', async () => (await lockWaiters(db.pool)).length > 0);
      const [victim] = await lockWaiters(db.pool);
      await kill(a);
      expect(await inFlight).toBeInstanceOf(Error); // the connection went with the process

      // The survivor answers while the dead instance's transaction is still open.
      const read = await b.api('GET', `/getDealInfo/${ids[0]}`);
      expect(read.status).toBe(200);
      expect(deal5(read.body)).toEqual(before.get(ids[0]!));

      await holder.query('COMMIT');
      released = true;
      // The dead client's backend ends (its transaction rolled back) once it finds the socket closed.
      await until('the killed instance leaves the database', () => backendGone(db.pool, victim!));
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

  it('has the running survivor finish, exactly once and by its periodic resume, an import whose instance was killed mid-way, and its report is readable', { timeout: 180_000 }, async () => {
    const first = await serve(db);
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
    let dead: string | null = null;
    const claim = async () =>
      (await db.pool.query<{ by: string | null; status: string }>('SELECT claimed_by AS by, status FROM import_reports WHERE id = $1', [reportId])).rows[0]!;
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT seq FROM change_feed WHERE id = 1 FOR UPDATE');
      const accepted = await first.api('POST', '/importCollaterals', { collaterals });
      expect(accepted.body).toMatchObject({ success: true });
      reportId = accepted.body.reportId;
      dead = (await claim()).by;
      expect(dead).not.toBeNull(); // the instance that accepted it holds it
      await until('the import waits inside its transaction', async () => (await lockWaiters(db.pool)).length > 0);
      await kill(first);
      await holder.query('COMMIT');
    } finally {
      holder.release();
    }
    const pending = await b.api('GET', `/getImportReport/${reportId}`);
    expect(pending.body.status).toBe('Pending'); // readable on the survivor meanwhile
    // The dead instance's claim runs out (its lease, on the database's clock); the survivor,
    // already running, then claims the import at its next periodic look (--import-resume-seconds)
    // and finishes it: no instance is started for it.
    await until('another instance takes the import over', async () => {
      const now = await claim();
      return now.status === 'Completed' || (now.by !== null && now.by !== dead);
    });
    expect(running.filter(alive).map((i) => i.origin)).toEqual([b.origin]);
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

  afterAll(async () => {
    for (const instance of running.splice(0)) await kill(instance);
  });
});

// A workstation (the product's sync client on its SQLite store) syncing with two instances
// behind one public URL (the fault proxy stands in for the README's reverse proxy, the way it
// fails over: it sends to one instance, then to the other). The instance the push goes to is
// killed while the push's bulk update is in flight, at one of two points a test trigger holds
// it at: before its transaction commits (nothing applied), or at its commit (applied, the answer
// lost). The workstation's next sync, through the survivor, completes either way.
describe('a workstation whose sync push is in flight when the instance is killed', () => {
  const DEALS = 16;
  const EDITED = 12;
  const PAUSE_LOCK = 4216; // the advisory lock the test trigger waits on
  let db: TestDatabase;
  let proxy: FaultProxy;
  let b: Instance;
  let local: TestService;
  const localDir = tempDir('uw-pg-fault-ws-');
  let ids: string[];
  const sync = (): Promise<SyncSummary> =>
    runSync({
      db: local.db,
      remote: { baseUrl: proxy.origin, clientId: CLIENT.clientId, clientSecret: CLIENT.secret },
      retry: FAST_RETRY,
      roundDelayMs: 20,
      timeoutMs: 60_000,
    });

  beforeAll(async () => {
    db = await pg.createDatabase();
    proxy = await startFaultProxy();
    b = await serve(db, { demoDeals: DEALS, publicUrl: proxy.origin });
    proxy.target = b.origin;
    local = await startTestService({ engine: 'sqlite', dataDir: localDir.path, users: [OWNER] });
    expect(await sync()).toMatchObject({ remoteDeals: DEALS, pulled: DEALS, conflicts: 0, rejected: 0 });
    ids = (await b.api('GET', '/getAllDealIds')).body.dealIds;
  }, 180_000);

  afterAll(async () => {
    for (const instance of running.splice(0)) await kill(instance);
    await local?.stop();
    localDir.remove();
    await proxy?.close();
  });

  it.each([
    { when: 'before its transaction commits', atCommit: false },
    { when: 'at its commit, after the platform applied it', atCommit: true },
  ])('loses no edit and applies none twice when killed $when: the next sync through the survivor completes and every read is equal', { timeout: 180_000 }, async ({ atCommit }) => {
    const tag = atCommit ? 'pushed-at-commit' : 'pushed-before-commit';
    const variant = atCommit ? 2 : 1;
    const a = await serve(db, { publicUrl: proxy.origin });
    proxy.target = a.origin;
    const patches: string[] = []; // bulk updates forwarded, by the instance they went to
    proxy.beforeForward = ({ method, path }) => {
      if (method === 'PATCH' && path.includes('/bulkUpdateDeals')) patches.push(proxy.target === a.origin ? 'a' : 'b');
    };

    // Many edits queued on the workstation: three fields of each of twelve deals, values of this test only.
    const edited = ids.slice(0, EDITED);
    const wanted = edited.map((id, i) => ({ id, grossLoan: 30_000_000 + variant * 1_000 + i, rateSpread: `${variant + 1}.${10 + i}`, note: `${tag} ${i}` }));
    const edit = await local.api('PATCH', '/bulkUpdateDeals', {
      itemsToUpdate: wanted.map((w) => ({
        id: w.id,
        updates: [
          { property: 'GrossLoan', value: String(w.grossLoan) },
          { property: 'RateSpread', value: w.rateSpread },
          { property: 'Note', value: w.note },
        ],
      })),
    });
    expect(edit.body.errors).toEqual([]);
    expect(outboxEntries(local.db)).toHaveLength(EDITED * 3);
    const [{ lastHistory }] = (await db.pool.query<{ lastHistory: number }>('SELECT coalesce(max(id), 0)::int AS "lastHistory" FROM deal_history')).rows as [{ lastHistory: number }];

    // The test's trigger makes the push's transaction wait for the advisory lock the test holds:
    // on its first updated row (before commit), or at COMMIT (a deferred constraint trigger).
    await db.pool.query(`CREATE OR REPLACE FUNCTION test_pause_push() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_advisory_xact_lock(${PAUSE_LOCK}); RETURN NEW; END $$`);
    const when = `FOR EACH ROW WHEN (NEW.note LIKE '${tag}%') EXECUTE FUNCTION test_pause_push()`;
    await db.pool.query(
      atCommit
        ? `CREATE CONSTRAINT TRIGGER test_pause_push AFTER UPDATE ON deals DEFERRABLE INITIALLY DEFERRED ${when}`
        : `CREATE TRIGGER test_pause_push BEFORE UPDATE ON deals ${when}`,
    );
    const holder = await db.pool.connect();
    let first: unknown;
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [PAUSE_LOCK]);
      const pushing = sync().catch((error: unknown) => error);
      await until('the push waits inside its transaction', async () => (await lockWaiters(db.pool)).length > 0);
      const [victim] = await lockWaiters(db.pool);
      if (atCommit) expect((await db.pool.query('SELECT query FROM pg_stat_activity WHERE pid = $1', [victim])).rows[0].query).toMatch(/^commit/i);
      await kill(a);
      await holder.query('SELECT pg_advisory_unlock($1)', [PAUSE_LOCK]);
      // The dead instance's backend carries on once the lock is free: at COMMIT it commits, then
      // finds the socket closed; before it, it finds the socket closed and rolls back.
      await until('the killed instance leaves the database', () => backendGone(db.pool, victim!));
      await db.pool.query('DROP TRIGGER test_pause_push ON deals');
      // The sync in flight fails (the proxy still sends to the dead instance) or settles what it
      // can: either way nothing queued has gone.
      first = await pushing;
    } finally {
      holder.release();
    }
    const { rows: applied } = await db.pool.query('SELECT id FROM deals WHERE note LIKE $1', [`${tag}%`]);
    expect(applied).toHaveLength(atCommit ? EDITED : 0); // what the killed instance left behind
    expect(first).toBeInstanceOf(Error);
    expect(outboxEntries(local.db)).toHaveLength(EDITED * 3);

    // The proxy fails over to the survivor; the next sync completes there.
    proxy.target = b.origin;
    const next = await sync();
    expect(next).toMatchObject({ conflicts: 0, rejected: 0, queued: 0 });
    expect(outboxEntries(local.db)).toEqual([]);
    // Applied at the killed commit: settled by reading, not sent again; rolled back: sent once more.
    expect(patches).toEqual(atCommit ? ['a'] : ['a', 'b']);
    proxy.beforeForward = null;

    // Each edit's effect once: one history entry per edited field, with the value pushed.
    const { rows: history } = await db.pool.query<{ dealId: string; field: string; newValue: string }>(
      'SELECT deal_id AS "dealId", field, new_value AS "newValue" FROM deal_history WHERE id > $1 ORDER BY deal_id, field',
      [lastHistory],
    );
    expect(history).toHaveLength(EDITED * 3);
    for (const w of wanted) {
      const entries = history.filter((h) => h.dealId === w.id);
      expect(entries.map((h) => h.field), `history of ${w.id}`).toHaveLength(3);
      expect(new Set(entries.map((h) => h.field)).size).toBe(3);
      expect(entries.map((h) => h.newValue)).toContain(JSON.stringify(w.note)); // history values are JSON text
      const info = (await b.api('GET', `/getDealInfo/${w.id}`)).body;
      expect([info.grossLoan, info.note]).toEqual([w.grossLoan, w.note]);
    }
    const [platform, workstation] = await Promise.all([readEverything(b), readEverything(local)]);
    expect(differingReads(platform, workstation)).toEqual([]);
    // Converged: the sync after it pushes nothing.
    expect(await sync()).toMatchObject({ pushed: 0, conflicts: 0, rejected: 0, queued: 0 });
  });
});
