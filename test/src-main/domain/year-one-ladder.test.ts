import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASH_FLOW_SECTIONS, cashFlow, yearOneLadder, yearOneLadderOfLines } from '../../../src-main/domain';

describe('yearOneLadderOfLines', () => {
  it('equals the year-one ladder of the cash flow built from the same lines, to the last bit', () => {
    const line = fc.record({
      section: fc.constantFrom(...CASH_FLOW_SECTIONS),
      annualizedByYear: fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), fc.integer({ min: 0, max: 10 }), (lines, years) => {
        const flow = cashFlow({
          years,
          totalSf: 1000,
          totalUnits: 10,
          transactions: lines.map((l) => ({ ...l, group: 'g', description: 'd', comment: '', measureType: 'Annual', amount: 0 })),
        });
        const ladder = yearOneLadderOfLines(lines.map((l) => ({ section: l.section, yearOne: l.annualizedByYear[0] })));
        expect(ladder).toEqual(yearOneLadder(flow));
        expect(ladder.revenue - ladder.vacancyAndConcessions + ladder.otherIncome - ladder.operatingExpenses).toBe(flow.netOperatingIncome);
      }),
    );
  });
});
