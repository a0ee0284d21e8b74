import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrossDealCollateralReportResponseDto, CrossDealCollateralReportRowDto, SeedInfoResponseDto } from '../../../src-main/contract';
import type { GatewayContext } from '../../../src-main/gateway/context';
import {
  getCrossDealCollateralReport,
  openReport,
  ReportTotals,
  reportRows,
  ROWS_PER_BATCH,
  type ReportQuery,
} from '../../../src-main/gateway/cross-deal-report';
import { getDealInfo } from '../../../src-main/gateway/deal-reads';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { beginReadSnapshot } from '../../../src-main/store/report-query';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { tempDir } from '../../support/service';
import { seedBulkPortfolio } from '../reports/fixtures/bulk-portfolio';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

type Row = CrossDealCollateralReportRowDto;

// 1,203 collaterals of 602 deals: several batches of ROWS_PER_BATCH, one deal split across two.
const COLLATERALS = 2 * ROWS_PER_BATCH + 203;

let dir: { path: string; remove(): void };
let db: Db;
let ctx: GatewayContext;

beforeAll(() => {
  dir = tempDir('uw-report-gw-');
  db = openDb({ file: join(dir.path, 'uw.sqlite') });
  seedBulkPortfolio(db, COLLATERALS);
  const places = { resolve: async () => ({ ok: false as const, target: 'address', message: 'offline' }) };
  ctx = { store: createSqliteStore(db), places, config: loadSystemConfig(), now: () => new Date() };
}, 60_000);
afterAll(() => {
  closeDb(db);
  dir.remove();
});

async function endpointRows(filter: object): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const res = (await getCrossDealCollateralReport(ctx, { ...filter, page, pageSize: 1000 })) as CrossDealCollateralReportResponseDto;
    expect(res.success, JSON.stringify(res.error)).toBe(true);
    rows.push(...res.rows);
    if (rows.length >= res.totalRows) return rows;
  }
}

async function streamed(query: ReportQuery): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const row of reportRows(ctx, query)) rows.push(row);
  return rows;
}

const pair = (r: Row) => `${r.dealId}/${r.collateralId}`;

describe('the report query and its stream', () => {
  it.each<[string, ReportQuery]>([
    ['the default order', {}],
    ['a stored text column, descending', { sortBy: 'seedName', sortDirection: 'desc' }],
    ['a stored column with empty values', { sortBy: 'loanId' }],
    ['a computed figure, descending', { sortBy: 'dscr', sortDirection: 'desc' }],
    ['a computed date with empty values', { sortBy: 'maturityDate' }],
    ['a computed figure under a filter', { sortBy: 'netOperatingIncome', usState: 'tx', states: ['NewDeal'] }],
  ])('streams every row in the same order as the endpoint pages, for %s', async (_, query) => {
    const stream = await streamed(query);
    expect(stream).toEqual(await endpointRows(query));
    expect(new Set(stream.map(pair)).size).toBe(stream.length);
  });

  it('announces how many rows it will yield before yielding them', async () => {
    const report = await openReport(ctx, { states: ['Originated'] });
    let n = 0;
    for await (const batch of report.batches) n += batch.length;
    expect(report.totalRows).toBe(n);
    expect(n).toBeGreaterThan(0);
  });

  it('computes each deal from all its collaterals, even when a collateral filter lists only some of them', async () => {
    const rows = await streamed({ propertyTypes: ['Retail'] });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.propertyType === 'Retail')).toBe(true);
    for (const row of rows.slice(0, 60)) {
      const deal = (await getDealInfo(ctx, row.dealId)) as SeedInfoResponseDto;
      expect({ ltv: row.ltv, dscr: row.dscr, debtYield: row.debtYield, interestRate: row.interestRate }).toEqual({
        ltv: deal.ltv,
        dscr: deal.collateralTotals.dscr,
        debtYield: deal.collateralTotals.debtYield,
        interestRate: deal.interestRate,
      });
    }
  });

  it('gives a deal the same figures on every row, whichever batches its collaterals fall into', async () => {
    // Sorted by city, the two collaterals of a deal lie far apart, in different batches.
    const rows = await streamed({ sortBy: 'city' });
    const batchOf = new Map<string, Set<number>>();
    rows.forEach((r, i) => batchOf.set(r.dealId, (batchOf.get(r.dealId) ?? new Set()).add(Math.floor(i / ROWS_PER_BATCH))));
    expect([...batchOf.values()].filter((b) => b.size > 1).length).toBeGreaterThan(10);
    const dealFigures = (r: Row) => JSON.stringify([r.ltv, r.dscr, r.debtYield, r.interestRate, r.maturityDate]);
    const expected = new Map((await streamed({})).map((r) => [r.dealId, dealFigures(r)]));
    for (const r of rows) expect(dealFigures(r)).toBe(expected.get(r.dealId));
  });

  it('puts empty values last in both directions and keeps the default order among ties', async () => {
    const defaultOrder = new Map((await streamed({})).map((r, i) => [pair(r), i]));
    for (const [sortBy, sortDirection] of [
      ['maturityDate', 'asc'],
      ['maturityDate', 'desc'],
      ['loanId', 'asc'],
      ['loanId', 'desc'],
    ] as const) {
      const rows = await streamed({ sortBy, sortDirection });
      const values = rows.map((r) => r[sortBy]);
      const firstNull = values.indexOf(null);
      expect(firstNull, `${sortBy} ${sortDirection}`).toBeGreaterThan(0);
      expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
      for (let i = 1; i < rows.length; i++) {
        const [a, b] = [values[i - 1], values[i]];
        if (a === b) expect(defaultOrder.get(pair(rows[i - 1]!))!).toBeLessThan(defaultOrder.get(pair(rows[i]!))!);
        else if (a !== null && b !== null) expect(sortDirection === 'asc' ? a < b : a > b).toBe(true);
      }
    }
  });

  it('answers from the store as it is now: a write changes the next page at once', async () => {
    const before = (await getCrossDealCollateralReport(ctx, { dealIds: ['deal-000010'] })) as CrossDealCollateralReportResponseDto;
    await getCrossDealCollateralReport(ctx, { dealIds: ['deal-000010'], page: 2 });
    db.$client.prepare('UPDATE deals SET gross_loan = gross_loan + 1000 WHERE id = ?').run('deal-000010');
    const after = (await getCrossDealCollateralReport(ctx, { dealIds: ['deal-000010'] })) as CrossDealCollateralReportResponseDto;
    expect(after.totals.grossLoan).toBe(before.totals.grossLoan + 1000);
    expect(after.rows[0]!.grossLoan).toBe(before.rows[0]!.grossLoan + 1000);
    expect(after.rows[0]!.ltv).toBeGreaterThan(before.rows[0]!.ltv);
  });

  it('lets other work run during its pass and redoes the pass when the store changed meanwhile', async () => {
    const filter = { sortBy: 'grossLoan', sortDirection: 'desc', pageSize: 1000 } as const;
    const pending = getCrossDealCollateralReport(ctx, filter);
    // The first batch ran before the call returned; this write lands between two batches.
    await new Promise((resolve) => setImmediate(resolve));
    db.$client.prepare('UPDATE deals SET gross_loan = 1e12 WHERE id = ?').run('deal-000600');
    const during = (await pending) as CrossDealCollateralReportResponseDto;
    expect(during.rows[0]!.dealId).toBe('deal-000600');
    expect(during.rows[0]!.grossLoan).toBe(1e12);
    const rows = await endpointRows(filter);
    const distinct = new Map(rows.map((r) => [r.dealId, r.grossLoan]));
    expect(during.totals.grossLoan).toBeCloseTo([...distinct.values()].reduce((a, b) => a + b, 0), 0);
  });

  it('matches a list filter with any of its values and places no restriction with an empty list', async () => {
    const all = await endpointRows({});
    expect(await endpointRows({ states: [], dealIds: [], owners: [] })).toEqual(all);
    const some = await endpointRows({ riskRatings: ['1', '8'] });
    expect(some.map(pair)).toEqual(all.filter((r) => r.riskRating === '1' || r.riskRating === '8').map(pair));
  });
});

