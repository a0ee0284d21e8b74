import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, DealChangesResponseDto, DealGraphsResponseDto, ENDPOINTS, type EndpointName } from '../../../src-main/contract';
import { changeFeedHead } from '../../../src-main/store/change-feed';
import type { Db } from '../../../src-main/store/db';
import * as t from '../../../src-main/store/schema';
import { applyMirrorDeal, inSyncTransaction, pausedChangeFeed, removeLocalDeal, type MirrorDeal, type MirrorScope } from '../../../src-main/store/sync-mirror';
import { OWNER, startTestService, TEST_ENGINE, type TestService } from '../../support/service';

// The sync mirror (applyMirrorDeal, removeLocalDeal) is the workstation's write path, on SQLite
// only: its tests, and the one forcing a failure inside a drizzle SQLite transaction, run there.
const sqliteOnly = TEST_ENGINE !== 'sqlite';

// The change feed and the bulk graph reads (docs/api.md), on the real server over a real SQLite
// file, through a real token.

let s: TestService;
let db: Db;
const DEMO_DEALS = 16;

beforeAll(async () => {
  s = await startTestService({ demoDeals: DEMO_DEALS, users: [OWNER] });
  if (s.engine === 'sqlite') db = s.db;
}, 60_000);
afterAll(async () => s?.stop());

async function feed(service: TestService, since?: string, limit?: number) {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await service.api('GET', `/getDealChanges?${query}`);
  expect(res.status).toBe(200);
  return res.body as DealChangesResponseDto;
}

/** Reads every page after `since`; returns the changes in order and the last cursor. */
async function drain(since?: string, limit?: number) {
  const changes: { dealId: string; kind: string }[] = [];
  let cursor = since;
  for (let page = 0; page < 1000; page++) {
    const answer = DealChangesResponseDto.parse(await feed(s, cursor, limit));
    expect(answer.success, JSON.stringify(answer.error)).toBe(true);
    changes.push(...answer.changes);
    cursor = answer.cursor;
    if (!answer.hasMore) return { changes, cursor: cursor! };
  }
  throw new Error('the feed never ended');
}

async function dealIds(): Promise<string[]> {
  return (await s.api('GET', '/getAllDealIds')).body.dealIds;
}

/** The deal's rows as the sync mirror takes them (what a pull of an unchanged deal would bring). */
function mirrorOf(dealId: string): { mirror: MirrorDeal; scope: MirrorScope } {
  const deal = db.select().from(t.deals).where(eq(t.deals.id, dealId)).get()!;
  const links = db.select().from(t.dealCollaterals).where(eq(t.dealCollaterals.dealId, dealId)).orderBy(t.dealCollaterals.position).all();
  const personIds = db.select().from(t.dealPeople).where(eq(t.dealPeople.dealId, dealId)).all().map((r) => r.personId);
  const companyIds = db.select().from(t.dealCompanies).where(eq(t.dealCompanies.dealId, dealId)).all().map((r) => r.companyId);
  const collaterals = links.map(({ collateralId }) => {
    const components = db.select().from(t.components).where(eq(t.components.collateralId, collateralId)).all();
    const componentIds = components.map((c) => c.id);
    const rentRolls = db.select().from(t.rentRolls).where(inArray(t.rentRolls.componentId, componentIds)).all();
    const revenueValuations = db.select().from(t.revenueValuations).where(eq(t.revenueValuations.collateralId, collateralId)).all();
    return {
      collateral: db.select().from(t.collaterals).where(eq(t.collaterals.id, collateralId)).get()!,
      components,
      marketData: db.select().from(t.marketData).where(inArray(t.marketData.componentId, componentIds)).all(),
      salesComps: db.select().from(t.salesComps).where(inArray(t.salesComps.componentId, componentIds)).all(),
      livingUnits: db.select().from(t.livingUnits).where(inArray(t.livingUnits.componentId, componentIds)).all(),
      rentRolls,
      rentRollItems: db.select().from(t.rentRollItems).where(inArray(t.rentRollItems.rentRollId, rentRolls.map((r) => r.id))).all(),
      revenueValuations,
      cashFlowTransactions: db.select().from(t.cashFlowTransactions).where(inArray(t.cashFlowTransactions.valuationId, revenueValuations.map((v) => v.id))).all(),
      alternativeValuations: db.select().from(t.alternativeValuations).where(eq(t.alternativeValuations.collateralId, collateralId)).all(),
    };
  });
  const analysis = db.select().from(t.fundsAnalyses).where(eq(t.fundsAnalyses.dealId, dealId)).get();
  const mirror: MirrorDeal = {
    deal,
    users: [deal.ownerId],
    loansPackageIds: deal.loansPackageId ? [deal.loansPackageId] : [],
    people: personIds.length ? db.select().from(t.people).where(inArray(t.people.id, personIds)).all() : [],
    companies: companyIds.length ? db.select().from(t.companies).where(inArray(t.companies.id, companyIds)).all() : [],
    personIds,
    companyIds,
    collaterals,
    funds: analysis
      ? {
          analysis,
          sources: db.select().from(t.fundSources).where(eq(t.fundSources.fundsId, analysis.id)).all(),
          uses: db.select().from(t.fundUses).where(eq(t.fundUses.fundsId, analysis.id)).all(),
        }
      : null,
  };
  return { mirror, scope: { collateralIds: links.map((l) => l.collateralId), personIds, companyIds } };
}

