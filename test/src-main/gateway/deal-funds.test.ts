import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/service';

/*
 * Issue 12, "Two DSCRs on one deal": the deal's own loan (the first loan among its funds
 * sources) shows the deal's terms in getDealFunds, at the originated amount once the deal has
 * one, and follows every edit of the deal. Read through the real HTTP API over a demo portfolio.
 */

// Tests walk loosely typed JSON; the contract schemas check shapes elsewhere.
/* eslint-disable @typescript-eslint/no-explicit-any */
let s: TestService;
let deals: any[];

const read = async (path: string) => {
  const { body } = await s.api('GET', path);
  expect(body.success, JSON.stringify(body.error)).toBe(true);
  return body;
};
const close = (a: number, b: number, what: string) =>
  expect(Math.abs(a - b), `${what}: ${a} vs ${b}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));
const dealLoanOf = (funds: any) => ({
  loan: funds.fundsLoansInfo.loanFundsItems[0],
  source: funds.fundsSourcesInfo.fundSourceItems.find((i: any) => i.loanPaymentStructure !== null),
});
async function update(id: string, updates: { property: string; value: string }[]) {
  const { body } = await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: [{ id, updates }] });
  expect(body.errors, JSON.stringify(body.errors)).toEqual([]);
}

beforeAll(async () => {
  s = await startTestService({ demoDeals: 40 });
  const { dealIds } = await read('/getAllDealIds');
  deals = await Promise.all(dealIds.map((id: string) => read(`/getDealInfo/${id}`)));
}, 120_000);
afterAll(async () => s.stop());

describe("getDealFunds: the deal's own loan", () => {
  it("carries the deal's note rate, structure and amortization, at the originated amount (else the current one)", async () => {
    for (const deal of deals) {
      const { loan, source } = dealLoanOf(await read(`/getDealFunds/${deal.id}`));
      const amount = deal.originatedLoanAmount > 0 ? deal.originatedLoanAmount : deal.grossLoan;
      for (const item of [loan, source]) {
        expect(item.interestRate, deal.id).toBe(deal.interestRate);
        expect(item.loanPaymentStructure, deal.id).toBe(deal.loanPaymentStructure);
        expect(item.amortizationTerm, deal.id).toBe(deal.amortizationTerm);
        expect(item.amount, deal.id).toBe(amount);
      }
    }
  });

  it('gives a deal not yet originated the same debt service, DSCR and debt yield as the deal read', async () => {
    const pipeline = deals.filter((d) => d.originatedLoanAmount === 0 && d.grossLoan > 0);
    expect(pipeline.length).toBeGreaterThan(0);
    for (const deal of pipeline) {
      const { loan } = dealLoanOf(await read(`/getDealFunds/${deal.id}`));
      close(loan.debtService, deal.debtService, `${deal.id} debt service`);
      close(loan.dscr, deal.collateralTotals.dscr, `${deal.id} dscr`);
      close(loan.debtYield, deal.collateralTotals.debtYield, `${deal.id} debt yield`);
    }
  });

  it('tests an originated, paid-down loan at its originated amount with the deal\'s current terms', async () => {
    const deal = deals.find((d) => d.originatedLoanAmount > d.grossLoan && d.loanPaymentStructure === 'P_I_Amortization' && d.collateralTotals.debtServiceMethod === 'Calculated');
    expect(deal).toBeDefined();
    const { loan } = dealLoanOf(await read(`/getDealFunds/${deal.id}`));
    // The same level payment formula as the deal's, on the originated amount: debt service
    // scales with the amount, so the ratio of the two is the ratio of the amounts.
    close(loan.debtService / deal.debtService, deal.originatedLoanAmount / deal.grossLoan, 'debt service per dollar');
    close(loan.debtYield, (deal.collateralTotals.netOperatingIncome / deal.originatedLoanAmount) * 100, 'debt yield on the originated amount');
  });

  it('follows an edit of the rate, the structure and a manual debt service at once', async () => {
    const deal = deals.find((d) => d.originatedLoanAmount === 0 && d.collateralTotals.debtServiceMethod === 'Calculated' && d.rateIndex !== 'Fixed');
    expect(deal).toBeDefined();
    const before = dealLoanOf(await read(`/getDealFunds/${deal.id}`)).loan;

    await update(deal.id, [{ property: 'RateSpread', value: ((deal.rateSpread + 0.0125) * 100).toFixed(4) }]);
    const edited = await read(`/getDealInfo/${deal.id}`);
    const { loan, source } = dealLoanOf(await read(`/getDealFunds/${deal.id}`));
    expect(edited.interestRate).toBeGreaterThan(deal.interestRate);
    expect(loan.interestRate).toBe(edited.interestRate);
    expect(source.interestRate).toBe(edited.interestRate);
    expect(loan.debtService).toBeGreaterThan(before.debtService);
    close(loan.debtService, edited.debtService, 'debt service after the rate edit');
    close(loan.dscr, edited.collateralTotals.dscr, 'dscr after the rate edit');

    await update(deal.id, [{ property: 'LoanPaymentStructure', value: 'InterestOnly' }]);
    expect(dealLoanOf(await read(`/getDealFunds/${deal.id}`)).loan.loanPaymentStructure).toBe('InterestOnly');

    await update(deal.id, [
      { property: 'DebtServiceMethod', value: 'Manual' },
      { property: 'UserDebtService', value: '1234567' },
    ]);
    const manual = dealLoanOf(await read(`/getDealFunds/${deal.id}`)).loan;
    expect(manual.debtService).toBe(1_234_567);
    close(manual.dscr, manual.dealNOI / 1_234_567, 'dscr on the manual debt service');
  });
});
