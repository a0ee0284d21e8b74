import { expect, invoke, test } from './fixtures';

/* Issue 12: the pipeline search finds deals by any collateral's street, city and ZIP. */

interface ReportRow {
  dealId: string;
  city: string | null;
  zipCode: string | null;
  fullAddress: string | null;
}

test("the pipeline search finds deals by their collaterals' city, street and ZIP", async ({ page, uw }) => {
  const { rows } = await invoke<{ rows: ReportRow[] }>(uw, 'report.query', { pageSize: 500 });
  const dealsWhere = (keep: (r: ReportRow) => boolean) => new Set(rows.filter(keep).map((r) => r.dealId));
  const sample = rows.find((r) => r.city && r.zipCode && r.fullAddress)!;
  expect(sample).toBeDefined();

  await page.goto(uw.openUrl);
  const search = page.getByRole('textbox', { name: 'Search deals' });
  const shown = async () => new Set(await page.getByTestId('pipeline-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-deal-id'))));
  await expect(page.getByTestId('pipeline-count')).toHaveText('20 deals');

  // A city: every deal with a collateral there is found (a deal may also match on its name).
  const inCity = dealsWhere((r) => r.city === sample.city);
  await search.fill(sample.city!);
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  const byCity = await shown();
  for (const id of inCity) expect(byCity.has(id), `${sample.city}: ${id}`).toBe(true);

  // A ZIP code: exactly the deals with a collateral in it.
  const inZip = dealsWhere((r) => r.zipCode === sample.zipCode);
  await search.fill(sample.zipCode!);
  await expect(page.getByTestId('pipeline-count')).toHaveText(`${inZip.size} of 20 deals`);
  expect(await shown()).toEqual(inZip);

  // The street of one address, with its city.
  const street = sample.fullAddress!.split(',')[0]!;
  await search.fill(`${street} ${sample.city}`);
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  expect((await shown()).has(sample.dealId)).toBe(true);
});
