// A collateral's valuations: the income approach (the underwriter's, and for some one at market
// rents) with its cash flow lines projected over the hold, and the appraisal (with, for some, a
// broker's opinion).

import type { DemoContext } from './book';
import type { DealFacts } from './collateral';
import { addDays, addMonths, startOfMonth, yearOf } from './calendar';
import type { ComponentPart } from './components';
import { addFile } from './documents';
import { slug } from './phrases';
import { growthRates, mergeProFormas, project, type ProFormaLine } from './proforma';
import { clamp, roundTo, type Rng } from './random';

/** What the income valuations of a collateral are drawn from. */
export interface IncomeBasis {
  collateralId: string;
  name: string;
  parts: readonly ComponentPart[];
  merged: ReturnType<typeof mergeProFormas>;
  capRate: number;
  marketCapRate: number;
}

/** Revenue valuations: the underwriter's (main) and, for some, one at market rents, with their cash flow lines. */
export function addRevenueValuations(ctx: DemoContext, rng: Rng, deal: DealFacts, basis: IncomeBasis): void {
  const { ids, out } = ctx;
  const { collateralId, name, parts, merged, capRate, marketCapRate } = basis;
  const dataDate = deal.dataDate;
  const years = 10;
  const startDate = startOfMonth(dataDate);
  const endDate = addDays(addMonths(startDate, 12 * years), -1);
  const t12 = addFile(ctx, rng, deal.dealId, `t12-operating-statement-${slug(name)}.xlsx`, 'xlsx', [40_000, 260_000], deal.createdDate);
  const revenueGrowth = growthRates(rng, rng.float(0.02, 0.035), rng.float(0.025, 0.03));
  const expenseGrowth = growthRates(rng, rng.float(0.028, 0.035), rng.float(0.025, 0.03));
  const discountRate = roundTo(clamp(capRate + rng.float(0.015, 0.03), 0.07, 0.1), 0.0025);
  const allHotel = parts.every((p) => p.layout.profile.kind === 'Hotel');
  const valuations: { isMain: boolean; isMarket: boolean; lines: ProFormaLine[]; capRate: number; name: string }[] = [
    {
      isMain: true,
      isMarket: false,
      lines: merged.lines,
      capRate,
      name: deal.preLeasing ? 'Stabilized Pro Forma' : `Underwritten ${yearOf(dataDate)}`,
    },
  ];
  if (!allHotel && rng.chance(0.3)) {
    valuations.push({ isMain: false, isMarket: true, lines: mergeProFormas(parts.map((p) => p.market)).lines, capRate: marketCapRate, name: 'Market' });
  }
  const vacancyRates = parts.map((p) => p.underwritten.vacancyRate);
  const maxVacancy = Math.max(...vacancyRates);
  for (const v of valuations) {
    const valuationId = ids.next();
    out.revenueValuations.push({
      id: valuationId,
      collateralId,
      isMain: v.isMain,
      isMarket: v.isMarket,
      name: v.name,
      capRate: v.capRate,
      expensesSourceId: null,
      userValuationType: null,
      comment: v.isMarket
        ? 'Comparable rents and market vacancy; expenses as underwritten.'
        : `Vacancy underwritten at ${(maxVacancy * 100).toFixed(1)}%; expenses at ${((merged.operatingExpenses / Math.max(1, merged.egi)) * 100).toFixed(1)}% of EGI; cap rate ${(capRate * 100).toFixed(2)}% against a market rate of ${(marketCapRate * 100).toFixed(2)}%.`,
      parentId: null,
      descriptor: v.isMarket ? 'Market' : deal.preLeasing ? 'Stabilized' : 'In-Place',
      startDate,
      endDate,
      revenueSource: 'Market',
      capRateSource: 'Market',
      vacancySource: 'Market',
      archive: false,
      cashFlowFileId: v.isMain ? t12 : null,
      cashFlowComment: v.isMain ? 'Trailing-12 operating statement normalized for underwriting.' : null,
      years,
      discountRate,
      exitCapRate: roundTo(v.capRate + rng.float(0.0025, 0.005), 0.0005),
      sellingCosts: 0.02,
      revenueGrowth,
      expenseGrowth,
    });
    v.lines.forEach((line, position) => {
      out.cashFlowTransactions.push({
        id: ids.next(),
        valuationId,
        position,
        section: line.section,
        groupName: line.group,
        description: line.description,
        comment: line.comment,
        measureType: 'Unspecified',
        amount: line.amount,
        annualizedByYear: project(line.amount, line.grows === 'revenue' ? revenueGrowth : expenseGrowth, years),
      });
    });
  }
}

/** Alternative valuation: the appraisal, within a few percent of the income approach. */
export function addAppraisals(ctx: DemoContext, rng: Rng, deal: DealFacts, collateralId: string, value: number): void {
  const { ids, out } = ctx;
  const dataDate = deal.dataDate;
  const valueBasis = deal.loanType === 'Construction' || deal.preLeasing
    ? 'As Complete'
    : deal.loanType === 'Bridge' || deal.loanType === 'Stabilization' || deal.loanType === 'Acquisition_Construction' || deal.loanType === 'Refinance_Construction'
      ? 'As Stabilized'
      : 'As Is';
  const orderedAppraisal = addDays(deal.createdDate, rng.int(10, 45));
  const appraisalDate = orderedAppraisal > dataDate ? addDays(dataDate, -rng.int(5, 30)) : orderedAppraisal;
  out.alternativeValuations.push({
    id: ids.next(),
    collateralId,
    isMain: true,
    name: `Appraisal ${yearOf(appraisalDate)}`,
    description: `${valueBasis} market value by an independent MAI appraiser.`,
    parentId: null,
    descriptor: valueBasis,
    valueBasis,
    valuation: roundTo(value * rng.float(0.92, 1.08), value > 10_000_000 ? 100_000 : 50_000),
    asOfDate: appraisalDate,
  });
  // A broker's opinion of an existing, income-producing property (not of a construction site).
  if (deal.loanType !== 'Construction' && rng.chance(0.15)) {
    out.alternativeValuations.push({
      id: ids.next(),
      collateralId,
      isMain: false,
      name: 'Broker Opinion of Value',
      description: 'Broker opinion provided by the sponsor.',
      parentId: null,
      descriptor: 'As Is',
      valueBasis: 'As Is',
      valuation: roundTo(value * rng.float(1, 1.12), 100_000),
      asOfDate: addDays(appraisalDate, -rng.int(20, 120)),
    });
  }
}
