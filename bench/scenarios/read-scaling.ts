import { api, LatencyClient } from '../support/http';
import { log } from '../support/log';
import { Rng } from '../support/rng';
import { startServer, type BenchServer } from '../support/servers';
import { median, percentile } from '../support/stats';
import { row, type Scenario } from '../support/types';

const WARMUP = 300;
const ROUNDS = 10;
const PER_ROUND = 250;

interface Side {
  deals: number;
  server: BenchServer;
  client: LatencyClient;
  ids: string[];
  rng: Rng;
  samples: number[];
}

async function sample(side: Side, n: number, keep: boolean): Promise<void> {
  for (let i = 0; i < n; i++) {
    const ms = await side.client.get(`/getDealInfo/${side.rng.pick(side.ids)}`);
    if (keep) side.samples.push(ms);
  }
}

export const readScaling: Scenario = {
  name: 'read-scaling',
  needs: [{ deals: 1_000 }, { deals: 10_000 }],
  summary: `getDealInfo p50 (one connection, random ids, ${ROUNDS * PER_ROUND} requests each, interleaved) on 10,000 vs 1,000 deals`,
  async run({ stores }) {
    const sides: Side[] = [];
    try {
      for (const deals of [1_000, 10_000]) {
        const server = await startServer({ dataDir: await stores.deals(deals) });
        const ids = (await api<{ dealIds: string[] }>(server.origin, server.token, 'GET', '/getAllDealIds')).body.dealIds;
        if (ids.length !== deals) throw new Error(`expected ${deals} deals, the store has ${ids.length}`);
        sides.push({ deals, server, client: new LatencyClient(server.origin, server.token), ids, rng: new Rng(deals), samples: [] });
      }
      for (const side of sides) await sample(side, WARMUP, false);
      // Interleaved rounds: drift in the machine's load falls on both sizes alike.
      for (let round = 0; round < ROUNDS; round++) for (const side of sides) await sample(side, PER_ROUND, true);
      const [small, large] = sides as [Side, Side];
      const p50Small = median(small.samples);
      const p50Large = median(large.samples);
      log(
        `read-scaling: p50 ${p50Large.toFixed(2)} ms on 10,000 deals (p90 ${percentile(large.samples, 90).toFixed(2)}), ` +
          `${p50Small.toFixed(2)} ms on 1,000 (p90 ${percentile(small.samples, 90).toFixed(2)})`,
      );
      return [row('read-scaling', p50Large, p50Small, 'ms p50', { ratio: '<=', limit: 1.2 }, 'ceiling: the same at 1,000 deals')];
    } finally {
      for (const side of sides) {
        side.client.close();
        await side.server.stop();
      }
    }
  },
};
