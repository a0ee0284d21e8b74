import { expect, invoke, test } from './fixtures';

/*
 * Issue 12, "Two DSCRs on one deal": the Funds tab shows the deal's own loan with the deal's
 * terms (after an edit too), and both the header and the Funds tab say which loan amount their
 * figures use.
 */

const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(n);
const rate = (n: number) => `${(n * 100).toFixed(3)}%`;

test('the Funds tab follows a rate edit of the deal and says which amount it uses', async ({ page, uw }) => {
  const { rows } = await invoke<{ rows: { id: string }[] }>(uw, 'deals.pipeline');
  // A floating-rate deal whose debt service is calculated from its terms, originated and paid
  // down when the portfolio has one (its two amounts differ).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const candidates: any[] = [];
  for (const row of rows) {
    const deal = await invoke(uw, 'deal.info', { id: row.id });
    if (deal.rateIndex !== 'Fixed' && deal.collateralTotals.debtServiceMethod === 'Calculated') candidates.push(deal);
  }
  const deal = candidates.find((d) => d.originatedLoanAmount > d.grossLoan) ?? candidates[0];
  expect(deal).toBeDefined();
  const fundsAmount = deal.originatedLoanAmount > 0 ? deal.originatedLoanAmount : deal.grossLoan;

  await page.goto(uw.openUrl);
  await page.evaluate((id) => (window.location.hash = `#/deals/${id}/funds`), deal.id);
  const dealLoan = page.getByTestId('funds-loans').locator('tbody tr').first();
  await expect(dealLoan.getByTestId('funds-deal-loan')).toBeVisible();
  await expect(dealLoan.locator('[data-col=rate]')).toHaveText(rate(deal.interestRate));
  await expect(dealLoan.locator('[data-col=amount]')).toHaveText(usd(fundsAmount));
  await expect(page.getByTestId('figure-note-rate')).toHaveText(rate(deal.interestRate));
  await expect(page.getByTestId('figures-basis')).toContainText(`current loan amount, ${usd(deal.grossLoan)}`);
  await expect(page.getByTestId('funds-loan-basis')).toContainText(usd(fundsAmount));
  if (fundsAmount !== deal.grossLoan) {
    await expect(page.getByTestId('figures-basis')).toContainText(`originated amount, ${usd(fundsAmount)}`);
    await expect(page.getByTestId('funds-loan-basis')).toContainText(`current amount, ${usd(deal.grossLoan)}`);
  }

  // Edit the rate on the Loan terms tab, then back to Funds.
  await page.getByRole('tab', { name: 'Loan terms' }).click();
  await page.getByRole('textbox', { name: 'Rate spread (%)' }).fill(String(Number((deal.rateSpread * 100 + 1.25).toFixed(4))));
  await page.getByTestId('terms-save').click();
  await expect(page.getByTestId('terms-saved')).toBeVisible();
  const after = await invoke(uw, 'deal.info', { id: deal.id });
  expect(after.interestRate).toBeGreaterThan(deal.interestRate);
  await expect(page.getByTestId('figure-note-rate')).toHaveText(rate(after.interestRate));

  await page.getByRole('tab', { name: 'Funds' }).click();
  const funds = await invoke(uw, 'deal.funds', { dealId: deal.id });
  const loan = funds.fundsLoansInfo.loanFundsItems[0];
  expect(loan.interestRate).toBe(after.interestRate);
  await expect(dealLoan.locator('[data-col=rate]')).toHaveText(rate(after.interestRate));
  await expect(dealLoan.locator('[data-col=ds]')).toHaveText(usd(loan.debtService));
  await expect(page.getByTestId('funds-sources').locator('tbody tr').first().locator('[data-col=rate]')).toHaveText(rate(after.interestRate));
  if (fundsAmount === deal.grossLoan) await expect(dealLoan.locator('[data-col=ds]')).toHaveText(usd(after.debtService));
});
