import autocannon, { type Result } from 'autocannon';
import { API_PREFIX } from '../../src-main/contract';
import { api, CONSTANT_PATH } from '../support/http';
import { log } from '../support/log';
import { Rng } from '../support/rng';
import { benchDatabase } from '../support/postgres';
import { startServer, type BenchServer } from '../support/servers';
import { row, type BenchRow, type Scenario } from '../support/types';

export const CONNECTIONS = 50;
const DURATION_S = 10;
const WARMUP_S = 2;

/**
 * autocannon against one path generator, for `work` seconds or `{ amount }` requests; fails on
 * any error, timeout or non-2xx answer.
 */
export async function load(origin: string, token: string, nextPath: () => string, work: number | { amount: number }): Promise<Result> {
  const result = await autocannon({
    url: origin,
    connections: CONNECTIONS,
    ...(typeof work === 'number' ? { duration: work } : { amount: work.amount }),
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: nextPath() }) }],
  });
  if (result.errors || result.timeouts || result.non2xx) {
    throw new Error(`autocannon: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  }
  return result;
}

function requestsPerSecond(r: Result): number {
  return r['2xx'] / r.duration;
}

/**
 * The measurement of read-throughput, on a server started with the constant route: getDealInfo
 * of random ids against the constant body, rows `name` and `name p99`. Shared by the SQLite row
 * and its PostgreSQL twin.
 */
async function measureReadThroughput(name: string, server: BenchServer): Promise<BenchRow[]> {
  const { origin, token } = server;
  const ids = (await api<{ dealIds: string[] }>(origin, token, 'GET', '/getAllDealIds')).body.dealIds;
  if (ids.length !== 10_000) throw new Error(`expected 10,000 deals, the store has ${ids.length}`);
  // The ceiling's route sits behind the same auth hook as the API.
  const anonymous = await api(origin, null, 'GET', CONSTANT_PATH);
  if (anonymous.status !== 401) throw new Error(`the constant route answered ${anonymous.status} without a token, not 401`);
  const constant = await api(origin, token, 'GET', CONSTANT_PATH);
  if (constant.status !== 200 || constant.body.success !== true) throw new Error('the constant route did not answer');

  const rng = new Rng(42);
  const dealPath = () => `${API_PREFIX}/getDealInfo/${rng.pick(ids)}`;
  const constantPath = () => API_PREFIX + CONSTANT_PATH;
  log(`${name}: constant body ${server.constantBytes} bytes (mean getDealInfo answer ${server.meanDealInfoBytes!.toFixed(0)} bytes)`);

  await load(origin, token, constantPath, WARMUP_S);
  await load(origin, token, dealPath, WARMUP_S);
  const ceiling = await load(origin, token, constantPath, DURATION_S);
  const deals = await load(origin, token, dealPath, DURATION_S);
  const rps = requestsPerSecond(deals);
  const ceilingRps = requestsPerSecond(ceiling);
  log(`${name}: getDealInfo ${rps.toFixed(0)} req/s (p99 ${deals.latency.p99} ms), constant ${ceilingRps.toFixed(0)} req/s (p99 ${ceiling.latency.p99} ms)`);
  return [
    row(name, rps, ceilingRps, 'req/s', { ratio: '>=', limit: 0.6 }, `${deals['2xx']} answers in ${deals.duration} s`),
    row(`${name} p99`, deals.latency.p99, ceiling.latency.p99, 'ms', 'reported', 'p99 latency of the same two runs'),
  ];
}

export const readThroughput: Scenario = {
  name: 'read-throughput',
  needs: [{ deals: 10_000 }],
  summary: `getDealInfo of random ids on 10,000 deals, autocannon ${CONNECTIONS} connections ${DURATION_S} s, vs a constant body of the same size behind the same auth`,
  async run({ stores }) {
    const server = await startServer({ dataDir: await stores.deals(10_000), constantRoute: true });
    try {
      return await measureReadThroughput('read-throughput', server);
    } finally {
      await server.stop();
    }
  },
};

export const pgReadThroughput: Scenario = {
  name: 'pg-read-throughput',
  needs: [{ deals: 10_000 }],
  summary: `read-throughput with the server on PostgreSQL (a copy of the 10,000-deal store, roll-ups stored): the same load vs the same constant route of that server`,
  async run({ stores }) {
    const dataDir = await stores.deals(10_000);
    const db = await benchDatabase(stores);
    try {
      const server = await startServer({ dataDir, database: db.url, constantRoute: true }, db.env);
      try {
        return await measureReadThroughput('pg-read-throughput', server);
      } finally {
        await server.stop();
      }
    } finally {
      await db.drop();
    }
  },
};
