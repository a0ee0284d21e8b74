import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CLI_OUT, ensureCliBuild } from '../../scripts/cli-build.mjs';
import { API_PREFIX } from '../../src-main/contract';
import { startService, STORE_FILE } from '../../src-main/server/service';
import { runTsChild } from '../support/child';
import { BENCH_CLIENT, fetchToken } from '../support/http';
import { log } from '../support/log';
import { median } from '../support/stats';
import { row, type Scenario } from '../support/types';

const RUNS = 5;
/** A fixed base_url, so a token issued before the runs is valid in each (the port changes). */
const PUBLIC_URL = 'http://bench.invalid';

interface Timing {
  answeredMs: number;
  loadedMs: number;
  listeningMs?: number;
}

export const coldStart: Scenario = {
  name: 'cold-start',
  needs: [{ deals: 10_000 }],
  summary: `a child process from its start to the answer of getAllDealIds on 10,000 deals (the uw command's build: startService + HTTP) vs a child where better-sqlite3 opens the file and selects the ids, both on plain Node; median of ${RUNS}`,
  async run({ stores }) {
    const dataDir = await stores.deals(10_000);
    // What `npm run serve` runs: the uw command's build (scripts/cli-build.mjs), current with src-main.
    await ensureCliBuild();
    const serviceModule = pathToFileURL(join(CLI_OUT, 'service.mjs')).href;
    // Provision the client and take a token (tokens survive restarts: the key is in the store).
    const service = await startService({ dataDir, port: 0, host: '127.0.0.1', publicUrl: PUBLIC_URL, clients: [BENCH_CLIENT] });
    let token: string;
    try {
      token = await fetchToken(service.origin, PUBLIC_URL);
    } finally {
      await service.close();
    }
    const serviceRun = () =>
      runTsChild<Timing>(
        'bench/children/cold-start-service.mjs',
        { service: serviceModule, dataDir, publicUrl: PUBLIC_URL, token, path: `${API_PREFIX}/getAllDealIds`, expect: 10_000 },
        { timeoutMs: 60_000 },
      );
    const rawRun = () => runTsChild<Timing>('bench/children/cold-start-raw.mjs', { file: join(dataDir, STORE_FILE), expect: 10_000 }, { timeoutMs: 60_000 });

    // Warm-up (file and modules in the page cache), then alternating runs.
    await serviceRun();
    await rawRun();
    const service_: Timing[] = [];
    const raw: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      service_.push(await serviceRun());
      raw.push(await rawRun());
    }
    const s = median(service_.map((t) => t.answeredMs));
    const r = median(raw.map((t) => t.answeredMs));
    log(
      `cold-start: service ${s.toFixed(0)} ms (modules loaded at ${median(service_.map((t) => t.loadedMs)).toFixed(0)} ms, ` +
        `listening at ${median(service_.map((t) => t.listeningMs!)).toFixed(0)} ms); raw ${r.toFixed(0)} ms (module loaded at ${median(raw.map((t) => t.loadedMs)).toFixed(0)} ms)`,
    );
    return [row('cold-start', s, r, 'ms', { ratio: '<=', limit: 3 }, 'process start to answer; the service is the uw command\'s build, both children run on plain Node')];
  },
};
