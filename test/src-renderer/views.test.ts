import { describe, expect, it } from 'vitest';
import type { PipelineRow } from '../../src-main/contract';
import { changedUpdates, choicesOf, formValues, validateValue, wireValue } from '../../src-renderer/deal-properties';
import { buildImportItems, dealResolver, guessMapping, type DealRef } from '../../src-renderer/import-mapping';
import { distinct, figureCell, filterRows, nextSort, NO_FILTERS, sortRows } from '../../src-renderer/pipeline-view';
import { measured } from '../../src-renderer/analysis';
import { parseRoute, routePath } from '../../src-renderer/router';

const row = (over: Partial<PipelineRow>): PipelineRow => ({
  id: 'x',
  seedName: 'Deal',
  loanId: null,
  state: 'NewDeal',
  status: 'Screening',
  priority: 'Medium',
  owner: 'a@x.com',
  loanType: 'Bridge',
  propertyType: 'Office',
  grossLoan: 1,
  riskRating: '3',
  addresses: [],
  interestRate: 0.07,
  debtService: 1,
  dscr: 1.2,
  debtYield: 10,
  ltv: 0.6,
  ...over,
});

describe('pipeline view', () => {
  const rows = [
    row({ id: 'a', seedName: 'Birch Lofts', state: 'Originated', dscr: 1.4, propertyType: 'Multi_Family_Apartments', riskRating: '10' }),
    row({ id: 'b', seedName: 'Alder Plaza', dscr: null, owner: 'b@x.com', riskRating: '2' }),
    row({ id: 'c', seedName: 'Cedar Park', dscr: 0.9, loanId: 'LN-77', priority: 'High', riskRating: null }),
  ];

  it('filters by lists and searches every text column, words in any order', () => {
    expect(filterRows(rows, { ...NO_FILTERS, states: ['Originated'] }).map((r) => r.id)).toEqual(['a']);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'ln-77' }).map((r) => r.id)).toEqual(['c']);
    expect(filterRows(rows, { ...NO_FILTERS, search: 'apartments birch' }).map((r) => r.id)).toEqual(['a']);
    expect(filterRows(rows, { ...NO_FILTERS, owners: ['b@x.com'], search: 'alder' }).map((r) => r.id)).toEqual(['b']);
    expect(filterRows(rows, { ...NO_FILTERS, riskRatings: ['2'] }).map((r) => r.id)).toEqual(['b']);
  });

  it("searches every collateral address of a deal: street, city, state and ZIP, with the deal's other fields", () => {
    const placed = [
      row({ id: 'p', seedName: 'Pine Court', addresses: ['708 1st St, Kansas City, MO 64105', '1200 W Madison St, Chicago, IL 60607'] }),
      row({ id: 'q', seedName: 'Quince Yard', addresses: ['434 Market St, Atlanta, GA 30303'] }),
      row({ id: 'r', seedName: 'Chicago Fund Deal', addresses: [] }),
    ];
    const found = (search: string) => filterRows(placed, { ...NO_FILTERS, search }).map((r) => r.id);
    expect(found('chicago')).toEqual(['p', 'r']);
    expect(found('Chicago IL')).toEqual(['p']);
    expect(found('60607')).toEqual(['p']);
    expect(found('madison st')).toEqual(['p']);
    expect(found('market atlanta quince')).toEqual(['q']);
    expect(found('Kansas City 30303')).toEqual([]);
  });

  it('sorts with empty values last in both directions, numbers as numbers', () => {
    expect(sortRows(rows, { key: 'dscr', direction: 'asc' }).map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, { key: 'dscr', direction: 'desc' }).map((r) => r.id)).toEqual(['a', 'c', 'b']);
    expect(sortRows(rows, { key: 'riskRating', direction: 'asc' }).map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, { key: 'priority', direction: 'desc' }).map((r) => r.id)[0]).toBe('c');
    expect(sortRows(rows, null).map((r) => r.id)).toEqual(['a', 'b', 'c']);
    expect(nextSort(null, 'dscr')).toEqual({ key: 'dscr', direction: 'asc' });
    expect(nextSort({ key: 'dscr', direction: 'asc' }, 'dscr')).toEqual({ key: 'dscr', direction: 'desc' });
    expect(nextSort({ key: 'dscr', direction: 'desc' }, 'dscr')).toBeNull();
    expect(distinct(rows, 'riskRating')).toEqual(['2', '10']);
  });
});

