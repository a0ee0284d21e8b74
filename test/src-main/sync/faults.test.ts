import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { SyncError, takeTheirs } from '../../../src-main/sync';
import { CREATE_BODY, bulkUpdate, dealIds, dealInfo, differingReads, outboxRows, readEverything, startPair, type Pair } from './helpers';

// The fault-injecting proxy between the local instance and the platform: latency, 5xx, 429 with
// Retry-After, answers dropped after the platform applied the write, tokens expiring mid-run.
// Each time the sync completes or stops with a clear reason, and no edit is lost or applied twice.

let pair: Pair;
let ids: string[];

beforeAll(async () => {
  // Faults land on the single reads of the full walk (feed-pull.test.ts covers the feed's reads).
  pair = await startPair({ demoDeals: 6, proxy: true, useExtensions: false });
  ids = await dealIds(pair.remote);
}, 60_000);

afterEach(() => {
  pair.proxy!.clear();
  // A failed test must not leave its queued edits to the next one.
  pair.local.db.$client.prepare('DELETE FROM outbox').run();
});

afterAll(async () => {
  await pair?.stop();
});

const patches = () => pair.proxy!.log.filter((e) => e.method === 'PATCH' && e.outcome !== 'status-503' && e.outcome !== 'status-429');

describe('sync through a faulty network', () => {
  test('5xx answers and latency on reads are retried and the first sync completes with every read equal', async () => {
    pair.proxy!.latencyMs = 5;
    pair.proxy!.inject({ method: 'GET', path: '/getCollateralCashFlow/', fault: { kind: 'status', status: 503 }, times: 4 });
    pair.proxy!.inject({ method: 'GET', path: '/getDealInfo/', fault: { kind: 'status', status: 500 }, times: 3, skip: 2 });
    pair.proxy!.inject({ method: 'GET', path: '/getDealFunds/', fault: { kind: 'drop-request' }, times: 2 });
    const summary = await pair.sync();
    expect(summary).toMatchObject({ pulled: 6, queued: 0 });
    expect(summary.retries).toBeGreaterThanOrEqual(9);
    expect(pair.proxy!.faultsApplied()).toMatchObject({ 'status-503': 4, 'status-500': 3, 'drop-request': 2 });
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);
  });

  test('a 429 with Retry-After is waited out, on a read and on the bulk update', async () => {
    await bulkUpdate(pair.local, [{ id: ids[0]!, updates: { Note: 'after the rate limit' } }]);
    pair.proxy!.inject({ method: 'GET', path: '/getAllDealIds', fault: { kind: 'status', status: 429, retryAfterSeconds: 1 } });
    pair.proxy!.inject({ method: 'PATCH', path: '/bulkUpdateDeals', fault: { kind: 'status', status: 429, retryAfterSeconds: 1 } });
    const started = Date.now();
    const summary = await pair.sync();
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(summary).toMatchObject({ pushed: 1, queued: 0 });
    expect((await dealInfo(pair.remote, ids[0]!)).note).toBe('after the rate limit');
  });

  test('a token that expires mid-run is replaced once and the run goes on', async () => {
    await bulkUpdate(pair.local, [{ id: ids[1]!, updates: { Priority: 'High', Note: 'token rotated' } }]);
    pair.proxy!.inject({ fault: { kind: 'expire-tokens' }, skip: 25 });
    pair.proxy!.inject({ method: 'PATCH', fault: { kind: 'expire-tokens' } });
    const tokensBefore = pair.proxy!.log.filter((e) => e.path === '/oauth/token').length;
    const summary = await pair.sync();
    expect(summary).toMatchObject({ pushed: 2, queued: 0 });
    expect(pair.proxy!.faultsApplied()['expired-token']).toBeGreaterThanOrEqual(2);
    expect(pair.proxy!.log.filter((e) => e.path === '/oauth/token').length - tokensBefore).toBeGreaterThanOrEqual(2);
    expect((await dealInfo(pair.remote, ids[1]!)).note).toBe('token rotated');
  });

  test('a bulk update whose answer is lost after the platform applied it is settled by reading, not sent twice', async () => {
    await bulkUpdate(pair.local, [{ id: ids[2]!, updates: { GrossLoan: '5550000', RiskRating: '7' } }]);
    pair.proxy!.inject({ method: 'PATCH', path: '/bulkUpdateDeals', fault: { kind: 'drop-response' } });
    const before = patches().length;
    const summary = await pair.sync();
    expect(summary).toMatchObject({ pushed: 2, queued: 0, conflicts: 0 });
    expect(patches().length - before).toBe(1);
    expect(outboxRows(pair.local)).toEqual([]);
    const remote = await dealInfo(pair.remote, ids[2]!);
    expect([remote.grossLoan, remote.riskRating]).toEqual([5_550_000, '7']);
    expect(await dealInfo(pair.local, ids[2]!)).toEqual(remote);
  });

  test('a platform edit made after our lost answer is not overwritten: it becomes a conflict', async () => {
    const id = ids[3]!;
    await bulkUpdate(pair.local, [{ id, updates: { SeedName: 'Mine, sent once' } }]);
    pair.proxy!.inject({ method: 'PATCH', path: '/bulkUpdateDeals', fault: { kind: 'drop-response' } });
    let edited = false;
    const mark = pair.proxy!.log.length;
    pair.proxy!.beforeForward = async (r) => {
      const dropped = pair.proxy!.log.slice(mark).some((e) => e.outcome === 'drop-response');
      if (dropped && !edited && r.method === 'GET' && r.path.endsWith(`/getDealInfo/${id}`)) {
        edited = true;
        await bulkUpdate(pair.remote, [{ id, updates: { SeedName: 'Theirs, after mine' } }]);
      }
    };
    const before = patches().length;
    const summary = await pair.sync();
    expect(edited).toBe(true);
    expect(patches().length - before).toBe(1);
    expect(summary).toMatchObject({ conflicts: 1, queued: 0 });
    expect((await dealInfo(pair.remote, id)).seedName).toBe('Theirs, after mine');
    const rows = outboxRows(pair.local);
    expect(rows).toMatchObject([{ entityId: id, field: 'SeedName', status: 'conflict', value: 'Mine, sent once' }]);
    takeTheirs(pair.local.db, rows[0]!.id);
    expect((await dealInfo(pair.local, id)).seedName).toBe('Theirs, after mine');
  });

  test('a platform edit between our read and our bulk update, on another field, survives with ours', async () => {
    const id = ids[4]!;
    await bulkUpdate(pair.local, [{ id, updates: { LoanId: 'LN-LOCAL-1' } }]);
    pair.proxy!.beforeForward = async (r) => {
      if (r.method === 'PATCH') {
        pair.proxy!.beforeForward = null;
        await bulkUpdate(pair.remote, [{ id, updates: { Description: 'edited on the platform meanwhile' } }]);
      }
    };
    expect(await pair.sync()).toMatchObject({ pushed: 1, queued: 0, conflicts: 0 });
    const remote = await dealInfo(pair.remote, id);
    expect([remote.loanId, remote.description]).toEqual(['LN-LOCAL-1', 'edited on the platform meanwhile']);
    expect(await dealInfo(pair.local, id)).toEqual(remote);
  });

  test('a platform that keeps failing stops the sync with a clear reason, and the next sync loses nothing', async () => {
    await bulkUpdate(pair.local, [
      { id: ids[0]!, updates: { LoanId: 'LN-OUTAGE-0' } },
      { id: ids[5]!, updates: { Description: 'an outage came', Note: 'queued through an outage' } },
    ]);
    pair.proxy!.inject({ method: 'PATCH', fault: { kind: 'status', status: 503 }, times: Infinity });
    const failed = await pair.sync().catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SyncError);
    expect((failed as SyncError).message).toBe('the platform failed PATCH /api/apiGateway/bulkUpdateDeals (HTTP 503); 3 edit(s) stay queued for the next sync');
    const rows = outboxRows(pair.local);
    expect(rows.map((r) => r.status)).toEqual(['ambiguous', 'ambiguous', 'ambiguous']);
    expect(rows.every((r) => r.lastError?.includes('HTTP 503') && r.nextAttemptAt! > new Date().toISOString())).toBe(true);

    pair.proxy!.clear();
    // A background sync leaves rows in backoff alone; a sync the user asks for tries them all.
    expect(await pair.sync({ respectBackoff: true })).toMatchObject({ pushed: 0, queued: 3 });
    expect(await pair.sync()).toMatchObject({ pushed: 3, queued: 0 });
    expect((await dealInfo(pair.remote, ids[5]!)).note).toBe('queued through an outage');
    expect((await dealInfo(pair.remote, ids[0]!)).loanId).toBe('LN-OUTAGE-0');
  });

  test('reads that keep failing stop the sync with the failing call named', async () => {
    pair.proxy!.inject({ method: 'GET', path: '/getDealFunds/', fault: { kind: 'status', status: 500 }, times: Infinity });
    await expect(pair.sync()).rejects.toThrow(/^the platform failed GET \/api\/apiGateway\/getDealFunds\/\S+ \(HTTP 500\)$/);
    pair.proxy!.clear();
    expect(await pair.sync()).toMatchObject({ queued: 0 });
  });

  test('a create retried after a lost answer, answered Duplicated, is recognised as made and not made twice', async () => {
    const body = { ...CREATE_BODY, dealName: 'Duplicated Retry Plaza', address: { fullAddress: '77 Retry Way, Austin, TX 78701' } };
    expect((await pair.local.api('POST', '/createResidentialDeal', body)).body.success).toBe(true);
    pair.proxy!.inject({ method: 'POST', path: '/createResidentialDeal', fault: { kind: 'drop-response' } });
    await expect(pair.sync()).rejects.toThrow(/did not answer|cannot reach|socket|closed/);
    const count = (await dealIds(pair.remote)).length;
    // As if the reading before the retry had missed it: the retry goes out and hears Duplicated.
    pair.local.db.$client.prepare(`UPDATE outbox SET status = 'pending' WHERE field = '$create'`).run();
    const summary = await pair.sync();
    expect(summary).toMatchObject({ created: 1, queued: 0, rejected: 0 });
    expect(pair.proxy!.log.filter((e) => e.path.includes('/createResidentialDeal'))).toHaveLength(2);
    expect(await dealIds(pair.remote)).toHaveLength(count);
    expect(outboxRows(pair.local)).toEqual([]);
    const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
    expect(differingReads(remote, local)).toEqual([]);
  });
});
