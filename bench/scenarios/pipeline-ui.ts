import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../playwright.config';
import { profileFlags, ROOT, stopChild } from '../support/child';
import { log } from '../support/log';
import { median } from '../support/stats';
import { row, unavailable, type Scenario } from '../support/types';

const RUNS = 5;
const VIEWPORT = { width: 1600, height: 1000 };
const STEP_TIMEOUT_MS = 120_000;

/** The pipeline screen, being written by others. */
export function pipelineAvailable(): string | null {
  for (const path of ['src-renderer/screens/Pipeline.tsx', 'src-main/app/pipeline.ts']) if (!existsSync(join(ROOT, path))) return `${path} does not exist yet`;
  if (!existsSync(CHROMIUM_PATH)) return `${CHROMIUM_PATH} is not installed`;
  return null;
}

function newestMtime(dir: string): number {
  return Math.max(
    0,
    ...readdirSync(dir).map((name) => {
      const path = join(dir, name);
      const s = statSync(path);
      return s.isDirectory() ? newestMtime(path) : s.mtimeMs;
    }),
  );
}

/** Web mode serves out/renderer: build it when it is missing or older than src-renderer. */
export function ensureRendererBuilt(): void {
  const index = join(ROOT, 'out', 'renderer', 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(join(ROOT, 'src-renderer'))) return;
  log('pipeline-ui: out/renderer is missing or older than src-renderer: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'], timeout: 5 * 60_000 });
  if (result.status !== 0) throw new Error('npm run build failed');
}