/** The first deal whose mirror passes `has`. */
async function dealWhere(has: (m: MirrorDeal) => boolean): Promise<string> {
  for (const id of await dealIds()) if (has(mirrorOf(id).mirror)) return id;
  throw new Error('no demo deal has what this test needs');
}

/** Applies the deal's mirror, changed by `change`; `paused`: with the feed's row triggers paused, as a pull writes. */
function applyMirror(dealId: string, change: (m: MirrorDeal) => void, paused = false): void {
  const { mirror, scope } = mirrorOf(dealId);
  change(mirror);
  const apply = () => applyMirrorDeal(db, mirror, scope, new Date().toISOString());
  inSyncTransaction(db, () => (paused ? pausedChangeFeed(db, apply) : apply()));
}

/** A person of the deal whom another deal links too. */
function sharedPerson(m: MirrorDeal): string | undefined {
  return m.personIds.find((p) => db.select().from(t.dealPeople).where(eq(t.dealPeople.personId, p)).all().length > 1);
}

const byDeal = (changes: { dealId: string; kind: string }[]) => [...changes].sort((a, b) => a.dealId.localeCompare(b.dealId));

describe('the change feed', () => {
  it('lists every stored deal once, as an Upsert, when read from the beginning', async () => {
    const { changes } = await drain();
    expect(changes.map((c) => c.dealId).sort()).toEqual((await dealIds()).sort());
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(['Upsert']));
  });

  it('answers the same cursor and no change when nothing changed', async () => {
    const { cursor } = await drain();
    const again = await feed(s, cursor);
    expect(again).toEqual({ success: true, error: null, cursor, changes: [], hasMore: false });
  });

  it('lists a deal whose field bulkUpdateDeals changed, made between two reads, in the second alone', async () => {
    const [id] = await dealIds();
    const { cursor } = await drain();
    const res = await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: [{ id, updates: [{ property: 'SeedName', value: 'Feed Test Court' }] }] });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    const next = await drain(cursor);
    expect(next.changes).toEqual([{ dealId: id, kind: 'Upsert' }]);
    expect((await drain(next.cursor)).changes).toEqual([]);
  });

  it('lists a deal created through the API', async () => {
    const { cursor } = await drain();
    const res = await s.api('POST', '/createHotelDeal', {
      ownerId: OWNER,
      dealName: 'Feed Hotel',
      address: { fullAddress: '1 Feed Plaza, Austin, TX 78701' },
      propertyType: 'Hotel',
      loanType: 'Bridge',
      loanAmount: 31_000_000,
      loanTerm: 36,
      hotelCreateDto: { totalRooms: 180, averageDailyRate: 215, occupancy: 0.74, totalSf: 120000 },
    });
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect((await drain(cursor)).changes).toEqual([{ dealId: res.body.createdEntityId, kind: 'Upsert' }]);
  });

  it('lists the deal a collateral import attached a collateral to, once the import has run', async () => {
    const [, id] = await dealIds();
    const { cursor } = await drain();
    const started = await s.api('POST', '/importCollaterals', {
      collaterals: [{ clientItemId: 'feed-1', collateralCreateData: { dealIds: [id], name: 'Feed Annex', propertyType: 'Office', address: { fullAddress: '7 Feed Street, Springfield, IL 62701' } } }],
    });
    expect(started.body.success).toBe(true);
    let report = (await s.api('GET', `/getImportReport/${started.body.reportId}`)).body;
    for (let i = 0; i < 1000 && report.status !== 'Completed'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      report = (await s.api('GET', `/getImportReport/${started.body.reportId}`)).body;
    }
    expect(report.createdEntities.length, JSON.stringify(report.errors)).toBe(1);
    expect((await drain(cursor)).changes).toEqual([{ dealId: id, kind: 'Upsert' }]);
  });

  const writes: [string, (m: MirrorDeal) => boolean, (m: MirrorDeal) => void][] = [
    ['a component', (m) => m.collaterals.some((c) => c.components.length > 0), (m) => void (m.collaterals.find((c) => c.components.length > 0)!.components[0]!.marketVacancy! += 0.01)],
    ['a rent roll item', (m) => m.collaterals.some((c) => c.rentRollItems.length > 0), (m) => void (m.collaterals.find((c) => c.rentRollItems.length > 0)!.rentRollItems[0]!.monthlyRent! += 25)],
    ['a cash flow line', (m) => m.collaterals.some((c) => c.cashFlowTransactions.length > 0), (m) => void (m.collaterals.find((c) => c.cashFlowTransactions.length > 0)!.cashFlowTransactions[0]!.amount += 100)],
    ['a source of funds', (m) => (m.funds?.sources.length ?? 0) > 0, (m) => void (m.funds!.sources[0]!.amount += 1000)],
    ['a person link', (m) => m.personIds.length > 0, (m) => void m.personIds.pop()],
    ['a company link', (m) => m.companyIds.length > 0, (m) => void m.companyIds.pop()],
  ];
  for (const [what, has, change] of writes) {
    it.skipIf(sqliteOnly)(`lists the deal when the sync mirror writes ${what} of it through the store, and nothing for an unchanged mirror`, async () => {
      const id = await dealWhere(has);
      applyMirror(id, () => undefined); // what the mirror normalises (positions) is not this test's change
      const { cursor } = await drain();
      applyMirror(id, () => undefined);
      expect((await drain(cursor)).changes).toEqual([]);
      applyMirror(id, change);
      expect((await drain(cursor)).changes).toEqual([{ dealId: id, kind: 'Upsert' }]);
    });
  }

  // A pull pauses the row triggers and marks each deal it wrote once (store/sync-mirror.ts,
  // pausedChangeFeed): the feed must list the same deals as the triggers would have.
  const pausedWrites: [string, (m: MirrorDeal) => boolean, (m: MirrorDeal) => void][] = [
    ...writes.slice(0, 4),
    ['a person link', (m) => m.personIds.length > 2, (m) => void m.personIds.pop()],
    ['a company', (m) => m.companies.length > 0, (m) => void (m.companies[0]!.name += 'x')],
    ['the deal row', () => true, (m) => void (m.deal.note = `${m.deal.note ?? ''}!`)],
    ['a person another deal links too', (m) => sharedPerson(m) !== undefined, (m) => void (m.people.find((p) => p.id === sharedPerson(m))!.lastName += 'x')],
  ];
  for (const [what, has, change] of pausedWrites) {
    it.skipIf(sqliteOnly)(`lists the same deals when a pull writes ${what} with the row triggers paused as when the triggers write it`, async () => {
      const id = await dealWhere(has);
      applyMirror(id, () => undefined);
      const { cursor } = await drain();
      applyMirror(id, change);
      const byTriggers = await drain(cursor);
      expect(byTriggers.changes.map((c) => c.dealId)).toContain(id);
      if (what.startsWith('a person another')) expect(byTriggers.changes.length).toBeGreaterThan(1);
      applyMirror(id, change, true);
      const paused = await drain(byTriggers.cursor);
      expect(byDeal(paused.changes)).toEqual(byDeal(byTriggers.changes));
      // The pause exists only inside the transaction: the head is the feed's one row again.
      expect(db.select().from(t.changeFeed).all().map((r) => r.id)).toEqual([1]);
      applyMirror(id, () => undefined, true);
      expect((await drain(paused.cursor)).changes).toEqual([]);
    });
  }

  it.skipIf(sqliteOnly)('keeps no mark of a paused write that rolls back, and its row triggers work again after it', async () => {
    const id = await dealWhere(() => true);
    applyMirror(id, () => undefined);
    const { cursor } = await drain();
    const { mirror, scope } = mirrorOf(id);
    mirror.deal.note = 'rolled back';
    expect(() =>
      inSyncTransaction(db, () =>
        pausedChangeFeed(db, () => {
          applyMirrorDeal(db, mirror, scope, new Date().toISOString());
          throw new Error('the pull failed');
        }),
      ),
    ).toThrow('the pull failed');
    expect((await drain(cursor)).changes).toEqual([]);
    applyMirror(id, (m) => void (m.deal.note = 'by the triggers'));
    expect((await drain(cursor)).changes).toEqual([{ dealId: id, kind: 'Upsert' }]);
  });

  it('lists a removed deal as a Delete, not turned back into an Upsert by the cascade of its rows', async () => {
    const id = (await dealIds()).at(-1)!;
    const { cursor } = await drain();
    if (s.engine === 'sqlite') inSyncTransaction(db, () => removeLocalDeal(db, id));
    else await s.sql('DELETE FROM deals WHERE id = ?', [id]);
    expect((await drain(cursor)).changes).toEqual([{ dealId: id, kind: 'Delete' }]);
    expect((await drain()).changes.filter((c) => c.dealId === id)).toEqual([{ dealId: id, kind: 'Delete' }]);
  });

  it.skipIf(sqliteOnly)('rolls its row back with a transaction that fails, and commits it with one that succeeds', async () => {
    const id = await dealWhere((m) => m.collaterals.some((c) => c.components.length > 0));
    const componentId = mirrorOf(id).mirror.collaterals.find((c) => c.components.length > 0)!.components[0]!.id!;
    const { cursor } = await drain();
    const head = changeFeedHead(db);
    expect(() =>
      db.transaction((tx) => {
        tx.update(t.components).set({ marketVacancy: 0.5 }).where(eq(t.components.id, componentId)).run();
        expect(changeFeedHead(tx as unknown as Db).seq).toBeGreaterThan(head.seq); // the feed moved inside it
        throw new Error('forced failure');
      }),
    ).toThrow('forced failure');
    expect(changeFeedHead(db)).toEqual(head);
    expect(await feed(s, cursor)).toMatchObject({ cursor, changes: [], hasMore: false });
    db.transaction((tx) => tx.update(t.components).set({ marketVacancy: 0.5 }).where(eq(t.components.id, componentId)).run());
    expect((await drain(cursor)).changes).toEqual([{ dealId: id, kind: 'Upsert' }]);
  });

  it('pages with hasMore, each deal at most once per page and once across the pages', async () => {
    const all = await dealIds();
    const pages: { changes: { dealId: string }[]; hasMore: boolean }[] = [];
    let cursor: string | undefined;
    do {
      const page = await feed(s, cursor, 3);
      pages.push(page);
      cursor = page.cursor;
    } while (pages.at(-1)!.hasMore);
    expect(pages.length).toBeGreaterThanOrEqual(Math.ceil(all.length / 3));
    for (const page of pages.slice(0, -1)) expect(page.changes).toHaveLength(3);
    for (const page of pages) expect(new Set(page.changes.map((c) => c.dealId)).size).toBe(page.changes.length);
    const seen = pages.flatMap((p) => p.changes.map((c) => c.dealId));
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of all) expect(seen).toContain(id);
  });

  it('pages through deals that one statement changed together (one sequence number) without losing or repeating one', async () => {
    const ids = (await dealIds()).slice(0, 4);
    const [{ shared }] = await s.sql<{ shared: string }>('SELECT collateral_id AS shared FROM deal_collaterals WHERE deal_id = ? ORDER BY position LIMIT 1', [ids[0]]);
    for (const id of ids.slice(1)) await s.sql('INSERT INTO deal_collaterals (deal_id, collateral_id, position) VALUES (?, ?, 99) ON CONFLICT DO NOTHING', [id, shared]);
    const { cursor } = await drain();
    await s.sql('UPDATE collaterals SET name = ? WHERE id = ?', ['Shared by four deals', shared]);
    const seqs = await s.sql<{ seq: number }>(`SELECT seq FROM deal_changes WHERE deal_id IN (?, ?, ?, ?)`, ids);
    expect(new Set(seqs.map((r) => r.seq)).size).toBe(1); // a tie, ordered by deal id
    const pages: string[][] = [];
    let since = cursor;
    for (;;) {
      const page = await feed(s, since, 1);
      pages.push(page.changes.map((c) => c.dealId));
      since = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages.flat()).toEqual([...ids].sort());
  });

  it('refuses on since a cursor it cannot continue from: malformed, from another store, ahead of the store', async () => {
    const other = await startTestService({ demoDeals: 1, users: [OWNER] });
    try {
      const foreign = (await feed(other)).cursor;
      const [storeId, seq, dealId] = JSON.parse(Buffer.from((await drain()).cursor, 'base64url').toString()) as [string, number, string];
      const ahead = Buffer.from(JSON.stringify([storeId, seq + 1000, dealId])).toString('base64url');
      for (const since of [foreign, ahead, 'not-a-cursor']) {
        const answer = await feed(s, since);
        expect(answer, since).toMatchObject({ success: false, error: { code: 'ValidationError', target: 'since' } });
      }
    } finally {
      await other.stop();
    }
  });

  it('refuses a limit outside 1 to 1000, and a request without a token', async () => {
    for (const limit of [0, 1001]) expect((await feed(s, undefined, limit)).error).toMatchObject({ code: 'ValidationError' });
    const res = await fetch(`${s.origin}${API_PREFIX}/getDealChanges`);
    expect(res.status).toBe(401);
  });
});

