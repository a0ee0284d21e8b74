import { api, LatencyClient } from '../support/http';
import { log } from '../support/log';
import { Rng } from '../support/rng';
import { startServer } from '../support/servers';
import { median, percentile } from '../support/stats';
import { row, type Scenario } from '../support/types';

const DEALS = 10_000;
const WARMUP = 300;
const ROUNDS = 10;
const PER_ROUND = 250;
/** Sized on the deal's own figures; the total cost is given, as many deals have none stored. */
const body = (dealId: string) => ({ dealId, inputs: { totalCost: 50_000_000 } });

export const sizeLoan: Scenario = {
  name: 'size-loan',
  needs: [{ deals: DEALS }],
  summary: `sizeLoan p50 of a deal vs getDealInfo p50 on the same deal ids (one keep-alive connection, ${ROUNDS * PER_ROUND} requests each, interleaved) on ${DEALS.toLocaleString('en-US')} deals`,
  async run({ stores }) {
    const server = await startServer({ dataDir: await stores.deals(DEALS) });
    const client = new LatencyClient(server.origin, server.token);
    try {
      const ids = (await api<{ dealIds: string[] }>(server.origin, server.token, 'GET', '/getAllDealIds')).body.dealIds;
      if (ids.length !== DEALS) throw new Error(`expected ${DEALS} deals, the store has ${ids.length}`);
      // The same sequence of ids for both calls.
      const sequence = (() => {
        const rng = new Rng(DEALS);
        return Array.from({ length: WARMUP + ROUNDS * PER_ROUND }, () => rng.pick(ids));
      })();
      const sized: number[] = [];
      const read: number[] = [];
      for (const id of sequence.slice(0, WARMUP)) {
        await client.post('/sizeLoan', body(id));
        await client.get(`/getDealInfo/${id}`);
      }
      // Interleaved rounds: drift in the machine's load falls on both alike.
      for (let round = 0; round < ROUNDS; round++) {
        const slice = sequence.slice(WARMUP + round * PER_ROUND, WARMUP + (round + 1) * PER_ROUND);
        for (const id of slice) sized.push(await client.post('/sizeLoan', body(id)));
        for (const id of slice) read.push(await client.get(`/getDealInfo/${id}`));
      }
      const p50Sized = median(sized);
      const p50Read = median(read);
      log(`size-loan: sizeLoan p50 ${p50Sized.toFixed(2)} ms (p90 ${percentile(sized, 90).toFixed(2)}), getDealInfo p50 ${p50Read.toFixed(2)} ms (p90 ${percentile(read, 90).toFixed(2)})`);
      return [row('size-loan', p50Sized, p50Read, 'ms p50', { ratio: '<=', limit: 1.2 }, 'ceiling: getDealInfo p50 on the same deal ids')];
    } finally {
      client.close();
      await server.stop();
    }
  },
};
