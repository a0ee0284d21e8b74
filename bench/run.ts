// npm run bench [-- --only NAME] [--json FILE] [--markdown] [--profile DIR] [--keep] [--cache-dir DIR]
//
// Builds the demo portfolio at the sizes the scenarios need (in a temporary directory, each
// size once per run), runs the scenarios of issue 7 one after the other, and prints a table of
// figures, each as a ratio to a ceiling measured in the same run. See bench/README.md.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { setProfileDir } from './support/child';
import { log } from './support/log';
import { machineFacts } from './support/machine';
import { StoreCache } from './support/stores';
import { formatTable, markdownTable } from './support/table';
import { benchRecord } from './support/results';
import type { BenchRow, Scenario } from './support/types';
import { stopPostgres } from './support/postgres';
import { bulkUpdate, pgBulkUpdate } from './scenarios/bulk-update';
import { pgCostPerRead } from './scenarios/pg-cost-per-read';
import { coldStart } from './scenarios/cold-start';
import { pipelineUi, pipelineUi50k } from './scenarios/pipeline-ui';
import { pipelineSearch } from './scenarios/pipeline-search';
import { readScaling } from './scenarios/read-scaling';
import { pgReadThroughput, readThroughput } from './scenarios/read-throughput';
import { sizeLoan } from './scenarios/size-loan';
import { stressPortfolio } from './scenarios/stress-portfolio';
import { longWork50k } from './scenarios/long-work-50k';
import { reportExport } from './scenarios/report-export';
import { syncPull } from './scenarios/sync-pull';
import { syncPull10k } from './scenarios/sync-pull-10k';
import { syncPull50k } from './scenarios/sync-pull-50k';
import { resyncRequests } from './scenarios/resync-requests';
import { syncIncremental } from './scenarios/sync-incremental';

/** In the order; the PostgreSQL rows (issue 16) beside their SQLite twins. */
export const SCENARIOS: readonly Scenario[] = [
  readThroughput,
  pgReadThroughput,
  pgCostPerRead,
  readScaling,
  bulkUpdate,
  pgBulkUpdate,
  reportExport,
  syncPull,
  syncPull10k,
  syncPull50k,
  resyncRequests,
  syncIncremental,
  coldStart,
  pipelineUi,
  pipelineUi50k,
  pipelineSearch,
  stressPortfolio,
  sizeLoan,
  longWork50k,
];

const HELP = `npm run bench [-- options]

  --only NAME       run one scenario (${SCENARIOS.map((s) => s.name).join(', ')}); repeat it for
                    several; ${SCENARIOS.filter((s) => s.optIn).map((s) => s.name).join(', ')} runs only when named
  --json FILE       also write the run as JSON: {started, commit, machine, loadBefore, loadAfter,
                    seconds, only, rows: [{name, value, unit, ceiling, ratio, target, pass}]};
                    npm run bench:results -- FILE turns it into bench/RESULTS.md
  --keep            keep the temporary directory (stores, exports) and print where it is
  --cache-dir DIR   keep the built demo stores in DIR and reuse them in later runs (rebuilt when
                    the generator, schema or loader changes); by default every run builds its own
  --profile DIR     every child process (servers, exports, syncs, cold starts) writes a V8 CPU
                    profile under DIR/<child>/ (open in Chrome DevTools); figures taken with
                    profiling on are slower and not comparable
  --markdown        also print the table as Markdown (for the README's Performance section)
  --help            this text
`;

function usage(message: string): never {
  process.stderr.write(`bench: ${message}\n${HELP}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        only: { type: 'string', multiple: true },
        json: { type: 'string' },
        keep: { type: 'boolean' },
        'cache-dir': { type: 'string' },
        profile: { type: 'string' },
        markdown: { type: 'boolean' },
        help: { type: 'boolean' },
      },
      allowPositionals: false,
    }).values;
  } catch (err) {
    usage((err as Error).message);
  }
  if (args.help) {
    process.stdout.write(HELP);
    return;
  }
  const only = args.only ?? [];
  for (const name of only) if (!SCENARIOS.some((s) => s.name === name)) usage(`no scenario named "${name}"`);
  const selected = only.length ? SCENARIOS.filter((s) => only.includes(s.name)) : SCENARIOS.filter((s) => !s.optIn);

  if (args.profile) setProfileDir(resolve(args.profile));
  const started = performance.now();
  const startedAt = new Date();
  const machine = machineFacts();
  log(`machine: ${machine.text}`);
  const tmp = mkdtempSync(join(tmpdir(), 'uw-bench-'));
  const stores = new StoreCache(tmp, args['cache-dir'] ? resolve(args['cache-dir']) : undefined);
  const rows: BenchRow[] = [];
  let failed = 0;
  try {
    const setup = performance.now();
    try {
      await stores.prepare(selected.flatMap((s) => s.needs));
      log(`stores ready in ${((performance.now() - setup) / 1000).toFixed(1)} s`);
    } catch (err) {
      // The scenarios that need the missing store fail with this error; the others still run.
      log(`a store could not be built: ${(err as Error).message}`);
    }
    for (const scenario of selected) {
      log(`${scenario.name}: ${scenario.summary}`);
      const t0 = performance.now();
      try {
        rows.push(...(await scenario.run({ stores, tmp })));
      } catch (err) {
        failed++;
        log(`${scenario.name} FAILED: ${(err as Error).stack ?? String(err)}`);
        rows.push({ name: scenario.name, value: null, unit: '', ceiling: null, ratio: null, target: '', pass: false, note: `failed: ${(err as Error).message.split('\n')[0]}` });
      }
      log(`${scenario.name}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
  } finally {
    // The PostgreSQL rows' cluster (a watchdog removes it too if the run dies before this).
    await stopPostgres().catch((err: unknown) => log(`postgres: could not stop the cluster: ${(err as Error).message}`));
    if (args.keep) log(`kept ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  }

  const total = (performance.now() - started) / 1000;
  const end = machineFacts();
  process.stdout.write(`\n${formatTable(rows)}\n\n`);
  if (args.markdown) process.stdout.write(`${markdownTable(rows)}\n\n`);
  for (const note of stores.notes) process.stdout.write(`${note}\n`);
  process.stdout.write(`machine: ${machine.text}\nload average at start ${machine.loadavg}, at end ${end.loadavg}; run took ${total.toFixed(0)} s\n`);
  const count = (f: (r: BenchRow) => boolean) => rows.filter(f).length;
  process.stdout.write(
    `${count((r) => r.pass === true)} passed, ${count((r) => r.pass === false && !r.note?.startsWith('failed'))} missed, ` +
      `${count((r) => !!r.note?.startsWith('not available'))} not available, ${failed} failed\n`,
  );

  const record = benchRecord({
    started: startedAt,
    machine,
    end,
    seconds: total,
    only,
    rows: rows.map(({ name, value, unit, ceiling, ratio, target, pass, note }) => ({ name, value, unit, ceiling, ratio, target, pass, ...(note ? { note } : {}) })),
  });
  if (args.json) {
    writeFileSync(resolve(args.json), `${JSON.stringify(record, null, 2)}\n`);
    log(`wrote ${resolve(args.json)}`);
  }

  // A missed target is a result; a scenario that could not run at all is a failure.
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  process.stderr.write(`bench: ${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
