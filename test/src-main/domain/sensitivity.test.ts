import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { policyChecks } from '../../../src-main/domain/credit-policy';
import { dscrGrid, ltvGrid } from '../../../src-main/domain/sensitivity';
import { stressDeal } from '../../../src-main/domain/stress';
import { dealArb, officeDeal } from './analysis-fixtures';

const deal = officeDeal;

describe('dscrGrid', () => {
  it('crosses NOI changes (rows) with rate changes (columns), each cell checked against the minimum DSCR', () => {
    const g = dscrGrid(deal, { minDscr: 1.25 }, [-0.1, 0], [0, 100]);
    expect([g.metric, g.limit, g.rowShock, g.columnShock]).toEqual(['Dscr', 1.25, 'noiChange', 'rateChangeBps']);
    // NOI -10 %, +100 bp: 513,000 / 420,000 = 1.2214x, below 1.25x; unshocked 570,000 / 360,000 = 1.5833x.
    expect(g.cells[0]![1]!.value).toBeCloseTo(513_000 / 420_000, 12);
    expect(g.cells[0]![1]!.pass).toBe(false);
    expect(g.cells[1]![0]).toEqual({ value: 570_000 / 360_000, pass: true });
  });

  it('uses 5 x 5 default axes, -30 % to +10 % NOI and -100 to +300 bp, and marks no pass without a limit', () => {
    const g = dscrGrid(deal, {});
    expect(g.rows).toEqual([-0.3, -0.2, -0.1, 0, 0.1]);
    expect(g.columns).toEqual([-100, 0, 100, 200, 300]);
    expect(g.limit).toBeNull();
    expect(g.cells.flat().every((c) => c.pass === null)).toBe(true);
  });
});

describe('ltvGrid', () => {
  it('crosses value changes (rows) with NOI changes (columns): an NOI change moves the income value too', () => {
    const g = ltvGrid(deal, { maxLtv: 0.75 }, [-0.1], [-0.1, 0]);
    // NOI -10 %: 513,000 / 6 % = 8,550,000, then -10 %: 7,695,000; LTV 0.7797 > 0.75.
    expect(g.cells[0]![0]!.value).toBeCloseTo(6_000_000 / 7_695_000, 12);
    expect(g.cells[0]![0]!.pass).toBe(false);
    // Value -10 % alone: 8,550,000; LTV 0.7018.
    expect(g.cells[0]![1]).toEqual({ value: 6_000_000 / (9_500_000 * 0.9), pass: true });
  });
});

describe('grid properties', () => {
  it('every cell is stressDeal under its two shocks, checked as policyChecks checks it', () => {
    fc.assert(
      fc.property(dealArb, fc.double({ min: 1, max: 2, noNaN: true }), fc.double({ min: 0.3, max: 0.95, noNaN: true }), (d, minDscr, maxLtv) => {
        const policy = { minDscr, maxLtv };
        const dscr = dscrGrid(d, policy);
        const ltv = ltvGrid(d, policy);
        dscr.rows.forEach((noiChange, r) =>
          dscr.columns.forEach((rateChangeBps, c) => {
            const m = stressDeal(d, { noiChange, rateChangeBps }).metrics;
            expect(dscr.cells[r]![c]).toEqual({ value: m.dscr, pass: policyChecks(m, policy).Dscr });
          }),
        );
        ltv.rows.forEach((valueChange, r) =>
          ltv.columns.forEach((noiChange, c) => {
            const m = stressDeal(d, { valueChange, noiChange }).metrics;
            expect(ltv.cells[r]![c]).toEqual({ value: m.ltv, pass: policyChecks(m, policy).Ltv });
          }),
        );
      }),
      { numRuns: 30 },
    );
  });
});
