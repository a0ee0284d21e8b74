import { describe, expect, it } from 'vitest';
import { DCF_NPV_NOTE } from '../../../src-main/contract/cash-flow';
import { dcf } from '../../../src-main/domain/valuation';

describe('the DCF footnote', () => {
  it('describes the net present value as the present value less the price, as dcf() computes it', async () => {
    // 2 years of 100 at 10 %, a reversion of 110 / 0.1 = 1,100 with no selling costs, a price of 900.
    const r = dcf({ netCashFlows: [100, 100], nextYearNoi: 110, discountRate: 0.1, exitCapRate: 0.1, sellingCosts: 0, price: 900 });
    expect(r.presentValue).toBeCloseTo(100 / 1.1 + 100 / 1.21 + 1_100 / 1.21, 9);
    expect(r.netPresentValue).toBeCloseTo(r.presentValue - 900, 9);
    expect(DCF_NPV_NOTE).toMatch(/^Net present value: /);
    expect(DCF_NPV_NOTE).toMatch(/less the price \(the income value/);
  });
});
