import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import JSZip from 'jszip';
import { readFileSync } from 'node:fs';
import { expect, invoke, test } from './fixtures';

/* Issue 15: the deal page writes the credit memo (PDF) and the sealed credit file (zip). */

const multiple = (n: number) => `${n.toFixed(2)}x`;

test('a deal page downloads its credit memo and its credit file', async ({ page, uw }, testInfo) => {
  // A deal with a person holding an SSN; the store is read directly for the full numbers the PDF must never show.
  const db = new Database(join(uw.dataDir, 'uw.sqlite'), { readonly: true });
  const row = db
    .prepare(
      `SELECT d.id AS id, group_concat(p.social_security_number) AS ssns FROM deals d
       JOIN deal_people dp ON dp.deal_id = d.id JOIN people p ON p.id = dp.person_id
       WHERE p.social_security_number IS NOT NULL GROUP BY d.id ORDER BY d.id LIMIT 1`,
    )
    .get() as { id: string; ssns: string };
  db.close();
  const ssns = row.ssns.split(',');
  const deal = await invoke(uw, 'deal.info', { id: row.id });

  await page.goto(uw.openUrl);
  await page.evaluate((id) => (window.location.hash = `#/deals/${id}`), row.id);
  await expect(page.getByTestId('deal-name')).toHaveText(deal.seedName);

  await page.getByRole('button', { name: 'Credit memo (PDF)' }).click();
  const memoBanner = page.getByTestId('deal-export-done-memo');
  await expect(memoBanner).toBeVisible({ timeout: 60_000 });
  const [memo] = await Promise.all([page.waitForEvent('download'), memoBanner.getByTestId('deal-export-download-memo').click()]);
  expect(memo.suggestedFilename()).toMatch(/-credit-memo-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = testInfo.outputPath('memo.pdf');
  await memo.saveAs(pdf);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', pdf, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  expect(text).toContain(deal.seedName);
  expect(text).toContain(multiple(deal.collateralTotals.dscr));
  expect(text).toContain(`***-**-${ssns[0]!.replace(/\D/g, '').slice(-4)}`);
  for (const ssn of ssns) expect(text).not.toContain(ssn);

  await page.getByRole('button', { name: 'Credit file (zip)' }).click();
  const fileBanner = page.getByTestId('deal-export-done-creditFile');
  await expect(fileBanner).toBeVisible({ timeout: 60_000 });
  const [creditFile] = await Promise.all([page.waitForEvent('download'), fileBanner.getByTestId('deal-export-download-creditFile').click()]);
  expect(creditFile.suggestedFilename()).toMatch(/-credit-file-\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = testInfo.outputPath('credit-file.zip');
  await creditFile.saveAs(zipPath);
  const zip = await JSZip.loadAsync(readFileSync(zipPath));
  const manifest = JSON.parse(await zip.file('manifest.json')!.async('string')) as { dealId: string; files: { path: string }[] };
  expect(manifest.dealId).toBe(row.id);
  expect(manifest.files.map((f) => f.path)).toContain('memo.pdf');
  // The memo banner is still there: each export keeps its own.
  await expect(memoBanner).toBeVisible();
});
