import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CollateralSummaryResponseDto,
  CrossDealCollateralReportResponseDto,
  SeedInfoResponseDto,
  type CrossDealCollateralReportRowDto,
} from '../../../src-main/contract';
import { startTestService, type TestService } from '../../support/service';

type Row = CrossDealCollateralReportRowDto;
type Report = CrossDealCollateralReportResponseDto;

let s: TestService;
let all: Row[];
beforeAll(async () => {
  s = await startTestService({ demoDeals: 40 });
  all = await allRows({});
}, 120_000);
afterAll(async () => s.stop());

async function report(filter: unknown): Promise<Report> {
  const res = await s.api<Report>('POST', '/getCrossDealCollateralReport', filter);
  expect(res.status).toBe(200);
  return res.body;
}

async function ok(filter: object): Promise<Report> {
  const body = await report(filter);
  expect(body.success, JSON.stringify(body.error)).toBe(true);
  const parsed = CrossDealCollateralReportResponseDto.strict().safeParse(body);
  expect(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))).toBe(true);
  return body;
}

/** Every row of a filter, paging through the endpoint. */
async function allRows(filter: object, pageSize = 1000): Promise<Row[]> {
  const rows: Row[] = [];
  for (let page = 1; ; page++) {
    const body = await ok({ ...filter, page, pageSize });
    rows.push(...body.rows);
    if (body.rows.length < pageSize) {
      expect(rows).toHaveLength(body.totalRows);
      return rows;
    }
  }
}

const pair = (r: Row) => `${r.dealId}/${r.collateralId}`;
const pairs = (rows: Row[]) => rows.map(pair);
const sumOf = (rows: Row[], key: keyof Row) => rows.reduce((t, r) => t + (r[key] as number), 0);

