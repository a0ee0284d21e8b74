import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { yearOneLadderOfLines } from '../../../src-main/domain';
import { yearOneLinesOf, yearOneTotalsOf } from '../../../src-main/store/stress-inputs';
import { transactionsOf } from '../../../src-main/store/valuations';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

// A stress reads each cash-flow line's year-one figure with SQLite's json_extract rather than
// JSON.parse: both must give the very same double, and the lines must come in the cash flow's order.
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-stress-inputs-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await seedDemoPortfolio(createSqliteStore(db), { deals: 60 });
});
afterAll(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const valuationIds = () => db.$client.prepare('SELECT id FROM revenue_valuations ORDER BY id').pluck().all() as string[];

/** The year-one lines as the cash flow reads them: drizzle's rows (JSON.parse), in transactionsOf's order. */
function parsedLines(ids: readonly string[]): Map<string, { section: string; yearOne: number | undefined }[]> {
  const out = new Map<string, { section: string; yearOne: number | undefined }[]>();
  for (const id of ids) {
    const rows = transactionsOf(db, [id]);
    if (rows.length > 0) out.set(id, rows.map((r) => ({ section: r.section, yearOne: r.annualizedByYear[0] ?? undefined })));
  }
  return out;
}

/** Object.is on every figure: a -0 against a 0, or one bit of a mantissa, is a difference. */
function expectSameBits(actual: Map<string, { section: string; yearOne: number | undefined }[]>, expected: typeof actual): number {
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  let lines = 0;
  for (const [id, want] of expected) {
    const got = actual.get(id)!;
    expect(got.map((l) => l.section)).toEqual(want.map((l) => l.section));
    const differing = got.filter((l, i) => !Object.is(l.yearOne, want[i]!.yearOne));
    expect(differing).toEqual([]);
    lines += got.length;
  }
  return lines;
}

/** yearOneTotalsOf against the ladder of the lines, Object.is on every section; the count of valuations with lines. */
function expectSameTotals(ids: readonly string[]): number {
  const lines = parsedLines(ids);
  const totals = yearOneTotalsOf(db, ids);
  for (const id of ids) {
    const mine = totals.filter((t) => t.valuationId === id);
    const ladder = yearOneLadderOfLines(mine.map((t) => ({ section: t.section, yearOne: t.total })));
    const want = yearOneLadderOfLines(lines.get(id) ?? []);
    for (const key of Object.keys(want) as (keyof typeof want)[]) expect(Object.is(ladder[key], want[key]), `${id} ${key}: ${ladder[key]} vs ${want[key]}`).toBe(true);
    expect(new Set(mine.map((t) => t.section))).toEqual(new Set((lines.get(id) ?? []).map((l) => l.section)));
  }
  return lines.size;
}

describe('the year-one lines of a stress', () => {
  it('reads every line of a demo store to the same double as JSON.parse, in position then id order', () => {
    const all = db.$client.prepare('SELECT annualized_by_year AS text, json_extract(annualized_by_year, \'$[0]\') AS first FROM cash_flow_transactions').all() as {
      text: string;
      first: number | null;
    }[];
    expect(all.length).toBeGreaterThan(500);
    const differing = all.filter((r) => !Object.is(r.first, (JSON.parse(r.text) as (number | null)[])[0] ?? null));
    expect(differing).toEqual([]);
    const ids = valuationIds();
    expect(expectSameBits(yearOneLinesOf(db, ids), parsedLines(ids))).toBe(all.length);
  });

  it('keeps awkward doubles, negative zero, empty and null years and the position order exactly', () => {
    const [valuationId] = valuationIds();
    const lineIds = db.$client.prepare('SELECT id FROM cash_flow_transactions WHERE valuation_id = ? ORDER BY id').pluck().all(valuationId) as string[];
    expect(lineIds.length).toBeGreaterThanOrEqual(7);
    const awkward: unknown[][] = [[0.1 + 0.2, 1], [1 / 3], [1e-300], [5e-324, 2], [-0], [2 ** 53 + 2], [2 ** 60], [123456789.12345678], [-987654.3210987654], [], [null, 4]];
    const update = db.$client.prepare('UPDATE cash_flow_transactions SET annualized_by_year = ?, position = ? WHERE id = ?');
    // Positions against id order (and ties), so that only sorting by position then id gives the cash flow's order.
    lineIds.forEach((id, i) => update.run(JSON.stringify(awkward[i % awkward.length]), Math.floor((lineIds.length - i) / 2), id));
    const lines = yearOneLinesOf(db, [valuationId!]);
    expectSameBits(lines, parsedLines([valuationId!]));
    expect(lines.get(valuationId!)!.map((l) => l.yearOne)).toContain(undefined);
    expectSameTotals([valuationId!]);
  });

  it('adds each section up in SQLite to the very ladder the lines add up to in JavaScript', () => {
    expect(expectSameTotals(valuationIds())).toBeGreaterThan(50);
  });
});
