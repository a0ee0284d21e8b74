// Child process: the stress-portfolio row. Over one data directory, alternately:
// - the pipeline read (a fresh PipelineService's rows(): every deal's unstressed figures from the
//   stored roll-ups, what the pipeline screen asks for), the ceiling;
// - stressPortfolio through the gateway as the endpoint runs it, every deal x the shipped mild,
//   moderate and severe scenarios (one page of rows answered, every deal computed).
// Interleaved rounds, median of each. The store is opened as the service opens it.

import { join } from 'node:path';
import { PipelineService } from '../../src-main/app/pipeline';
import { GATEWAY } from '../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../src-main/gateway/place-lookup/offline-place-lookup';
import { STORE_FILE } from '../../src-main/server/service';
import { closeSqliteStore, openSqliteStore } from '../../src-main/store/sqlite-store';
import { loadSystemConfig } from '../../src-main/store/system-config';
import { childArgs, reply } from '../support/child';
import { median } from '../support/stats';

const args = childArgs<{ dataDir: string; rounds: number }>();
const config = loadSystemConfig(args.dataDir);
const store = openSqliteStore({ file: join(args.dataDir, STORE_FILE) });
const ctx = { store, places: createOfflinePlaceLookup(), config, now: () => new Date() };
const scenarios = config.stressScenarios
  .filter((s) => ['mild', 'moderate', 'severe'].includes(s.name))
  .map(({ label: _label, source: _source, ...shocks }) => shocks);
if (scenarios.length !== 3) throw new Error('the configuration lacks the mild, moderate and severe scenarios');

async function pipelineRead(): Promise<{ ms: number; deals: number }> {
  const t0 = performance.now();
  const service = new PipelineService(ctx);
  const { rows, pending } = await service.rows();
  const ms = performance.now() - t0;
  service.close();
  if (pending !== 0) throw new Error(`the pipeline read had ${pending} deals without stored figures`);
  return { ms, deals: rows.length };
}

async function stress(): Promise<{ ms: number; deals: number }> {
  const t0 = performance.now();
  const answer = (await GATEWAY.stressPortfolio!(ctx, { params: {}, body: { scenarios, pageSize: 100 } })) as {
    success: boolean;
    error: unknown;
    base: { deals: number };
  };
  const ms = performance.now() - t0;
  if (!answer.success) throw new Error(`stressPortfolio failed: ${JSON.stringify(answer.error)}`);
  return { ms, deals: answer.base.deals };
}

// Warm-up: one of each (compiled statements, JIT).
await pipelineRead();
await stress();
const pipeline: number[] = [];
const stressed: number[] = [];
let deals = 0;
for (let round = 0; round < args.rounds; round++) {
  const p = await pipelineRead();
  pipeline.push(p.ms);
  const s = await stress();
  stressed.push(s.ms);
  if (s.deals !== p.deals) throw new Error(`stressPortfolio saw ${s.deals} deals, the pipeline ${p.deals}`);
  deals = s.deals;
}
await closeSqliteStore(store);
reply({ pipelineMs: median(pipeline), stressMs: median(stressed), pipeline, stressed, deals });
