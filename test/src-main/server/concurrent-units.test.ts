import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorePort } from '../../../src-main/store/port';
import { closeSqliteStore, openSqliteStore, type SqliteStore } from '../../../src-main/store/sqlite-store';
import { OWNER, startTestService, type TestService } from '../../support/service';

// Units of work under concurrent HTTP requests, on a real SQLite file and the real server. The
// store the server runs on is the SQLite engine behind a wrapper that yields to the event loop
// before every call (through a unit's tx too), as a networked engine would: every await inside
// a unit lets other requests run. Two bulk updates of the same deals, and reads meanwhile, must
// still see every deal all-or-nothing, with no field of either update lost.

interface Stats {
  /** Units asked for on the store and not yet settled. */
  active: number;
  /** Calls made on the store (not through a unit) while a unit was asked for or open: they had to wait. */
  waited: number;
  calls: number;
  /** While set, a call through a unit's tx to method `at` waits for it; it opens at the first call that has to wait. */
  hold?: { promise: Promise<void>; open: () => void; at: string; openOn?: string };
  /** A method that fails once, through a unit's tx, after the hold (a unit failing mid-way). */
  failOnce?: string;
}

/**
 * The port with a turn of the event loop before each call. While `stats.hold` is set, a unit
 * stops at that call until another request reaches the store: the first bulk update is then
 * certainly open, its deals written but not committed, when the second one arrives.
 */
function yielding(inner: StorePort, stats: Stats, inUnit = false): StorePort {
  return new Proxy(inner, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (typeof value !== 'function' || key === 'inUnit' || key === 'iterateReportRowBatches') return value;
      if (key === 'transaction' || key === 'snapshot') {
        return async (work: (tx: StorePort) => Promise<unknown>) => {
          const root = !target.inUnit();
          if (root) {
            if (stats.active > 0) {
              stats.waited += 1;
              stats.hold?.open();
            }
            stats.active += 1;
          }
          try {
            await nextTurn();
            return await (value as StorePort['transaction']).call(target, (tx) => work(yielding(tx, stats, true)));
          } finally {
            if (root) stats.active -= 1;
          }
        };
      }
      return async (...args: unknown[]) => {
        stats.calls += 1;
        if (!inUnit && stats.active > 0) {
          stats.waited += 1;
          if (stats.hold && (stats.hold.openOn ?? key) === key) stats.hold.open();
        }
        if (inUnit && stats.hold && key === stats.hold.at) {
          await stats.hold.promise;
          // A few turns more: the call that opened the hold would run now, were it not kept out.
          for (let i = 0; i < 5; i++) await nextTurn();
        }
        if (inUnit && key === stats.failOnce) {
          stats.failOnce = undefined;
          throw new Error('the store failed mid-unit');
        }
        await nextTurn();
        const result = Promise.resolve((value as (...a: unknown[]) => unknown).apply(target, args));
        if (!inUnit && stats.hold) {
          // A call the store keeps waiting (the unit is open) opens the hold too: otherwise the
          // unit would wait for a read that waits for the unit.
          let settled = false;
          void result.then(
            () => (settled = true),
            () => (settled = true),
          );
          for (let i = 0; i < 2; i++) await nextTurn();
          if (!settled) stats.hold?.open();
        }
        return result;
      };
    },
  });
}

let dir: string;
let sqlite: SqliteStore;
let s: TestService;
const stats: Stats = { active: 0, waited: 0, calls: 0 };
const deals: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-concurrent-'));
  sqlite = openSqliteStore({ file: join(dir, 'uw.sqlite') });
  s = await startTestService({ dataDir: dir, store: yielding(sqlite, stats) });
  for (let i = 0; i < 6; i++) {
    const res = await s.api('POST', '/createResidentialDeal', {
      ownerId: OWNER,
      dealName: `Concurrent ${i}`,
      address: { fullAddress: `${200 + i} Congress Ave, Austin, TX 78701` },
      propertyType: 'Multi_Family_Apartments',
      loanType: 'Acquisition',
      loanAmount: 10_000_000,
      loanTerm: 60,
      residentialLivingUnitCreateDto: [{ frontEndGridLineNumber: '1', description: '1BR', bedrooms: 1, bathrooms: 1, unitSize: 700, numUnits: 20 }],
    });
    expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
    deals.push(res.body.createdEntityId as string);
  }
});
afterAll(async () => {
  await s.stop();
  await closeSqliteStore(sqlite);
  rmSync(dir, { recursive: true, force: true });
});

interface Seen {
  note: string | null;
  description: string | null;
  loanTerm: number;
  riskRating: string | null;
}

const A = { Note: 'note A', Description: 'desc A', LoanTerm: '84' };
const B = { Note: 'note B', RiskRating: '3', LoanTerm: '96' };

const request = (updates: Record<string, string>) => ({
  itemsToUpdate: deals.map((id) => ({ id, updates: Object.entries(updates).map(([property, value]) => ({ property, value })) })),
});

