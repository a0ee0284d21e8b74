import { describe, expect, it } from 'vitest';
import type { PipelineRow } from '../../../../src-main/contract';
import { distinct, figureCell, filterRows, nextSort, NO_FILTERS, sortRows } from '../../../../src-renderer/features/pipeline/pipeline-view';
import { measured } from '../../../../src-renderer/shared/analysis';

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