describe('figures not measured (a new deal without NOI or valuation: 0 in the reads)', () => {
  const rows = [
    row({ id: 'n', seedName: 'New Deal', dscr: 0, ltv: 0, debtYield: 0 }),
    row({ id: 'w', seedName: 'Weak', dscr: 0.4, ltv: 0.9, debtYield: 3 }),
    row({ id: 's', seedName: 'Strong', dscr: 1.9, ltv: 0.5, debtYield: 12 }),
    row({ id: 'p', seedName: 'Pending', dscr: null, ltv: null, debtYield: null }),
  ];

  it('show "—", not 0.00x or 0.0 %, and "···" while still computed', () => {
    expect(figureCell(0, (v) => `${v.toFixed(2)}x`)).toEqual({ text: '—', pending: false });
    expect(figureCell(null, (v) => `${v.toFixed(2)}x`)).toEqual({ text: '···', pending: true });
    expect(figureCell(1.245, (v) => `${v.toFixed(2)}x`)).toEqual({ text: '1.25x', pending: false });
    expect(figureCell(-0.2, (v) => `${v.toFixed(2)}x`).text).toBe('-0.20x');
    expect(measured(0)).toBeNull();
    expect(measured(0.75)).toBe(0.75);
  });

  it('sort after the measured deals in both directions, not as the worst of the book', () => {
    for (const key of ['dscr', 'debtYield'] as const) {
      expect(sortRows(rows, { key, direction: 'asc' }).map((r) => r.id)).toEqual(['w', 's', 'n', 'p']);
      expect(sortRows(rows, { key, direction: 'desc' }).map((r) => r.id)).toEqual(['s', 'w', 'n', 'p']);
    }
    expect(sortRows(rows, { key: 'ltv', direction: 'asc' }).map((r) => r.id)).toEqual(['s', 'w', 'n', 'p']);
    expect(sortRows(rows, { key: 'ltv', direction: 'desc' }).map((r) => r.id)).toEqual(['w', 's', 'n', 'p']);
  });
});

describe('deal properties', () => {
  const config = {
    statusesByState: { NewDeal: ['Screening'], Prep: [], Originated: ['Funded'], Completed: [], Rejected: [] },
    profileNames: ['Standard CRE'],
    collateralSubTypes: [],
    collateralSubStatuses: [],
    valueBases: [],
    customFields: { CustomField1: { label: 'Relationship Manager' }, CustomField2: null },
    creditPolicies: { defaultProfile: 'Bank', profiles: [{ name: 'Bank', maxLtv: 0.75, source: 'test' }] },
    stressScenarios: [{ name: 'mild', valueChange: -0.1, source: 'test' }],
  };

  it('shows percentages as 0-100 and money grouped, and sends them without separators', () => {
    const deal = { rateSpread: 0.055, grossLoan: 12850000, collateralTotals: { userDebtService: 0, debtServiceMethod: 'Calculated' } } as never;
    const values = formValues(deal);
    expect(values.RateSpread).toBe('5.5');
    expect(values.GrossLoan).toBe('12,850,000');
    expect(values.DebtServiceMethod).toBe('Calculated');
    expect(wireValue('GrossLoan', '$12,900,000')).toBe('12900000');
    expect(changedUpdates(values, { ...values, GrossLoan: '12850000' })).toEqual([]);
    expect(changedUpdates(values, { ...values, RateSpread: '6' })).toEqual([{ property: 'RateSpread', value: '6' }]);
  });

  it('checks values before they are sent', () => {
    expect(validateValue('RateSpread', '140')).toBe('A percentage from 0 to 100.');
    expect(validateValue('RateSpread', '5.5')).toBeNull();
    expect(validateValue('GrossLoan', 'lots')).toBe('Enter a number.');
    expect(validateValue('LoanTerm', '12.5')).toBe('Whole months.');
    expect(validateValue('LoanTerm', '0')).toMatch(/at least 1 month/);
    expect(validateValue('ClosingDate', '2025-02-30')).toBe('A date, YYYY-MM-DD.');
    expect(validateValue('ClosingDate', '2025-02-28')).toBeNull();
    expect(validateValue('Owner', 'bob')).toMatch(/e-mail/);
    expect(validateValue('SeedName', ' ')).toMatch(/name/);
    expect(validateValue('Status', 'Funded', { State: 'NewDeal' }, config)).toMatch(/Not a status of state New Deal/);
    expect(validateValue('Status', 'Screening', { State: 'NewDeal' }, config)).toBeNull();
    expect(validateValue('AmortizationTerm', '60', { LoanPaymentStructure: 'P_I_Amortization', LoanTerm: '120', AmortizationTerm: '60' })).toMatch(/may not exceed/);
    expect(choicesOf('Status', config).map((c) => c.value)).toEqual(['Screening', 'Funded']);
    expect(choicesOf('RateIndex', config).find((c) => c.value === 'M_SOFR_TERM_1')?.label).toBe('1 M TERM SOFR');
  });
});