/** Which of the two updates a deal shows: each must be wholly there or wholly absent. */
function committed(deal: Seen): { a: boolean; b: boolean; last: 'A' | 'B' | null } {
  const a = deal.description === A.Description;
  const b = deal.riskRating === B.RiskRating;
  const last = deal.note === A.Note ? 'A' : deal.note === B.Note ? 'B' : null;
  // The fields both write come from the same update (the one that committed last), and only
  // from one that committed at all.
  if (last === 'A') expect(deal.loanTerm).toBe(84);
  else if (last === 'B') expect(deal.loanTerm).toBe(96);
  else expect(deal.loanTerm).toBe(60);
  expect(last === null ? !a && !b : last === 'A' ? a : b).toBe(true);
  return { a, b, last };
}

describe('two bulk updates of the same deals at once, with reads in between', () => {
  it('leaves every deal all-or-nothing, with no field of either update lost', async () => {
    const reads: Seen[] = [];
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    stats.hold = { promise, open, at: 'recordHistory' };
    // The first update's unit writes its deals and stops before its history; the second request
    // (its token check, then its unit) and the reads arrive while it is open.
    const first = s.api('PATCH', '/bulkUpdateDeals', request(A));
    while (stats.active === 0) await nextTurn();
    const second = s.api('PATCH', '/bulkUpdateDeals', request(B));
    let updating = true;
    const reader = (async () => {
      while (updating) {
        for (const id of deals) {
          const res = await s.api('GET', `/getDealInfo/${id}`);
          expect(res.body.success).toBe(true);
          reads.push(res.body as Seen);
        }
      }
    })();
    await Promise.all([first, second]);
    stats.hold = undefined;
    updating = false;
    await reader;

    for (const res of await Promise.all([first, second])) {
      expect(res.status).toBe(200);
      expect(res.body.errors).toEqual([]);
      expect([...res.body.updatedEntities].sort()).toEqual([...deals].sort());
    }
    // Requests reached the store while a unit was open, and waited for it: the wrapper's awaits
    // gave them every chance to interleave.
    expect(stats.waited).toBeGreaterThan(0);
    expect(stats.calls).toBeGreaterThan(0);

    // Every read in between saw each deal before, between or after the updates, never half-way.
    expect(reads.length).toBeGreaterThan(0);
    for (const seen of reads) committed(seen);

    // At the end: both updates are in every deal (no field lost), and the shared fields come from
    // the same update in every deal (each request committed as one).
    const winners = new Set<string>();
    for (const id of deals) {
      const res = await s.api('GET', `/getDealInfo/${id}`);
      const end = committed(res.body as Seen);
      expect(end.a && end.b).toBe(true);
      winners.add(end.last!);
    }
    expect(winners.size).toBe(1);

    // And each deal's history holds both LoanTerm changes, in commit order, ending at the value it has.
    const history = s.db.$client.prepare("SELECT deal_id, new_value FROM deal_history WHERE field = 'LoanTerm' ORDER BY id").all() as { deal_id: string; new_value: string }[];
    for (const id of deals) {
      const values = history.filter((h) => h.deal_id === id).map((h) => JSON.parse(h.new_value) as number);
      expect(values).toHaveLength(2);
      expect(values.at(-1)).toBe([...winners][0] === 'A' ? 84 : 96);
    }
  });
});

describe('a bulk update whose unit fails mid-way while other requests run', () => {
  it('keeps none of its writes, lets nobody see them meanwhile, and loses nothing of the others', async () => {
    const C = { Note: 'note C', Description: 'desc C' };
    const D = { RiskRating: '5' };
    let open!: () => void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    // Held until a read of a deal reaches the store, then failing: the read must not see its writes.
    stats.hold = { promise, open, at: 'recordHistory', openOn: 'dealRead' };
    stats.failOnce = 'recordHistory';
    const waitedBefore = stats.waited;
    const failing = s.api('PATCH', '/bulkUpdateDeals', request(C));
    while (stats.active === 0) await nextTurn();
    const other = s.api('PATCH', '/bulkUpdateDeals', request(D));
    const seen = (await Promise.all(deals.map((id) => s.api('GET', `/getDealInfo/${id}`)))).map((res) => res.body as Seen);
    const [failed, succeeded] = await Promise.all([failing, other]);
    stats.hold = undefined;

    expect(stats.waited).toBeGreaterThan(waitedBefore);
    expect(failed.status).toBe(500);
    expect(succeeded.body.errors).toEqual([]);
    // No read saw the failing unit's writes, and none of them is left.
    for (const deal of seen) expect(deal.description).not.toBe(C.Description);
    for (const id of deals) {
      const end = (await s.api('GET', `/getDealInfo/${id}`)).body as Seen;
      expect(end.note).not.toBe(C.Note);
      expect(end.description).not.toBe(C.Description);
      expect(end.riskRating).toBe(D.RiskRating);
    }
    const history = s.db.$client.prepare("SELECT count(*) FROM deal_history WHERE new_value = ?").pluck();
    expect(history.get(JSON.stringify(C.Description))).toBe(0);
    expect(history.get(JSON.stringify(D.RiskRating))).toBe(deals.length);
  });
});
