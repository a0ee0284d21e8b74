import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { stopChild } from '../support/child';
import { log } from '../support/log';
import { median } from '../support/stats';
import { row, unavailable, type Scenario } from '../support/types';
import { ensureRendererBuilt, pipelineAvailable, serveWeb } from './pipeline-ui';

/*
 * pipeline-search (issue 17): typing a query into the pipeline's search box, to the rows of the
 * answer on screen, at 50,000 deals against 100.
 *
 * Per run and size: a fresh `uw serve --web`, a fresh browser context, navigation to the first
 * rows, a pause of PAUSE_MS (what a user takes before typing; the server's warm-up builds the
 * search texts meanwhile, a slice at a time), then the query typed key by key (KEY_DELAY_MS
 * apart, faster than the screen's debounce; on a busy machine a part of the query may be sent
 * too). Measured: from the last key to the grid showing the answer to the whole query (its
 * data-search attribute, set once the answer is in, is the query; a row or the no-match note is
 * there). That includes the screen's debounce (150 ms), the same at both sizes.
 *
 * The query is the name of the first deal of the 100-deal pipeline, typed in lower case at both
 * sizes (same seed: a name common to both portfolios); the match counts are reported.
 */

const SIZES = [100, 50_000] as const;
const RUNS = 5;
const VIEWPORT = { width: 1600, height: 1000 };
const STEP_TIMEOUT_MS = 120_000;
const PAUSE_MS = 2_000;
const KEY_DELAY_MS = 40;

/** Page script: the last /bridge/ answer's time to last byte (the search's page). */
const LAST_BRIDGE_ANSWER = `(() => {
  const answers = performance.getEntriesByType('resource').filter((e) => e.name.includes('/bridge/'));
  const e = answers[answers.length - 1];
  return e ? e.responseEnd - e.startTime : 0;
})()`;

interface Timing {
  ms: number;
  bridgeMs: number;
  shown: string;
}

async function measure(browser: Browser, openUrl: string, query: string | null): Promise<Timing & { query: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    await page.goto(openUrl);
    const firstName = page.locator('[data-testid=pipeline-row] [data-col=seedName]').first();
    await firstName.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    const text = query ?? (await firstName.innerText()).trim().toLowerCase();
    await page.waitForTimeout(PAUSE_MS);
    const search = page.getByRole('textbox', { name: 'Search deals' });
    await search.click();
    await search.pressSequentially(text, { delay: KEY_DELAY_MS });
    const typed = performance.now();
    // The answer on screen: the grid shows the answer of this search (data-search; not an answer
    // to a part of it sent while typing, not the previous answer kept while it loads), and a row
    // or the no-match note. Locators, not a page function: the page's CSP forbids eval.
    await page.locator(`[data-testid=pipeline-grid][aria-busy=false][data-search=${JSON.stringify(text)}]`).waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.locator('[data-testid=pipeline-row], [data-testid=pipeline-no-match]').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    const shown = performance.now();
    const bridgeMs = (await page.evaluate(LAST_BRIDGE_ANSWER)) as number;
    return { ms: shown - typed, bridgeMs, shown: (await page.getByTestId('pipeline-count').innerText()).trim(), query: text };
  } finally {
    await context.close();
  }
}

export const pipelineSearch: Scenario = {
  name: 'pipeline-search',
  needs: SIZES.map((deals) => ({ deals })),
  summary: `web mode in Chromium: a query typed into the pipeline's search box to its rows on screen, at 50,000 vs 100 deals (a fresh uw serve --web per run, median of ${RUNS})`,
  async run({ stores }) {
    const missing = pipelineAvailable();
    if (missing) return [unavailable('pipeline-search', 'ratio <= 1.5', missing)];
    ensureRendererBuilt();
    const dirs = new Map<number, string>();
    for (const deals of SIZES) dirs.set(deals, await stores.deals(deals));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    const results = new Map<number, Timing[]>(SIZES.map((s) => [s, []]));
    let query: string | null = null;
    try {
      // Run 0 warms the browser and tsx's compile cache (and picks the query); then the sizes alternate.
      for (let run = 0; run <= RUNS; run++) {
        for (const deals of SIZES) {
          const server = await serveWeb(dirs.get(deals)!);
          try {
            const t = await measure(browser, server.openUrl, query);
            query = t.query;
            if (run > 0) results.get(deals)!.push(t);
            log(`pipeline-search: ${deals} deals${run === 0 ? ' (warm-up)' : ''}: "${t.query}" shown ${t.ms.toFixed(0)} ms after the last key (${t.shown}; its bridge answer ${t.bridgeMs.toFixed(0)} ms)`);
          } finally {
            await stopChild(server.child);
          }
        }
      }
    } finally {
      await browser.close();
    }
    const [small, large] = SIZES;
    const med = (deals: number, key: 'ms' | 'bridgeMs') => median(results.get(deals)!.map((t) => t[key]));
    const shown = (deals: number) => results.get(deals)!.at(-1)!.shown;
    return [
      row(
        'pipeline-search',
        med(large, 'ms'),
        med(small, 'ms'),
        'ms',
        { ratio: '<=', limit: 1.5 },
        `"${query}": ${shown(large)} (bridge answer ${med(large, 'bridgeMs').toFixed(0)} ms); at ${small}: ${shown(small)} (${med(small, 'bridgeMs').toFixed(0)} ms); both include the 150 ms debounce`,
      ),
    ];
  },
};
