import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lite from '../../../../src-main/store/deal-updates';
import { allDealIds, dealRow } from '../../../../src-main/store/deals';
import * as pgUpdates from '../../../../src-main/store/postgres/deal-updates';
import { dealRow as pgDealRow } from '../../../../src-main/store/postgres/deals';
import type * as pgSchema from '../../../../src-main/store/postgres/schema';
import { deals, files, loansPackages } from '../../../../src-main/store/schema';
import { DEAL_WITHOUT_COLLATERAL, parityStores, type ParityStores } from '../../../support/parity-stores';

// The bulk update's reads and write on PostgreSQL (store/postgres/deal-updates.ts): the same
// answers and the same rows written as on SQLite, and each deal's row locked from its read to
// the unit's end, so a concurrent update of the same deal reads what the first one wrote.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 6 });
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const COLUMNS: lite.DealColumn[] = ['isSyndicatedLoan', 'note', 'rateSpread', 'grossLoan', 'ownerId', 'loansPackageId', 'originationDate'];
const demoDeals = () => allDealIds(stores.sqlite).filter((id) => id !== DEAL_WITHOUT_COLLATERAL);

describe('the bulk update on PostgreSQL', () => {
  it('reads the asked columns of the existing deals among the ids as SQLite does, inside a write unit and a read-only one', async () => {
    const ids = [...allDealIds(stores.sqlite), 'no-such-deal', demoDeals()[0]!];
    const expected = lite.dealSnapshots(stores.sqlite, ids, COLUMNS);
    expect(expected.size).toBe(allDealIds(stores.sqlite).length);
    expect(await stores.pg.transaction((tx) => pgUpdates.dealSnapshots(tx, ids, COLUMNS))).toEqual(expected);
    expect(await stores.pg.transaction((tx) => pgUpdates.dealSnapshots(tx, ids, COLUMNS), { isolationLevel: 'repeatable read', accessMode: 'read only' })).toEqual(expected);
    expect(await pgUpdates.dealSnapshots(stores.pg, ids, [])).toEqual(lite.dealSnapshots(stores.sqlite, ids, []));
    expect(await pgUpdates.dealSnapshots(stores.pg, [], COLUMNS)).toEqual(new Map());
  });

  it('finds existing loans packages and the deals of files as SQLite does', async () => {
    const packages = [...stores.sqlite.select({ id: loansPackages.id }).from(loansPackages).all().map((r) => r.id), 'no-such-package'];
    const fileIds = [...stores.sqlite.select({ id: files.id }).from(files).all().map((r) => r.id), 'no-such-file'];
    expect(packages.length).toBeGreaterThan(1);
    expect(fileIds.length).toBeGreaterThan(1);
    expect(await pgUpdates.existingLoansPackages(stores.pg, packages)).toEqual(lite.existingLoansPackages(stores.sqlite, packages));
    expect(await pgUpdates.fileDealIds(stores.pg, fileIds)).toEqual(lite.fileDealIds(stores.sqlite, fileIds));
    expect(await pgUpdates.existingLoansPackages(stores.pg, [])).toEqual(new Set());
    expect(await pgUpdates.fileDealIds(stores.pg, [])).toEqual(new Map());
  });

  it('finds the deals holding loan ids by their trimmed, lower-case key as SQLite does, inside a write unit too', async () => {
    const held = stores.sqlite.select({ loanId: deals.loanId }).from(deals).all().map((r) => r.loanId).filter((id): id is string => id !== null);
    expect(held.length).toBeGreaterThan(1);
    const keys = [...held.slice(0, 3).map(lite.loanIdKey), 'ln-no-such-loan'];
    const expected = lite.dealsHoldingLoanIds(stores.sqlite, keys);
    expect(expected.size).toBe(3);
    expect(await pgUpdates.dealsHoldingLoanIds(stores.pg, keys)).toEqual(expected);
    expect(await stores.pg.transaction((tx) => pgUpdates.dealsHoldingLoanIds(tx, keys))).toEqual(expected);
    expect(await pgUpdates.dealsHoldingLoanIds(stores.pg, [])).toEqual(new Map());
  });

  it('writes the same rows as SQLite: each patch and the updated_at stamp, and nothing else', async () => {
    const [a, b, c] = demoDeals();
    // Two deals of one shape (one statement on PostgreSQL), another shape, and a deal patched twice: the later value wins.
    const updates: lite.DealUpdateWrite[] = [
      { dealId: a!, patch: { note: 'Sponsor call moved', isSyndicatedLoan: true, rateSpread: 0.1 + 0.2 }, edits: [] },
      { dealId: b!, patch: { note: null, grossLoan: 12_345_678.9, rateSpread: undefined }, edits: [] },
      { dealId: c!, patch: { note: 'Second of its shape', grossLoan: 7_500_000 }, edits: [] },
      { dealId: a!, patch: { note: 'Sponsor call moved again' }, edits: [] },
    ];
    const at = '2026-11-26T12:00:00.000Z';
    stores.sqlite.transaction(() => lite.applyDealUpdates(stores.sqlite, updates, at));
    await stores.pg.transaction((tx) => pgUpdates.applyDealUpdates(tx, updates, at));
    for (const id of allDealIds(stores.sqlite)) expect(await pgDealRow(stores.pg, id)).toEqual(dealRow(stores.sqlite, id));
    expect((await pgDealRow(stores.pg, a!))?.rateSpread).toBe(0.1 + 0.2);
    expect((await pgDealRow(stores.pg, a!))?.note).toBe('Sponsor call moved again');
    expect((await pgDealRow(stores.pg, b!))?.updatedAt).toBe(at);
  });

  it("keeps a deal's row locked from its read to the unit's end: a concurrent update reads the first one's write", async () => {
    const [a, b] = demoDeals();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let firstRead!: () => void;
    const firstHasRead = new Promise<void>((resolve) => (firstRead = resolve));
    const first = stores.pg.transaction(async (tx) => {
      await pgUpdates.dealSnapshots(tx, [b!, a!], ['note']);
      firstRead();
      await released;
      await pgUpdates.applyDealUpdates(tx, [{ dealId: a!, patch: { note: 'first' }, edits: [] }], '2026-11-26T13:00:00.000Z');
    });
    await firstHasRead;
    const second = stores.pg.transaction((tx) => pgUpdates.dealSnapshots(tx, [a!], ['note']));
    await waitUntilOneWaitsForALock(stores.pg);
    release();
    await first;
    expect((await second).get(a!)).toEqual({ id: a, note: 'first' });
  });

  it('locks the deals in id order whatever order they are asked in, so overlapping updates queue instead of deadlocking', async () => {
    const [a, b] = [...demoDeals()].sort();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = stores.pg.transaction(async (tx) => {
      await pgUpdates.dealSnapshots(tx, [a!], ['note']);
      locked();
      await released;
    });
    await isLocked;
    // Asked b first, the second unit still waits on a (the lower id) before it locks b.
    const second = stores.pg.transaction((tx) => pgUpdates.dealSnapshots(tx, [b!, a!], ['note']));
    await waitUntilOneWaitsForALock(stores.pg);
    const bIsFree = await stores.pg.transaction(async (tx) => {
      const { rows } = await tx.execute(sql`SELECT id FROM deals WHERE id = ${b!} FOR UPDATE SKIP LOCKED`);
      return rows.length === 1;
    });
    expect(bIsFree).toBe(true);
    release();
    await holder;
    expect([...(await second).keys()].sort()).toEqual([a, b]);
  });

  it('lets a read-only preview read a deal another unit has locked, without waiting', async () => {
    const [a] = demoDeals();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const writer = stores.pg.transaction(async (tx) => {
      await pgUpdates.dealSnapshots(tx, [a!], ['note']);
      locked();
      await released;
    });
    await isLocked;
    const preview = await stores.pg.transaction((tx) => pgUpdates.dealSnapshots(tx, [a!], ['note']), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    expect(preview.get(a!)).toEqual({ id: a, note: 'first' });
    release();
    await writer;
  });
});

/** Waits (polling the server, no fixed delay) until a session of this database waits for a row lock. */
async function waitUntilOneWaitsForALock(pg: NodePgDatabase<typeof pgSchema>): Promise<void> {
  for (;;) {
    const { rows } = await pg.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    if ((rows[0] as { n: number }).n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