describe('POST getCrossDealCollateralReport', () => {
  it('answers the first page of 100 rows of every collateral of every deal for an empty filter', async () => {
    const body = await ok({});
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(100);
    expect(body.totalRows).toBe(all.length);
    expect(body.rows).toEqual(all.slice(0, 100));
    const { dealIds } = (await s.api('GET', '/getAllDealIds')).body as { dealIds: string[] };
    expect(new Set(all.map((r) => r.dealId))).toEqual(new Set(dealIds));
    expect(new Set(pairs(all)).size).toBe(all.length);
  });

  it("gives every row its deal's getDealInfo figures and its collateral's getDealCollateralSummary figures, exactly", async () => {
    const byDeal = new Map<string, Row[]>();
    for (const r of all) byDeal.set(r.dealId, [...(byDeal.get(r.dealId) ?? []), r]);
    for (const [dealId, rows] of byDeal) {
      const deal = SeedInfoResponseDto.parse((await s.api('GET', `/getDealInfo/${dealId}`)).body);
      const { collateralSummaries } = CollateralSummaryResponseDto.parse((await s.api('GET', `/getDealCollateralSummary/${dealId}`)).body);
      expect(rows.map((r) => r.collateralId)).toEqual(collateralSummaries.map((c) => c.id));
      for (const [i, row] of rows.entries()) {
        const c = collateralSummaries[i]!;
        expect(row).toEqual({
          dealId,
          seedName: deal.seedName,
          loanId: deal.loanId,
          state: deal.state,
          owner: deal.owner,
          loanType: deal.loanType,
          grossLoan: deal.grossLoan,
          interestRate: deal.interestRate,
          loanTerm: deal.loanTerm,
          maturityDate: deal.maturityDate,
          riskRating: deal.riskRating,
          collateralId: c.id,
          collateralName: c.name,
          fullAddress: c.address!.fullAddress,
          city: c.address!.city,
          usState: c.address!.state,
          zipCode: c.address!.zipCode,
          propertyType: row.propertyType,
          totalSF: c.totalSF,
          totalUnit: c.totalUnit,
          netOperatingIncome: c.netOperatingIncome,
          incomeValuation: c.incomeValuation,
          salesValuation: c.salesValuation,
          alternativeValuation: c.alternativeValuation,
          ltv: deal.ltv,
          dscr: deal.collateralTotals!.dscr,
          debtYield: deal.collateralTotals!.debtYield,
        });
      }
    }
  });

  it('continues page 1 with page 2, and counts totalRows independently of the page', async () => {
    const [p1, p2, p3, both, beyond] = await Promise.all([
      ok({ pageSize: 7, page: 1 }),
      ok({ pageSize: 7, page: 2 }),
      ok({ pageSize: 7, page: 3 }),
      ok({ pageSize: 14, page: 1 }),
      ok({ pageSize: 7, page: 1000 }),
    ]);
    expect([...p1.rows, ...p2.rows]).toEqual(both.rows);
    expect(p3.rows).toEqual(all.slice(14, 21));
    expect(beyond.rows).toEqual([]);
    for (const p of [p1, p2, p3, both, beyond]) {
      expect(p.totalRows).toBe(all.length);
      expect(p.totals).toEqual(p1.totals);
    }
    expect([p2.page, p2.pageSize]).toEqual([2, 7]);
  });

  it('totals every filtered row, not only the page, counting each deal’s gross loan once', async () => {
    const filter = { states: ['NewDeal', 'Originated', 'Prep'] };
    const rows = await allRows(filter);
    const { totals, totalRows } = await ok({ ...filter, pageSize: 5 });
    const deals = new Map(rows.map((r) => [r.dealId, r.grossLoan]));
    expect(totalRows).toBe(rows.length);
    expect(totals.rowCount).toBe(rows.length);
    expect(totals.dealCount).toBe(deals.size);
    expect(totals.grossLoan).toBeCloseTo([...deals.values()].reduce((a, b) => a + b, 0), 2);
    for (const key of ['totalSF', 'totalUnit', 'netOperatingIncome', 'incomeValuation', 'salesValuation', 'alternativeValuation'] as const) {
      expect(totals[key], key).toBeCloseTo(sumOf(rows, key), 2);
    }
    expect(rows.length).toBeLessThan(all.length);
  });

  describe('filters', () => {
    const first = () => all[0]!;
    const median = () => [...all.map((r) => r.grossLoan)].sort((a, b) => a - b)[Math.floor(all.length / 2)]!;
    const cases: [string, () => object, (r: Row) => boolean][] = [
      ['dealIds', () => ({ dealIds: [all[0]!.dealId, all.at(-1)!.dealId, 'no-such-deal'] }), (r) => r.dealId === all[0]!.dealId || r.dealId === all.at(-1)!.dealId],
      ['states', () => ({ states: [first().state] }), (r) => r.state === first().state],
      ['propertyTypes (of the collateral)', () => ({ propertyTypes: [first().propertyType, 'Land'] }), (r) => r.propertyType === first().propertyType || r.propertyType === 'Land'],
      ['loanTypes', () => ({ loanTypes: [first().loanType] }), (r) => r.loanType === first().loanType],
      ['riskRatings', () => ({ riskRatings: [first().riskRating, '8'] }), (r) => r.riskRating === first().riskRating || r.riskRating === '8'],
      ['owners', () => ({ owners: [first().owner] }), (r) => r.owner === first().owner],
      ['city, ignoring case and spaces', () => ({ city: ` ${first().city!.toUpperCase()} ` }), (r) => r.city?.toLowerCase() === first().city!.toLowerCase()],
      ['usState, ignoring case', () => ({ usState: first().usState!.toLowerCase() }), (r) => r.usState === first().usState],
      ['minGrossLoan, inclusive', () => ({ minGrossLoan: median() }), (r) => r.grossLoan >= median()],
      ['maxGrossLoan, inclusive', () => ({ maxGrossLoan: median() }), (r) => r.grossLoan <= median()],
      [
        'several criteria at once (AND)',
        () => ({ minGrossLoan: median(), states: [first().state], usState: first().usState }),
        (r) => r.grossLoan >= median() && r.state === first().state && r.usState === first().usState,
      ],
    ];
    it.each(cases)('selects by %s', async (_, filter, predicate) => {
      const expected = all.filter(predicate);
      expect(expected.length).toBeGreaterThan(0);
      const rows = await allRows(filter(), 50);
      expect(pairs(rows)).toEqual(pairs(expected));
      expect(rows).toEqual(expected);
    });

    it('selects nothing when nothing matches, with zero totals', async () => {
      const body = await ok({ owners: ['nobody@example.com'] });
      expect(body.rows).toEqual([]);
      expect(body.totalRows).toBe(0);
      expect(Object.values(body.totals).every((v) => v === 0)).toBe(true);
    });
  });

  describe('sorting', () => {
    // Text sorts ignore ASCII case (SQLite NOCASE); empty values come last in both directions.
    const key = (v: Row[keyof Row]): string | number | null => (typeof v === 'string' ? v.replace(/[A-Z]/g, (c) => c.toLowerCase()) : v);
    const cases: [keyof Row, 'asc' | 'desc'][] = [
      ['seedName', 'asc'],
      ['seedName', 'desc'],
      ['grossLoan', 'asc'],
      ['grossLoan', 'desc'],
      ['city', 'desc'],
      ['dscr', 'asc'],
      ['dscr', 'desc'],
      ['ltv', 'desc'],
      ['netOperatingIncome', 'asc'],
      ['maturityDate', 'desc'],
    ];
    it.each(cases)('sorts by %s %s, over every page', async (sortBy, sortDirection) => {
      const rows = await allRows({ sortBy, sortDirection }, 17);
      expect(new Set(pairs(rows))).toEqual(new Set(pairs(all)));
      const values = rows.map((r) => key(r[sortBy]));
      const distinct = new Set(values);
      expect(distinct.size).toBeGreaterThan(1);
      for (let i = 1; i < values.length; i++) {
        const [a, b] = [values[i - 1]!, values[i]!];
        if (a === null) expect(b).toBeNull();
        else if (b !== null) expect(sortDirection === 'asc' ? a <= b : a >= b, `${String(a)} then ${String(b)}`).toBe(true);
      }
    });
  });

  describe('validation', () => {
    it.each([
      [{ states: ['Open'] }, 'states.0'],
      [{ propertyTypes: 'Office' }, 'propertyTypes'],
      [{ loanTypes: ['Mezzanine'] }, 'loanTypes.0'],
      [{ minGrossLoan: 'a lot' }, 'minGrossLoan'],
      [{ sortBy: 'password' }, 'sortBy'],
      [{ sortDirection: 'up' }, 'sortDirection'],
      [{ page: 0 }, 'page'],
      [{ pageSize: 1001 }, 'pageSize'],
      [{ city: 7 }, 'city'],
      [[], 'body'],
    ])('answers ValidationError naming the field for %j', async (filter, target) => {
      const body = await report(filter);
      expect(body.success).toBe(false);
      expect(body.error).toMatchObject({ code: 'ValidationError', target });
      expect(body.error!.message).toContain(target);
    });

    it('answers ValidationError for a body that is not JSON', async () => {
      const body = await report('{"states": [');
      expect(body.success).toBe(false);
      expect(body.error).toMatchObject({ code: 'ValidationError', target: 'body' });
    });
  });
});