describe('the export stream on a connection of its own (uw report)', () => {
  // One statement streams the rows; a deal is totalled from its own rows when the order keeps
  // its collaterals together, from its collaterals otherwise. Either way the rows, the count
  // announced first and the totals are the endpoint's.
  it.each<[string, ReportQuery]>([
    ['the default order', {}],
    ['a deal column, descending', { sortBy: 'seedName', sortDirection: 'desc' }],
    ['a deal column with empty values', { sortBy: 'loanId' }],
    ['deal criteria', { states: ['Originated', 'NewDeal'], minGrossLoan: 1_000_000, owners: ['bulk@example.com'] }],
    ['a collateral criterion (a deal may have only some of its rows)', { propertyTypes: ['Retail'] }],
    ['a collateral column (a deal\'s rows lie apart)', { sortBy: 'city', sortDirection: 'desc' }],
    ['both kinds of criteria', { usState: 'TX', riskRatings: ['1', '2', '3'] }],
  ])('yields the endpoint rows and totals for %s, stored figures or not', async (_, query) => {
    const expected = await endpointRows(query);
    const { totals } = (await getCrossDealCollateralReport(ctx, { ...query, pageSize: 1 })) as CrossDealCollateralReportResponseDto;
    expect(expected.length).toBeGreaterThan(0);
    // Some collaterals (col-…3 and col-…7) lose their stored figures: their deals are computed
    // from the inputs (the endpoint above has just stored every figure it needed).
    const dropped = db.$client.prepare("DELETE FROM collateral_figures WHERE substr(collateral_id, -1) IN ('3', '7')").run().changes;
    expect(dropped).toBeGreaterThan(0);
    expect(dropped).toBeLessThan(expected.length);

    const endSnapshot = beginReadSnapshot(db);
    try {
      const report = await openReport(ctx, query, { ownConnection: true });
      const rows: Row[] = [];
      const streamedTotals = new ReportTotals(report.dealRowsAdjacent);
      for await (const batch of report.batches) {
        for (const row of batch) streamedTotals.add(row);
        rows.push(...batch);
      }
      expect(report.totalRows).toBe(expected.length);
      expect(rows).toEqual(expected);
      expect(streamedTotals.result()).toEqual(totals);
    } finally {
      endSnapshot();
    }
  });

  it('counts distinct deals alike whether or not it is told that deal rows are adjacent', async () => {
    const rows = await streamed({});
    const [adjacent, any] = [new ReportTotals(true), new ReportTotals(false)];
    for (const row of rows) [adjacent, any].forEach((t) => t.add(row));
    expect(adjacent.result()).toEqual(any.result());
    expect(adjacent.result().dealCount).toBe(new Set(rows.map((r) => r.dealId)).size);
  });
});