/** `uw serve --web` over a data directory; resolves with the `open http://...` link it prints. */
export async function serveWeb(dataDir: string): Promise<{ child: ChildProcess; openUrl: string }> {
  const child = spawn(process.execPath, [...profileFlags('uw-serve-web'), '--import', 'tsx', 'src-main/cli/uw.ts', 'serve', '--port', '0', '--data-dir', dataDir, '--web'], {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (c: string) => {
    stderr += c;
  });
  try {
    const openUrl = await new Promise<string>((resolvePromise, reject) => {
      const timer = setTimeout(() => reject(new Error(`uw serve --web printed no link within 60 s\n${stderr}`)), 60_000);
      child.once('exit', (code) => reject(new Error(`uw serve --web exited with ${code}\n${stderr}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = /^open (http:\/\/\S+)/.exec(line);
        if (m) {
          clearTimeout(timer);
          resolvePromise(m[1]!);
        }
      });
    });
    return { child, openUrl };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}

/**
 * Page script: scrolls the grid to its end on every frame (the virtualizer grows as it measures)
 * until the grid is at its end and its last row is rendered. A string, not a function: tsx's
 * transform would add helper calls the page does not have.
 */
const SCROLL_TO_END = `new Promise((resolve) => {
  const el = document.querySelector('[data-testid=pipeline-grid]');
  function step() {
    el.scrollTop = el.scrollHeight;
    const last = document.querySelector('[data-testid=pipeline-row][aria-rowindex="' + el.getAttribute('aria-rowcount') + '"]');
    if (last && el.scrollTop + el.clientHeight >= el.scrollHeight - 1) resolve();
    else requestAnimationFrame(step);
  }
  step();
})`;

interface Timing {
  firstRowsMs: number;
  scrollMs: number;
  rows: number;
  /** The pipeline's bridge answer (the first one near the largest size): its bytes and its time to last byte. */
  pipelineBytes: number;
  pipelineMs: number;
}

/** Page script: the first /bridge/ answer at least half the size of the largest (the pipeline), from Resource Timing. */
const LARGEST_BRIDGE_ANSWER = `(() => {
  const answers = performance.getEntriesByType('resource').filter((e) => e.name.includes('/bridge/'));
  const max = Math.max(0, ...answers.map((e) => e.encodedBodySize));
  const e = answers.find((a) => a.encodedBodySize >= max / 2);
  return e ? { bytes: e.encodedBodySize, ms: e.responseEnd - e.startTime } : { bytes: 0, ms: 0 };
})()`;

/** One navigation in a fresh browser context: to the first pipeline rows, then to the last row. */
async function measure(browser: Browser, openUrl: string, deals: number): Promise<Timing> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(openUrl);
    await page.locator('[data-testid=pipeline-row]').first().waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS });
    const firstRows = performance.now();
    const answer = (await page.evaluate(LARGEST_BRIDGE_ANSWER)) as { bytes: number; ms: number };
    const grid = page.getByTestId('pipeline-grid');
    const rowCount = Number(await grid.getAttribute('aria-rowcount')) - 1;
    if (rowCount !== deals) throw new Error(`the pipeline lists ${rowCount} deals, expected ${deals}`);
    // Scroll the grid to its end (again on every frame while the virtualizer grows) until the
    // last row is rendered and visible.
    const lastRow = page.locator(`[data-testid=pipeline-row][aria-rowindex="${deals + 1}"]`);
    const scrolling = page.evaluate(SCROLL_TO_END);
    await Promise.all([scrolling, lastRow.waitFor({ state: 'visible', timeout: STEP_TIMEOUT_MS })]);
    const scrolled = performance.now();
    return { firstRowsMs: firstRows - started, scrollMs: scrolled - firstRows, rows: rowCount, pipelineBytes: answer.bytes, pipelineMs: answer.ms };
  } finally {
    await context.close();
  }
}

/**
 * The pipeline-ui scenario at [small, large] deals: `pipeline-ui` (100 vs 10,000, issue 7) and
 * `pipeline-ui-50k` (100 vs 50,000, issue 17: the pipeline a page at a time).
 */
function pipelineUiScenario(name: string, sizes: readonly [number, number]): Scenario {
  const [small, large] = sizes;
  return {
    name,
    needs: sizes.map((deals) => ({ deals })),
    summary: `web mode in Chromium: navigation to the first pipeline rows, then scrolling to the last row, at ${large.toLocaleString('en-US')} vs ${small} deals (a fresh uw serve --web per run, median of ${RUNS})`,
    async run({ stores }) {
      const missing = pipelineAvailable();
      if (missing) return [unavailable(name, 'ratio <= 1.5', missing)];
      ensureRendererBuilt();
      const dirs = new Map<number, string>();
      for (const deals of sizes) dirs.set(deals, await stores.deals(deals));
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
      const results = new Map<number, Timing[]>(sizes.map((s) => [s, []]));
      try {
        // Run 0 warms the browser and tsx's compile cache; then the sizes alternate.
        for (let run = 0; run <= RUNS; run++) {
          for (const deals of sizes) {
            const server = await serveWeb(dirs.get(deals)!);
            try {
              const t = await measure(browser, server.openUrl, deals);
              if (run > 0) results.get(deals)!.push(t);
              log(
                `${name}: ${deals} deals${run === 0 ? ' (warm-up)' : ''}: first rows ${t.firstRowsMs.toFixed(0)} ms, last row ${t.scrollMs.toFixed(0)} ms later ` +
                  `(largest bridge answer ${(t.pipelineBytes / 1e6).toFixed(2)} MB in ${t.pipelineMs.toFixed(0)} ms)`,
              );
            } finally {
              await stopChild(server.child);
            }
          }
        }
      } finally {
        await browser.close();
      }
      const total = (deals: number) => median(results.get(deals)!.map((t) => t.firstRowsMs + t.scrollMs));
      const part = (deals: number, key: 'firstRowsMs' | 'scrollMs') => median(results.get(deals)!.map((t) => t[key])).toFixed(0);
      return [
        row(
          name,
          total(large),
          total(small),
          'ms',
          { ratio: '<=', limit: 1.5 },
          `first rows ${part(large, 'firstRowsMs')} + last row ${part(large, 'scrollMs')} ms at ${large.toLocaleString('en-US')} deals; ${part(small, 'firstRowsMs')} + ${part(small, 'scrollMs')} ms at ${small}`,
        ),
      ];
    },
  };
}

export const pipelineUi = pipelineUiScenario('pipeline-ui', [100, 10_000]);
export const pipelineUi50k = pipelineUiScenario('pipeline-ui-50k', [100, 50_000]);