describe('import mapping', () => {
  it('guesses columns from their names and builds the request', () => {
    const headers = ['Deal ID', 'Name', 'Property type', 'Address', 'Valuation', 'As of'];
    const mapping = guessMapping(headers);
    expect(mapping.dealIds).toBe(0);
    expect(mapping.valuation).toBe(4);
    const { items, problems } = buildImportItems(
      [
        ['d1;d2', 'Annex', 'Land', '1 Main St, Chicago, IL 60601', '$2,500,000', '2026-10-01'],
        ['', 'Lot', 'Castle', '', 'abc', '10/01/2026'],
      ],
      mapping,
      'd9',
      dealResolver(['d1', 'd2', 'd9'].map((id) => ({ id, loanId: null, seedName: id }))),
    );
    expect(items[0]).toEqual({
      clientItemId: 'row-2',
      collateralCreateData: { dealIds: ['d1', 'd2'], name: 'Annex', propertyType: 'Land', address: { fullAddress: '1 Main St, Chicago, IL 60601' } },
      alternativeValuationCreateData: { valuation: 2500000, asOfDate: '2026-10-01' },
    });
    expect(items[1]!.collateralCreateData.dealIds).toEqual(['d9']);
    expect(problems.map((p) => p.field)).toEqual(['Property type', 'Valuation amount', 'Valuation as of']);
  });

  const deals: DealRef[] = [
    { id: '2f1c-aaaa', loanId: 'LN-2024-00001', seedName: 'Maple Court' },
    { id: '2f1c-bbbb', loanId: 'LN-2024-00002', seedName: 'Harbor Point' },
    { id: '2f1c-cccc', loanId: 'LN-2025-00003', seedName: 'Harbor Point' },
    { id: '2f1c-dddd', loanId: null, seedName: 'Cedar Yard' },
  ];
  const resolve = dealResolver(deals);

  it('finds a deal by its id, its loan id or its name, exact but in any case', () => {
    expect(resolve('2f1c-aaaa')).toEqual({ deal: deals[0] });
    expect(resolve('ln-2024-00002')).toEqual({ deal: deals[1] });
    expect(resolve(' LN-2025-00003 ')).toEqual({ deal: deals[2] });
    expect(resolve('MAPLE COURT')).toEqual({ deal: deals[0] });
    expect(resolve('cedar yard')).toEqual({ deal: deals[3] });
    expect(resolve('Maple')).toEqual({ problem: 'unknown', candidates: [] });
    expect(resolve('2F1C-AAAA')).toEqual({ problem: 'unknown', candidates: [] });
  });

  it('calls a name that several deals share ambiguous, with the candidates', () => {
    expect(resolve('harbor point')).toEqual({ problem: 'ambiguous', candidates: [deals[1], deals[2]] });
  });

  it('sends the ids of the deals a file names, and stops rows whose deal is unknown or ambiguous with the reason', () => {
    const mapping = guessMapping(['Loan ID', 'Name', 'Address']);
    expect(mapping.dealIds).toBe(0);
    const { items, problems } = buildImportItems(
      [
        ['LN-2024-00001', 'Annex', '1 Main St, Chicago, IL 60601'],
        ['maple court; LN-2025-00003', 'Yard', '2 Main St, Chicago, IL 60601'],
        ['Harbor Point', 'Pier', '3 Main St, Chicago, IL 60601'],
        ['Nowhere Plaza', 'Ghost', '4 Main St, Chicago, IL 60601'],
      ],
      mapping,
      null,
      resolve,
    );
    expect(items.map((i) => i.collateralCreateData.dealIds)).toEqual([['2f1c-aaaa'], ['2f1c-aaaa', '2f1c-cccc'], ['Harbor Point'], ['Nowhere Plaza']]);
    expect(problems).toEqual([
      {
        row: 4,
        field: 'Deals',
        message: '"Harbor Point" names 2 deals: Harbor Point (LN-2024-00002); Harbor Point (LN-2025-00003). Use the loan id or the deal id.',
      },
      { row: 5, field: 'Deals', message: 'No deal has the id, loan id or name "Nowhere Plaza".' },
    ]);
  });
});

describe('router', () => {
  it('reads and writes hash routes', () => {
    expect(parseRoute('#/deals/abc/funds')).toEqual({ name: 'deal', id: 'abc', tab: 'funds' });
    expect(parseRoute('#/deals/abc/nope')).toEqual({ name: 'deal', id: 'abc', tab: 'terms' });
    expect(parseRoute('')).toEqual({ name: 'pipeline' });
    expect(parseRoute('#/report')).toEqual({ name: 'report' });
    expect(routePath({ name: 'deal', id: 'a/b', tab: 'terms' })).toBe('#/deals/a%2Fb');
    expect(parseRoute(routePath({ name: 'deal', id: 'a/b', tab: 'rentrolls' }))).toEqual({ name: 'deal', id: 'a/b', tab: 'rentrolls' });
  });
});
