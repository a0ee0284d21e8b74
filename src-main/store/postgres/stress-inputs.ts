import { sql } from 'drizzle-orm';
import type { AnalysisCollateralLink, AnalysisDealRow, ValuationHead, YearOneLine, YearOneTotal } from '../stress-inputs';
import type { PgDb } from './db';
import { anyId, binary } from './statements';
import { deals, revenueValuations } from './schema';

// The PostgreSQL twins of store/stress-inputs.ts: what a portfolio stress reads, with the same
// doubles. A line's year-one figure is the first element of its annualized_by_year JSON array:
// `->0` hands that element's JSON text over, which JavaScript parses as JSON.parse parses the
// whole array; `->>0` cast to double precision is the same correctly rounded double.

/** The revenue valuations of these collaterals, in revenueValuationsOf's order (id). */
export async function valuationHeadsOf(pg: PgDb, collateralIds: readonly string[]): Promise<ValuationHead[]> {
  if (collateralIds.length === 0) return [];
  return pg
    .select({
      id: revenueValuations.id,
      collateralId: revenueValuations.collateralId,
      isMain: revenueValuations.isMain,
      isMarket: revenueValuations.isMarket,
      capRate: revenueValuations.capRate,
    })
    .from(revenueValuations)
    .where(anyId(revenueValuations.collateralId, collateralIds))
    .orderBy(binary(revenueValuations.id));
}

/**
 * The year-one figure of every cash-flow line of these valuations, by valuation, each list in
 * transactionsOf's order (position, then id); a line without years reads as undefined.
 */
export async function yearOneLinesOf(pg: PgDb, valuationIds: readonly string[]): Promise<Map<string, YearOneLine[]>> {
  const out = new Map<string, YearOneLine[]>();
  if (valuationIds.length === 0) return out;
  const { rows } = await pg.execute(sql`SELECT valuation_id AS "valuationId", section, annualized_by_year->0 AS "yearOne"
    FROM cash_flow_transactions WHERE ${anyId(sql`valuation_id`, valuationIds)}
    ORDER BY valuation_id COLLATE "C", position, id COLLATE "C"`);
  for (const row of rows as { valuationId: string; section: string; yearOne: number | null }[]) {
    const line: YearOneLine = { section: row.section, yearOne: row.yearOne ?? undefined };
    const list = out.get(row.valuationId);
    if (list) list.push(line);
    else out.set(row.valuationId, [line]);
  }
  return out;
}

/**
 * The year-one total of every section of these valuations' cash flows (a section without lines
 * is absent), added in transactionsOf's order (position, id) as the cash flow adds them: sum()
 * over double precision adds its inputs one by one, in the aggregate's ORDER BY, without
 * compensation. JavaScript starts from 0 (`0 + x1 + ...`): the final `0 +` gives the same
 * double, a sum of zeros included (-0 + 0 is 0).
 */
export async function yearOneTotalsOf(pg: PgDb, valuationIds: readonly string[]): Promise<YearOneTotal[]> {
  if (valuationIds.length === 0) return [];
  const { rows } = await pg.execute(sql`SELECT valuation_id AS "valuationId", section,
      0 + sum(coalesce((annualized_by_year->>0)::float8, 0) ORDER BY position, id COLLATE "C") AS total
    FROM cash_flow_transactions WHERE ${anyId(sql`valuation_id`, valuationIds)}
    GROUP BY valuation_id, section ORDER BY valuation_id COLLATE "C", section COLLATE "C"`);
  return rows as unknown as YearOneTotal[];
}

type LinkRow = {
  dealId: string;
  collateralId: string;
  version: number | null;
  salesValuation: number;
  alternativeValuation: number;
  revenue: number | null;
  vacancyAndConcessions: number;
  otherIncome: number;
  operatingExpenses: number;
  belowTheLineExpense: number;
  capRate: number;
};

/**
 * The collaterals of these deals in collateralsOfDeal order (position, then id), by deal (a deal
 * without collateral has an empty list), each with what a stress reads of its current stored
 * roll-up: current meaning of this formula version and of the collateral's current inputs.
 */
export async function analysisCollateralLinks(pg: PgDb, dealIds: readonly string[], version: number): Promise<Map<string, AnalysisCollateralLink[]>> {
  const out = new Map<string, AnalysisCollateralLink[]>(dealIds.map((id) => [id, []]));
  if (dealIds.length === 0) return out;
  const { rows } = await pg.execute(sql`SELECT dc.deal_id AS "dealId", dc.collateral_id AS "collateralId", f.version,
      f.sales_valuation AS "salesValuation", f.alternative_valuation AS "alternativeValuation", f.year_one_revenue AS revenue,
      f.year_one_vacancy_and_concessions AS "vacancyAndConcessions", f.year_one_other_income AS "otherIncome",
      f.year_one_operating_expenses AS "operatingExpenses", f.year_one_below_the_line_expense AS "belowTheLineExpense",
      f.main_cap_rate AS "capRate"
    FROM deal_collaterals dc
    LEFT JOIN collateral_inputs i ON i.collateral_id = dc.collateral_id
    LEFT JOIN collateral_figures f ON f.collateral_id = dc.collateral_id AND f.version = ${version} AND f.inputs_version = i.version
    WHERE ${anyId(sql`dc.deal_id`, dealIds)}
    ORDER BY dc.deal_id COLLATE "C", dc.position, dc.collateral_id COLLATE "C"`);
  for (const r of rows as LinkRow[]) {
    const stored = r.version === null ? null : { salesValuation: r.salesValuation, alternativeValuation: r.alternativeValuation };
    // The six columns are written together (saveCollateralFigures): one null means none was saved.
    const stress =
      stored === null || r.revenue === null
        ? null
        : { revenue: r.revenue, vacancyAndConcessions: r.vacancyAndConcessions, otherIncome: r.otherIncome, operatingExpenses: r.operatingExpenses, belowTheLineExpense: r.belowTheLineExpense, capRate: r.capRate };
    out.get(r.dealId)?.push({ collateralId: r.collateralId, stored, stress });
  }
  return out;
}

/** These deals' analysis columns (a deal that does not exist is absent). */
export async function analysisDealRows(pg: PgDb, ids: readonly string[]): Promise<AnalysisDealRow[]> {
  if (ids.length === 0) return [];
  return pg
    .select({
      id: deals.id,
      seedName: deals.seedName,
      grossLoan: deals.grossLoan,
      rateIndex: deals.rateIndex,
      indexRate: deals.indexRate,
      rateSpread: deals.rateSpread,
      interestRateFloor: deals.interestRateFloor,
      loanPaymentStructure: deals.loanPaymentStructure,
      amortizationTerm: deals.amortizationTerm,
      debtServiceMethod: deals.debtServiceMethod,
      userDebtService: deals.userDebtService,
      projectTotalCost: deals.projectTotalCost,
      userSelectedLtv: deals.userSelectedLtv,
    })
    .from(deals)
    .where(anyId(deals.id, ids));
}
