import { expect, invoke, startUwServer, test, type UwServer } from './fixtures';

/*
 * Issue 17: the pipeline a page at a time on a larger book (1,000 deals, ten pages): scrolling to
 * the end shows the last deal of the main process's order with only the rows in view in the
 * page, a search shows the main process's answer, and selecting all of a search's deals (most of
 * them never fetched) bulk-edits exactly those.
 */

const DEALS = 1_000;

interface Page {
  total: number;
  all: number;
  rows: { id: string; seedName: string }[];
}

test.describe('the pipeline on 1,000 deals', () => {
  test.describe.configure({ timeout: 300_000 });
  let uw: UwServer;
  let stop: () => Promise<void>;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    ({ server: uw, stop } = await startUwServer({ demoDeals: DEALS }));
  });
  test.afterAll(async () => {
    await stop?.();
  });

  test('scrolls to the last deal, fetching only the pages in view', async ({ page }) => {
    await page.goto(uw.openUrl);
    const grid = page.getByTestId('pipeline-grid');
    await expect(page.getByTestId('pipeline-count')).toHaveText('1,000 deals');
    await expect(grid).toHaveAttribute('aria-rowcount', String(DEALS + 1));
    const pages: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/bridge/') && request.postData()?.includes('pipeline.page')) pages.push(JSON.parse(request.postData()!).payload?.offset ?? -1);
    });

    const { ids } = await invoke<{ ids: string[] }>(uw, 'pipeline.ids', {});
    expect(ids).toHaveLength(DEALS);
    // To the end, as a user dragging the scroll bar would.
    await grid.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const last = page.locator(`[data-testid=pipeline-row][aria-rowindex="${DEALS + 1}"]`);
    await expect(async () => {
      await grid.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
      });
      await expect(last).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(last).toHaveAttribute('data-deal-id', ids.at(-1)!);
    // Only the rows in view (and a few around them) are in the page.
    expect(await page.getByTestId('pipeline-row').count()).toBeLessThan(100);
    // The pages in between were never asked for.
    expect(pages.length).toBeLessThanOrEqual(3);
    expect(pages.some((offset) => offset === 900)).toBe(true);

    // Keyboard: Home goes back to the first deal.
    await grid.focus();
    await page.keyboard.press('Home');
    await expect(page.locator('[data-testid=pipeline-row][aria-rowindex="2"]')).toHaveAttribute('data-deal-id', ids[0]!);
  });

  test("searches in the main process and bulk-edits every deal of the search's answer", async ({ page }) => {
    // The property type with the most deals, searched for by its name.
    const facets = await invoke<{ propertyTypes: string[] }>(uw, 'pipeline.facets');
    const sized = await Promise.all(facets.propertyTypes.map(async (t) => ({ t, total: (await invoke<Page>(uw, 'pipeline.page', { search: t.toLowerCase(), offset: 0, limit: 1 })).total })));
    const { t: type, total } = sized.sort((a, b) => b.total - a.total)[0]!;
    const search = type.toLowerCase();
    expect(total).toBeGreaterThan(60);
    expect(total).toBeLessThan(DEALS);
    const expected = await invoke<Page>(uw, 'pipeline.page', { search, offset: 0, limit: 10 });

    await page.goto(uw.openUrl);
    await expect(page.getByTestId('pipeline-count')).toHaveText('1,000 deals');
    await page.getByRole('textbox', { name: 'Search deals' }).pressSequentially(search, { delay: 20 });
    await expect(page.getByTestId('pipeline-count')).toHaveText(`${total.toLocaleString('en-US')} of 1,000 deals`);
    await expect(page.getByTestId('pipeline-grid')).toHaveAttribute('aria-busy', 'false');
    const shown = await page.getByTestId('pipeline-row').evaluateAll((els) => els.slice(0, 10).map((el) => el.getAttribute('data-deal-id')));
    expect(shown).toEqual(expected.rows.map((r) => r.id));

    // Select all (Ctrl+A in the grid): every deal of the search, not only the rows fetched.
    const lowBefore = (await invoke<Page>(uw, 'pipeline.page', { filter: { priorities: ['Low'] }, offset: 0, limit: 1 })).total;
    const lowInSearchBefore = (await invoke<Page>(uw, 'pipeline.page', { search, filter: { priorities: ['Low'] }, offset: 0, limit: 1 })).total;
    await page.getByTestId('pipeline-grid').focus();
    await page.keyboard.press('Control+a');
    await expect(page.getByTestId('selection-count')).toHaveText(`${total} selected`);
    await page.getByRole('button', { name: `Bulk edit ${total} deals` }).click();
    await page.getByRole('combobox', { name: 'Property 1' }).click();
    await page.getByRole('option', { name: 'Priority', exact: true }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Priority', exact: true }).click();
    await page.getByRole('option', { name: 'Low', exact: true }).click();
    await page.getByTestId('bulk-apply').click();
    await expect(page.getByTestId('bulk-updated-count')).toHaveText(`${total} updated`);
    await expect(page.getByTestId('bulk-rejected-count')).toHaveText('0 rejected');

    // Exactly the search's deals are Low now; the others kept their priority.
    const lowInSearch = (await invoke<Page>(uw, 'pipeline.page', { search, filter: { priorities: ['Low'] }, offset: 0, limit: 1 })).total;
    const lowAfter = (await invoke<Page>(uw, 'pipeline.page', { filter: { priorities: ['Low'] }, offset: 0, limit: 1 })).total;
    expect(lowInSearch).toBe(total);
    expect(lowAfter - lowInSearch).toBe(lowBefore - lowInSearchBefore);
  });
});
