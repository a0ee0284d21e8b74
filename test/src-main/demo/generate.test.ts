import { createHash } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MainMarketDto,
  MarketForecastDto,
  MarketSummaryDto,
  MarketTrendSummaryDto,
  SubMarketDto,
} from '../../../src-main/contract/market-data';
import { AssetType, DealState, LoanType } from '../../../src-main/contract/enums';
import { addressKey } from '../../../src-main/domain/address-key';
import { CASH_FLOW_SECTIONS } from '../../../src-main/domain/cash-flow';
import { annualDebtService } from '../../../src-main/domain/debt-service';
import { hotelRevenue } from '../../../src-main/domain/hotel';
import { noteRate } from '../../../src-main/domain/note-rate';
import { isIsoDate } from '../../../src-main/demo/calendar';
import {
  DEMO_ASSET_TYPES,
  DEMO_COLLATERAL_SUB_TYPES,
  DEMO_LOAN_TYPES,
  DEMO_PROFILE_NAMES,
  DEMO_STATES,
  DEMO_STATUS_BY_STATE,
  DEMO_SUB_STATUSES,
  DEMO_TABLE_ORDER,
  DEMO_VALUE_BASES,
  generateDemoPortfolio,
  type DemoPortfolio,
} from '../../../src-main/demo/generate';
import { MAX_RESIDENTIAL_ROLL_ITEMS } from '../../../src-main/demo/property';
import { loadSystemConfig } from '../../../src-main/store/system-config';

let book: DemoPortfolio;

beforeAll(() => {
  book = generateDemoPortfolio({ seed: 20261121, deals: 200, asOf: '2026-11-01' });
});

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}

const share = (hits: number, of: number) => hits / Math.max(1, of);

/** The deal's NOI and income value from its collaterals' main valuations, as the gateway computes them. */
function dealFigures(p: DemoPortfolio) {
  const txByValuation = groupBy(p.cashFlowTransactions, (t) => t.valuationId);
  const mainByCollateral = new Map(p.revenueValuations.filter((v) => v.isMain).map((v) => [v.collateralId, v]));
  const collateralsByDeal = groupBy(p.dealCollaterals, (d) => d.dealId);
  const noiOf = (valuationId: string) =>
    (txByValuation.get(valuationId) ?? []).reduce((sum, t) => {
      const year1 = t.annualizedByYear[0]!;
      if (t.section === 'revenue' || t.section === 'otherIncome') return sum + year1;
      if (t.section === 'vacancyAndConcessions' || t.section === 'operatingExpenses') return sum - year1;
      return sum;
    }, 0);
  return new Map(
    p.deals.map((deal) => {
      let noi = 0;
      let value = 0;
      for (const link of collateralsByDeal.get(deal.id) ?? []) {
        const valuation = mainByCollateral.get(link.collateralId)!;
        const n = noiOf(valuation.id);
        noi += n;
        value += n / valuation.capRate!;
      }
      const debtService =
        deal.debtServiceMethod === 'Manual'
          ? deal.userDebtService!
          : annualDebtService({
              loanAmount: deal.grossLoan,
              annualRate: noteRate({
                isFixed: deal.rateIndex === 'Fixed',
                indexRate: deal.indexRate!,
                rateSpread: deal.rateSpread!,
                interestRateFloor: deal.interestRateFloor!,
              }),
              loanPaymentStructure: deal.loanPaymentStructure as 'InterestOnly' | 'P_I_Amortization',
              amortizationTerm: deal.amortizationTerm!,
              debtServiceMethod: 'Calculated',
              userDebtService: 0,
            });
      return [deal.id, { noi, value, dscr: noi / debtService, ltv: deal.grossLoan / value }];
    }),
  );
}