/** The path and body of a single read, from the endpoint name and the id its answer is keyed by. */
function singleRead(name: EndpointName, id: string): { method: string; path: string; body?: unknown } {
  const def = ENDPOINTS[name];
  if (name === 'getCrossDealCollateralReport') return { method: 'POST', path: def.path, body: { dealIds: [id], page: 1, pageSize: 1000 } };
  return { method: 'GET', path: def.path.replace(/:\w+/, encodeURIComponent(id)) };
}

describe('bulk graph reads', () => {
  it('answer, for every demo deal, each read of its graph byte for byte as the single read does', async () => {
    const ids = await dealIds();
    const res = await fetch(`${s.origin}${API_PREFIX}/getDealGraphs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await s.token()}`, 'content-type': 'application/json' },
      body: JSON.stringify({ dealIds: ids }),
    });
    // Compared as served: zod's parse would rebuild objects in its own key order.
    const answer = (await res.json()) as DealGraphsResponseDto;
    expect(DealGraphsResponseDto.safeParse(answer).success).toBe(true);
    expect(answer.graphs.map((g) => g.dealId)).toEqual(ids);
    const endpoints = new Set<string>();
    let compared = 0;
    for (const graph of answer.graphs) {
      expect(graph.error).toBeNull();
      const reads = graph.reads as Record<string, Record<string, unknown>>;
      // The graph is complete: every collateral, component and party of the deal is read.
      const deal = reads.getDealInfo![graph.dealId] as { personIds: string[]; companyIds: string[] };
      for (const p of deal.personIds) expect(reads.getPersonInfo?.[p]).toBeDefined();
      for (const c of deal.companyIds) expect(reads.getCompanyInfo?.[c]).toBeDefined();
      const components = (reads.getDealComponentSummary![graph.dealId] as { componentSummary: { id: string }[] }).componentSummary;
      for (const c of components) expect(reads.getBaseComponentInfo?.[c.id]).toBeDefined();
      for (const [name, byId] of Object.entries(reads)) {
        endpoints.add(name);
        for (const [id, value] of Object.entries(byId)) {
          const read = singleRead(name as EndpointName, id);
          const single = await fetch(`${s.origin}${API_PREFIX}${read.path}`, {
            method: read.method,
            headers: { authorization: `Bearer ${await s.token()}`, ...(read.body ? { 'content-type': 'application/json' } : {}) },
            body: read.body ? JSON.stringify(read.body) : undefined,
          });
          expect(JSON.stringify(value), `${name} ${id}`).toBe(await single.text());
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(ids.length * 8);
    expect([...endpoints].sort()).toEqual(
      [
        'getDealInfo', 'getDealFunds', 'getDealCollateralSummary', 'getDealComponentSummary', 'getCollateralComponentSummary', 'getCollateralCashFlow',
        'getBaseComponentInfo', 'getResidentialComponentInfo', 'getCommercialComponentInfo', 'getHotelComponentInfo', 'getResidentialRentrollInfo',
        'getCommercialRentrollInfo', 'getPersonInfo', 'getCompanyInfo', 'getCrossDealCollateralReport',
      ].sort(),
    );
  }, 120_000);

  it('answer MissingEntity for a deal that does not exist, beside the ones that do', async () => {
    const [id] = await dealIds();
    const res = await s.api('POST', '/getDealGraphs', { dealIds: ['no-such-deal', id] });
    expect(res.body.success).toBe(true);
    expect(res.body.graphs[0]).toMatchObject({ dealId: 'no-such-deal', error: { code: 'MissingEntity' }, reads: {} });
    expect(res.body.graphs[1]).toMatchObject({ dealId: id, error: null });
  });

  it('refuse more than 100 deals, and none', async () => {
    const many = Array.from({ length: 101 }, (_, i) => `deal-${i}`);
    expect((await s.api('POST', '/getDealGraphs', { dealIds: many })).body).toMatchObject({ success: false, error: { code: 'ValidationError' } });
    expect((await s.api('POST', '/getDealGraphs', { dealIds: [] })).body).toMatchObject({ success: false, error: { code: 'ValidationError' } });
  });
});