describe('the demo portfolio generator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('yields identical data for the same seed and different data for another seed', () => {
    expect(generateDemoPortfolio({ seed: 20261121, deals: 200, asOf: '2026-11-01' })).toEqual(book);
    const other = generateDemoPortfolio({ seed: 7, deals: 200 });
    expect(other.deals.map((d) => d.id)).not.toEqual(book.deals.map((d) => d.id));
    expect(other.deals.map((d) => d.grossLoan)).not.toEqual(book.deals.map((d) => d.grossLoan));
  });

  // The draws happen in a fixed order across the generator's modules: moving code between them
  // must not move a draw. A deliberate change to what the demo makes updates these hashes with it.
  it('makes byte for byte the book it always has for a seed and salt (the SHA-256 of its JSON is pinned)', () => {
    const sha = (p: DemoPortfolio) => createHash('sha256').update(JSON.stringify(p)).digest('hex');
    expect(sha(book)).toBe('49c24e529a8e9d1613eb8560540c5640af1aeb4795552a91a256f50089924334');
    expect(sha(generateDemoPortfolio({ seed: 99, deals: 25, idSalt: 'b', asOf: '2026-01-31' }))).toBe(
      'ba5582352570fa3d48e2a8e6558845fc7568e05d6be0468d16602e3f73970aef',
    );
    expect(sha(generateDemoPortfolio({ seed: 42, deals: 12, idSalt: 'alpha', asOf: '2025-03-15', ownerIds: ['jane.doe@x.com'] }))).toBe(
      '407ce126cb462df0132621de23f99b2043739e698738f49ae22f1c20954baccb',
    );
  });

  it('reads neither the clock nor Math.random', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random() called');
    });
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now() called');
    });
    expect(generateDemoPortfolio({ deals: 20 }).deals).toHaveLength(20);
  });

  it('fills every table it promises, in foreign-key order', () => {
    expect(Object.keys(book).sort()).toEqual([...DEMO_TABLE_ORDER].sort());
    for (const table of DEMO_TABLE_ORDER) expect(book[table].length, table).toBeGreaterThan(0);
    expect(book.deals).toHaveLength(200);
  });

  it('covers every loan type, every asset type but None, every state and every priority in 200 deals', () => {
    expect(new Set(book.deals.map((d) => d.loanType))).toEqual(new Set(DEMO_LOAN_TYPES));
    expect(new Set(book.deals.map((d) => d.propertyType))).toEqual(new Set(DEMO_ASSET_TYPES));
    expect(DEMO_ASSET_TYPES).not.toContain('None');
    // The demo draws from the contract's enumerations: none of their values is left out.
    expect(new Set([...DEMO_ASSET_TYPES, 'None'])).toEqual(new Set(AssetType.options));
    expect(new Set(DEMO_LOAN_TYPES)).toEqual(new Set(LoanType.options));
    expect(new Set(DEMO_STATES)).toEqual(new Set(DealState.options));
    expect(new Set(book.deals.map((d) => d.state))).toEqual(new Set(DEMO_STATES));
    expect(new Set(book.deals.map((d) => d.priority))).toEqual(new Set(['Low', 'Medium', 'High']));
    expect(book.deals.filter((d) => d.loanType === 'Unknown').length).toBeLessThanOrEqual(4);
  });

  it('covers every asset type, loan type and state even in a book of 13 deals', () => {
    const small = generateDemoPortfolio({ deals: 13 });
    expect(new Set(small.deals.map((d) => d.propertyType))).toEqual(new Set(DEMO_ASSET_TYPES));
    expect(new Set(small.deals.map((d) => d.loanType))).toEqual(new Set(DEMO_LOAN_TYPES));
    expect(new Set(small.deals.map((d) => d.state))).toEqual(new Set(DEMO_STATES));
  });

  it('gives a mixed-use deal one collateral with several components of different types', () => {
    const collaterals = new Map(book.collaterals.map((c) => [c.id, c]));
    const componentsOf = groupBy(book.components, (c) => c.collateralId);
    const linksOf = groupBy(book.dealCollaterals, (l) => l.dealId);
    const mixed = book.deals.filter((d) => d.propertyType === 'Mixed');
    expect(mixed.length).toBeGreaterThan(0);
    for (const deal of mixed) {
      const links = linksOf.get(deal.id)!;
      expect(links).toHaveLength(1);
      const collateral = collaterals.get(links[0]!.collateralId)!;
      expect(collateral.propertyType).toBe('Mixed');
      const components = componentsOf.get(collateral.id)!;
      expect(components.length).toBeGreaterThanOrEqual(2);
      expect(new Set(components.map((c) => c.componentType)).size).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives a portfolio deal two or three collaterals and most other deals one', () => {
    const linksOf = groupBy(book.dealCollaterals, (l) => l.dealId);
    for (const deal of book.deals) {
      const count = linksOf.get(deal.id)!.length;
      if (deal.propertyType === 'Portfolio') expect([2, 3]).toContain(count);
      else expect(count).toBeLessThanOrEqual(2);
    }
    const single = book.deals.filter((d) => d.propertyType !== 'Portfolio' && linksOf.get(d.id)!.length === 1).length;
    expect(share(single, book.deals.filter((d) => d.propertyType !== 'Portfolio').length)).toBeGreaterThan(0.9);
  });

  it('gives each component the component type of its asset', () => {
    for (const c of book.components) {
      const expected =
        c.assetType === 'Multi_Family_Apartments' || c.assetType === 'Senior_Housing'
          ? 'Residential'
          : c.assetType === 'Hotel'
            ? 'Hotel'
            : 'Commercial';
      expect(c.componentType, c.assetType).toBe(expected);
      expect(c.saleValueComputationType).toBe(expected === 'Commercial' ? 'BySf' : 'ByUnit');
      expect(c.marketVacancy).toBeGreaterThan(0);
      expect(c.marketVacancy).toBeLessThan(0.5);
    }
  });

  it('gives hotels rooms, rates and occupancy in range, and no rent roll or unit mix', () => {
    const units = groupBy(book.livingUnits, (u) => u.componentId);
    const rolls = groupBy(book.rentRolls, (r) => r.componentId);
    const hotels = book.components.filter((c) => c.componentType === 'Hotel');
    expect(hotels.length).toBeGreaterThan(0);
    for (const h of hotels) {
      expect(h.hotelTotalRooms).toBeGreaterThanOrEqual(80);
      expect(h.hotelTotalRooms).toBeLessThanOrEqual(400);
      expect(h.hotelAverageDailyRate).toBeGreaterThanOrEqual(120);
      expect(h.hotelAverageDailyRate).toBeLessThanOrEqual(380);
      expect(h.hotelOccupancy).toBeGreaterThanOrEqual(0.62);
      expect(h.hotelOccupancy).toBeLessThanOrEqual(0.82);
      expect(h.hotelOtherRevenueRatio).toBeGreaterThanOrEqual(0.15);
      expect(h.hotelOtherRevenueRatio).toBeLessThanOrEqual(0.35);
      expect(h.hotelTotalSf).toBeGreaterThan(h.hotelTotalRooms! * 400);
      expect(h.selectedRentRollId).toBeNull();
      expect(units.get(h.id)).toBeUndefined();
      expect(rolls.get(h.id)).toBeUndefined();
    }
  });

  it('gives residential components a unit mix with realistic sizes and rents', () => {
    const residential = new Set(book.components.filter((c) => c.componentType === 'Residential').map((c) => c.id));
    const components = new Map(book.components.map((c) => [c.id, c]));
    for (const u of book.livingUnits.filter((x) => residential.has(x.componentId))) {
      expect(u.unitSize).toBeGreaterThanOrEqual(450);
      expect(u.unitSize).toBeLessThanOrEqual(1_400);
      expect(u.numUnits).toBeGreaterThanOrEqual(1);
      expect(u.description).toMatch(/^(Studio|\dBR\/\dBA)$/);
      const senior = components.get(u.componentId)!.assetType === 'Senior_Housing';
      expect(u.concludedMonthlyRent).toBeGreaterThanOrEqual(senior ? 2_000 : 900);
      expect(u.concludedMonthlyRent).toBeLessThanOrEqual(senior ? 7_000 : 4_200);
    }
  });

  it('gives commercial components suites with sizes and rents per SF a broker would quote', () => {
    const components = new Map(book.components.map((c) => [c.id, c]));
    for (const u of book.livingUnits) {
      const c = components.get(u.componentId)!;
      if (c.componentType !== 'Commercial') continue;
      expect(u.suite).toBeTruthy();
      expect(u.numUnits).toBe(1);
      const rentPsfYear = (12 * u.concludedMonthlyRent!) / u.unitSize;
      const [lo, hi] = c.assetType === 'Land' ? [1.5, 12] : c.assetType === 'Industrial' || c.assetType === 'Distribution_Warehouse' ? [5, 35] : [9, 90];
      expect(rentPsfYear, `${c.assetType} ${u.unitSize} SF`).toBeGreaterThanOrEqual(lo);
      expect(rentPsfYear, `${c.assetType} ${u.unitSize} SF`).toBeLessThanOrEqual(hi);
    }
  });

  it('selects the most recent rent roll of every residential and commercial component', () => {
    const rolls = groupBy(book.rentRolls, (r) => r.componentId);
    for (const c of book.components.filter((x) => x.componentType !== 'Hotel')) {
      const own = rolls.get(c.id)!;
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(2);
      const first = own.find((r) => r.position === 0)!;
      expect(c.selectedRentRollId).toBe(first.id);
      expect(first.kind).toBe(c.componentType);
      for (const r of own) {
        expect(isIsoDate(r.effectiveDate)).toBe(true);
        expect(r.effectiveDate <= '2026-11-01').toBe(true);
        if ((r.position ?? 0) > 0) expect(r.effectiveDate < first.effectiveDate).toBe(true);
      }
    }
  });

  it('keeps rent rolls within 60 units, vacant units without tenant or rent, and leases in order', () => {
    const items = groupBy(book.rentRollItems, (i) => i.rentRollId);
    for (const roll of book.rentRolls) {
      const list = items.get(roll.id) ?? [];
      expect(list.length).toBeGreaterThan(0);
      if (roll.kind === 'Residential') expect(list.length).toBeLessThanOrEqual(MAX_RESIDENTIAL_ROLL_ITEMS);
      for (const item of list) {
        if (item.tenantName == null) {
          expect(item.monthlyRent).toBe(0);
          expect(item.leaseStart).toBeNull();
        } else {
          expect(item.monthlyRent).toBeGreaterThan(0);
        }
        if (item.leaseStart && item.leaseEnd) expect(item.leaseStart < item.leaseEnd).toBe(true);
        if (roll.kind === 'Residential') {
          expect(item.unitType).toMatch(/^(Studio|\dBR\/\dBA)$/);
          expect(item.bedrooms).not.toBeNull();
        }
      }
    }
    const residentialItems = book.rentRollItems.filter((i) => i.bedrooms != null);
    const vacant = residentialItems.filter((i) => i.tenantName == null).length;
    expect(share(vacant, residentialItems.length)).toBeGreaterThan(0.02);
    expect(share(vacant, residentialItems.length)).toBeLessThan(0.2);
  });

  it('gives every cash flow ten yearly figures in all five sections, grown by its growth rates', () => {
    const txByValuation = groupBy(book.cashFlowTransactions, (t) => t.valuationId);
    for (const v of book.revenueValuations) {
      expect(v.years).toBe(10);
      expect(v.revenueGrowth).toHaveLength(10);
      expect(v.expenseGrowth).toHaveLength(10);
      for (const g of [...v.revenueGrowth, ...v.expenseGrowth]) {
        expect(g).toBeGreaterThanOrEqual(0.015);
        expect(g).toBeLessThanOrEqual(0.04);
      }
      const txs = txByValuation.get(v.id)!;
      expect(new Set(txs.map((t) => t.section))).toEqual(new Set(CASH_FLOW_SECTIONS));
      for (const t of txs) {
        expect(t.annualizedByYear).toHaveLength(10);
        expect(t.amount).toBeGreaterThan(0);
        expect(t.annualizedByYear[0]).toBe(t.amount);
        const growth = t.section === 'operatingExpenses' || t.section === 'belowTheLineExpense' ? v.expenseGrowth : v.revenueGrowth;
        for (let y = 1; y < 10; y++) {
          const expected = t.annualizedByYear[0]! * growth.slice(0, y).reduce((f, g) => f * (1 + g), 1);
          expect(Math.abs(t.annualizedByYear[y]! - expected)).toBeLessThanOrEqual(1 + y);
        }
      }
    }
  });

  it('uses the listed groups of each cash-flow section', () => {
    const groups: Record<string, string[]> = {
      revenue: ['Rental Income', 'Other Revenue'],
      vacancyAndConcessions: ['Vacancy', 'Concessions', 'Credit Loss'],
      otherIncome: ['Parking', 'Laundry', 'Reimbursements'],
      operatingExpenses: ['Taxes', 'Insurance', 'Utilities', 'Repairs & Maintenance', 'Management Fee', 'Payroll', 'General & Administrative'],
      belowTheLineExpense: ['Replacement Reserves', 'Tenant Improvements', 'Leasing Commissions'],
    };
    for (const t of book.cashFlowTransactions) expect(groups[t.section], t.section).toContain(t.groupName);
  });

  it('derives revenue from the rents: GPR is twelve times the concluded rents, hotels earn rooms x ADR x occupancy', () => {
    const mainByCollateral = new Map(book.revenueValuations.filter((v) => v.isMain).map((v) => [v.collateralId, v.id]));
    const txByValuation = groupBy(book.cashFlowTransactions, (t) => t.valuationId);
    const unitsOf = groupBy(book.livingUnits, (u) => u.componentId);
    for (const [collateralId, components] of groupBy(book.components, (c) => c.collateralId)) {
      let expectedGpr = 0;
      let expectedRooms = 0;
      for (const c of components) {
        if (c.componentType === 'Hotel') {
          expectedRooms += hotelRevenue({ totalRooms: c.hotelTotalRooms!, averageDailyRate: c.hotelAverageDailyRate!, occupancy: c.hotelOccupancy! }).roomRevenueAnnual;
        } else {
          expectedGpr += 12 * (unitsOf.get(c.id) ?? []).reduce((s, u) => s + u.concludedMonthlyRent! * u.numUnits!, 0);
        }
      }
      const rental = txByValuation.get(mainByCollateral.get(collateralId)!)!.filter((t) => t.groupName === 'Rental Income');
      const gpr = rental.filter((t) => t.description.startsWith('Gross Potential Rent')).reduce((s, t) => s + t.amount, 0);
      const rooms = rental.filter((t) => t.description.startsWith('Room Revenue')).reduce((s, t) => s + t.amount, 0);
      expect(Math.abs(gpr - expectedGpr)).toBeLessThanOrEqual(components.length);
      expect(Math.abs(rooms - expectedRooms)).toBeLessThanOrEqual(components.length);
    }
  });

  it('keeps operating expenses within the usual ratios of effective gross income', () => {
    const collateralType = new Map(book.collaterals.map((c) => [c.id, c.propertyType]));
    const ranges: Record<string, [number, number]> = {
      Multi_Family_Apartments: [0.33, 0.47],
      Office: [0.38, 0.52],
      Industrial: [0.18, 0.32],
      Hotel: [0.63, 0.77],
    };
    const txByValuation = groupBy(book.cashFlowTransactions, (t) => t.valuationId);
    for (const v of book.revenueValuations.filter((x) => x.isMain)) {
      const range = ranges[collateralType.get(v.collateralId)!];
      if (!range) continue;
      const txs = txByValuation.get(v.id)!;
      const total = (section: string) => txs.filter((t) => t.section === section).reduce((s, t) => s + t.amount, 0);
      const egi = total('revenue') - total('vacancyAndConcessions') + total('otherIncome');
      const ratio = total('operatingExpenses') / egi;
      expect(ratio).toBeGreaterThanOrEqual(range[0]);
      expect(ratio).toBeLessThanOrEqual(range[1]);
    }
  });

  it('values collaterals with a main income valuation near the market cap rate and an appraisal within 10 %', () => {
    const figures = new Map<string, number>();
    const txByValuation = groupBy(book.cashFlowTransactions, (t) => t.valuationId);
    const collaterals = new Map(book.collaterals.map((c) => [c.id, c]));
    for (const v of book.revenueValuations) {
      const c = collaterals.get(v.collateralId)!;
      expect(Math.abs(v.capRate! - c.marketCapRate!)).toBeLessThanOrEqual(0.0051);
      expect(v.discountRate).toBeGreaterThanOrEqual(0.07);
      expect(v.discountRate).toBeLessThanOrEqual(0.1);
      expect(v.exitCapRate! - v.capRate!).toBeGreaterThanOrEqual(0.0025 - 1e-9);
      expect(v.exitCapRate! - v.capRate!).toBeLessThanOrEqual(0.005 + 1e-9);
      expect(v.sellingCosts).toBe(0.02);
      if (!v.isMain) continue;
      const txs = txByValuation.get(v.id)!;
      const sum = (s: string) => txs.filter((t) => t.section === s).reduce((a, t) => a + t.amount, 0);
      const noi = sum('revenue') - sum('vacancyAndConcessions') + sum('otherIncome') - sum('operatingExpenses');
      expect(noi).toBeGreaterThan(0);
      figures.set(v.collateralId, noi / v.capRate!);
    }
    for (const c of book.collaterals) {
      const main = book.revenueValuations.filter((v) => v.collateralId === c.id && v.isMain);
      expect(main).toHaveLength(1);
      const appraisals = book.alternativeValuations.filter((a) => a.collateralId === c.id && a.isMain);
      expect(appraisals).toHaveLength(1);
      const ratio = appraisals[0]!.valuation / figures.get(c.id)!;
      expect(ratio).toBeGreaterThan(0.89);
      expect(ratio).toBeLessThan(1.11);
      expect(DEMO_VALUE_BASES).toContain(appraisals[0]!.valueBasis);
    }
  });

  it('prices sales comparables in line with the income approach', () => {
    const compsOf = groupBy(book.salesComps, (s) => s.componentId);
    for (const c of book.components) {
      const comps = compsOf.get(c.id)!;
      expect(comps.length).toBeGreaterThanOrEqual(3);
      expect(comps.length).toBeLessThanOrEqual(6);
      for (const s of comps) {
        expect(s.pricePerUnit).toBeGreaterThan(0);
        expect(s.pricePerSf).toBeGreaterThan(0);
        expect(isIsoDate(s.saleDate!)).toBe(true);
      }
    }
  });

  it('sizes loans from $1.5M to $85M, mostly at a DSCR of 1.15x to 1.9x and an LTV of at most 75 %', () => {
    const figures = dealFigures(book);
    for (const d of book.deals) {
      expect(d.grossLoan).toBeGreaterThanOrEqual(1_000_000);
      expect(d.grossLoan).toBeLessThanOrEqual(85_000_000);
    }
    const live = book.deals.filter((d) => d.state !== 'Rejected');
    const inBand = live.filter((d) => {
      const f = figures.get(d.id)!;
      return f.dscr >= 1.15 && f.dscr <= 1.9;
    });
    expect(share(inBand.length, live.length)).toBeGreaterThan(0.8);
    const leverageOk = live.filter((d) => figures.get(d.id)!.ltv <= 0.76);
    expect(share(leverageOk.length, live.length)).toBeGreaterThan(0.97);
  });

  it('writes loan terms a lender would: spreads, fixed coupons, amortization and terms', () => {
    for (const d of book.deals) {
      expect(Number.isInteger(d.loanTerm)).toBe(true);
      expect(d.loanTerm).toBeGreaterThanOrEqual(24);
      expect(d.loanTerm).toBeLessThanOrEqual(120);
      if (d.rateIndex === 'Fixed') {
        expect(d.indexRate).toBe(0);
        expect(d.rateSpread).toBeGreaterThanOrEqual(0.05);
        expect(d.rateSpread).toBeLessThanOrEqual(0.075);
      } else {
        expect(d.rateSpread).toBeGreaterThanOrEqual(0.015);
        expect(d.rateSpread).toBeLessThanOrEqual(0.045);
        expect(d.indexRate).toBeGreaterThan(0.03);
      }
      if (d.loanPaymentStructure === 'P_I_Amortization') {
        expect([300, 360]).toContain(d.amortizationTerm);
        expect(d.loanTerm).toBeLessThanOrEqual(d.amortizationTerm!);
      } else {
        expect(d.amortizationTerm).toBe(0);
      }
      expect(['1', '2', '3', '4', '5', '6', '7', '8']).toContain(d.riskRating);
      expect(d.loanId).toMatch(/^LN-\d{4}-\d{5}$/);
    }
    expect(new Set(book.deals.map((d) => d.loanId)).size).toBe(book.deals.length);
    expect(book.deals.filter((d) => d.rateIndex?.includes('SOFR')).length).toBeGreaterThan(book.deals.length / 2);
  });

  it('dates loans by state: originated and completed loans closed, pipeline deals not yet', () => {
    for (const d of book.deals) {
      if (d.state === 'Originated' || d.state === 'Completed') {
        expect(isIsoDate(d.originationDate!)).toBe(true);
        expect(d.closingDate).toBe(d.originationDate);
        expect(d.originationDate! < '2026-11-01').toBe(true);
        expect(d.originatedLoanAmount).toBeGreaterThanOrEqual(d.grossLoan);
      } else {
        expect(d.originationDate).toBeNull();
        expect(d.originatedLoanAmount).toBe(0);
      }
      if (d.loanType.includes('Construction')) expect(d.projectTotalCost).toBeGreaterThan(d.grossLoan);
      expect(d.createdAt! <= '2026-11-01T23:59:59.999Z').toBe(true);
    }
  });

  it('takes statuses, profiles, sub-types and value bases from the shipped system configuration', () => {
    const config = loadSystemConfig();
    for (const state of DEMO_STATES) {
      expect(config.statusesByState[state]).toEqual(expect.arrayContaining([...DEMO_STATUS_BY_STATE[state]]));
    }
    for (const d of book.deals) expect(DEMO_STATUS_BY_STATE[d.state as (typeof DEMO_STATES)[number]]).toContain(d.status);
    expect(config.profileNames).toEqual(expect.arrayContaining([...DEMO_PROFILE_NAMES]));
    expect(config.collateralSubTypes).toEqual(expect.arrayContaining([...DEMO_COLLATERAL_SUB_TYPES]));
    expect(config.collateralSubStatuses).toEqual(expect.arrayContaining([...DEMO_SUB_STATUSES]));
    expect(config.valueBases).toEqual(expect.arrayContaining([...DEMO_VALUE_BASES]));
    for (const c of book.collaterals) if (c.subType) expect(DEMO_COLLATERAL_SUB_TYPES).toContain(c.subType);
    for (const c of book.collaterals) expect(DEMO_SUB_STATUSES).toContain(c.subStatus);
  });

  it('balances sources and uses for most deals, with one default source and one default use each', () => {
    const sources = groupBy(book.fundSources, (s) => s.fundsId);
    const uses = groupBy(book.fundUses, (u) => u.fundsId);
    const deals = new Map(book.deals.map((d) => [d.id, d]));
    let balanced = 0;
    for (const f of book.fundsAnalyses) {
      const s = sources.get(f.id)!;
      const u = uses.get(f.id)!;
      expect(s.filter((x) => x.isDefault)).toHaveLength(1);
      expect(u.filter((x) => x.isDefault)).toHaveLength(1);
      for (const x of [...s, ...u]) expect(x.amount).toBeGreaterThan(0);
      const gap = u.reduce((a, x) => a + x.amount, 0) - s.reduce((a, x) => a + x.amount, 0);
      if (gap === 0) balanced++;
      else expect(gap).toBeGreaterThan(0); // a funding gap, never a surplus
      const deal = deals.get(f.dealId)!;
      const senior = s[0]!;
      expect(senior.isLoan).toBe(true);
      expect(senior.isDefault).toBe(true);
      expect(senior.amount).toBe(deal.originatedLoanAmount || deal.grossLoan);
      expect(senior.loanPaymentStructure).toBe(deal.loanPaymentStructure);
      expect(senior.amortizationTerm).toBe(deal.amortizationTerm);
      for (const x of s.filter((y) => !y.isLoan)) expect(x.interestRate).toBe(0);
    }
    expect(share(balanced, book.fundsAnalyses.length)).toBeGreaterThan(0.85);
    expect(balanced).toBeLessThan(book.fundsAnalyses.length);
  });

  it('puts no two collaterals at the same address and keys each address like the place lookup', () => {
    expect(new Set(book.collaterals.map((c) => c.addressKey)).size).toBe(book.collaterals.length);
    expect(new Set(book.collaterals.map((c) => c.placeId)).size).toBe(book.collaterals.length);
    for (const c of book.collaterals) {
      expect(c.addressKey).toBe(addressKey(c));
      expect(c.placeId).toBe(`us:${c.zipCode}:${c.addressKey!.replace(/\s+/g, '-')}`);
      expect(c.fullAddress).toBe(`${c.streetNumber} ${c.street}, ${c.city}, ${c.state} ${c.zipCode}`);
      expect(c.country).toBe('US');
      expect(Math.abs(c.lat!)).toBeLessThan(50);
      expect(c.lng!).toBeLessThan(-60);
      if (c.propertyType === 'Land') expect(c.yearBuilt).toBeNull();
      else {
        expect(c.yearBuilt).toBeGreaterThanOrEqual(1965);
        expect(c.yearBuilt).toBeLessThanOrEqual(2029);
      }
    }
  });

  it('uses only test-range SSNs, reserved phone numbers and example e-mail domains for parties', () => {
    for (const p of book.people) {
      expect(p.socialSecurityNumber).toMatch(/^9\d{2}-\d{2}-\d{4}$/);
      expect(p.primaryPhoneNumber).toMatch(/^\(\d{3}\) 555-01\d{2}$/);
      expect(p.primaryEmail).toMatch(/@example\.com$/);
      expect(p.personalNetWorth).toBeGreaterThan(p.personalLiquidity!);
      expect(p.personalDSCR).toBeGreaterThan(1);
    }
    for (const c of book.companies) expect(c.ein).toMatch(/^9\d-\d{7}$/);
  });

  it('links each deal to one to three people and one or two companies', () => {
    const people = groupBy(book.dealPeople, (l) => l.dealId);
    const companies = groupBy(book.dealCompanies, (l) => l.dealId);
    for (const d of book.deals) {
      expect(people.get(d.id)!.length).toBeGreaterThanOrEqual(1);
      expect(people.get(d.id)!.length).toBeLessThanOrEqual(3);
      expect(companies.get(d.id)!.length).toBeGreaterThanOrEqual(1);
      expect(companies.get(d.id)!.length).toBeLessThanOrEqual(2);
    }
    // Sponsors come back: some people guarantee several deals.
    expect(book.people.length).toBeLessThan(book.dealPeople.length);
  });

  it('points most deals at a photo among their own files', () => {
    const files = new Map(book.files.map((f) => [f.id, f]));
    const withPhoto = book.deals.filter((d) => d.mainImageFileId);
    expect(share(withPhoto.length, book.deals.length)).toBeGreaterThan(0.8);
    for (const d of withPhoto) {
      const file = files.get(d.mainImageFileId!)!;
      expect(file.dealId).toBe(d.id);
      expect(file.contentType).toBe('image/jpeg');
    }
    for (const r of book.rentRolls) expect(files.get(r.fileId!)?.name).toMatch(/\.xlsx$/);
  });

  it('fills every market-data document the spec lists, in the contract shapes', () => {
    expect(book.marketData).toHaveLength(book.components.length);
    for (const m of book.marketData) {
      MarketTrendSummaryDto.parse(m.trendSummary);
      MarketSummaryDto.parse(m.summary);
      MainMarketDto.strict().parse(m.mainMarket);
      SubMarketDto.strict().parse(m.subMarket);
      MarketForecastDto.strict().parse(m.forecast);
      const main = m.mainMarket as { marketPublish: string; grade: string; crimeRateQuintile: string };
      expect(['A', 'B', 'C']).toContain(main.grade);
      expect(['1', '2', '3', '4', '5']).toContain(main.crimeRateQuintile);
    }
  });

  it('names the market after the metro of the property', () => {
    const collaterals = new Map(book.collaterals.map((c) => [c.id, c]));
    const components = new Map(book.components.map((c) => [c.id, c]));
    const austin = book.marketData.filter((m) => collaterals.get(components.get(m.componentId)!.collateralId)!.city === 'Austin');
    for (const m of austin) {
      expect((m.mainMarket as { marketPublish: string }).marketPublish).toBe('Austin');
      expect((m.mainMarket as { marketAbbr: string }).marketAbbr).toBe('AUS');
    }
  });

  it('makes the extra owners users who own deals', () => {
    const p = generateDemoPortfolio({ deals: 60, ownerIds: ['pat.lee@bank.example', 'jane.doe@demo-lender.com'] });
    expect(p.users.filter((u) => u.id === 'jane.doe@demo-lender.com')).toHaveLength(1);
    expect(p.users.find((u) => u.id === 'pat.lee@bank.example')?.name).toBe('Pat Lee');
    expect(p.deals.some((d) => d.ownerId === 'pat.lee@bank.example')).toBe(true);
    const users = new Set(p.users.map((u) => u.id));
    for (const d of p.deals) expect(users.has(d.ownerId)).toBe(true);
  });

  it('stays near 34 rent-roll items a deal, so 10,000 deals stay under 400,000 items', () => {
    const p = generateDemoPortfolio({ deals: 1_500, seed: 99 });
    expect(p.rentRollItems.length / p.deals.length).toBeLessThan(40);
  });
});
