import { API_PREFIX } from '../../src-main/contract';
import { processCpu } from '../support/cpu';
import { api } from '../support/http';
import { log } from '../support/log';
import { benchDatabase, postgresCpu } from '../support/postgres';
import { Rng } from '../support/rng';
import { startServer } from '../support/servers';
import { row, type Scenario } from '../support/types';
import { CONNECTIONS, load } from './read-throughput';

/** Reads per measured round, and rounds (their CPU summed). */
const READS = 10_000;
const ROUNDS = 3;
const WARMUP_READS = 5_000;

// How many gateway instances one PostgreSQL carries is a matter of CPU: each getDealInfo costs
// the gateway process some CPU and PostgreSQL's processes some. On a 2-core machine shared with
// other jobs, starting N gateways and measuring wall-clock throughput would measure the machine
// (the gateways, PostgreSQL and the load generator fighting for two cores), not the design. So
// this scenario measures the CPU seconds each side is charged (/proc, support/cpu.ts) for a
// fixed number of reads, and projects: one database core serves as many gateway cores as the
// gateway's cost per read is larger than PostgreSQL's.

export const pgCostPerRead: Scenario = {
  name: 'pg-cost-per-read',
  needs: [{ deals: 10_000 }],
  summary: `CPU seconds per 1,000 getDealInfo (random ids, autocannon ${CONNECTIONS} connections, ${ROUNDS} x ${READS.toLocaleString('en-US')} reads) in the gateway process and in PostgreSQL's processes`,
  async run({ stores }) {
    const dataDir = await stores.deals(10_000);
    const db = await benchDatabase(stores);
    try {
      const server = await startServer({ dataDir, database: db.url }, db.env);
      try {
        const { origin, token, pid } = server;
        const ids = (await api<{ dealIds: string[] }>(origin, token, 'GET', '/getAllDealIds')).body.dealIds;
        if (ids.length !== 10_000) throw new Error(`expected 10,000 deals, the database has ${ids.length}`);
        const rng = new Rng(43);
        const dealPath = () => `${API_PREFIX}/getDealInfo/${rng.pick(ids)}`;
        // Warm: the pool's connections open, both sides' caches and the JIT of the gateway.
        await load(origin, token, dealPath, { amount: WARMUP_READS });

        let gateway = 0;
        let postgres = 0;
        let reads = 0;
        for (let round = 0; round < ROUNDS; round++) {
          const gateway0 = processCpu(pid);
          const postgres0 = postgresCpu(db);
          const result = await load(origin, token, dealPath, { amount: READS });
          const g = processCpu(pid) - gateway0;
          const p = postgresCpu(db) - postgres0;
          if (result['2xx'] !== READS) throw new Error(`round ${round}: ${result['2xx']} answers, not ${READS}`);
          gateway += g;
          postgres += p;
          reads += READS;
          log(
            `pg-cost-per-read: round ${round}: ${READS} reads in ${result.duration} s; CPU gateway ${g.toFixed(2)} s, PostgreSQL ${p.toFixed(2)} s ` +
              `(per 1,000 reads ${((g * 1000) / READS).toFixed(3)} s and ${((p * 1000) / READS).toFixed(3)} s)`,
          );
        }
        const gatewayPer1000 = (gateway * 1000) / reads;
        const postgresPer1000 = (postgres * 1000) / reads;
        const instances = gatewayPer1000 / postgresPer1000;
        log(`pg-cost-per-read: one PostgreSQL core carries the reads of ${instances.toFixed(1)} gateway cores (CPU per read, gateway / PostgreSQL)`);
        return [
          row('pg-cost-per-read', postgresPer1000, gatewayPer1000, 's CPU / 1,000 reads', 'reported', `PostgreSQL's processes (value) vs the gateway process (comparison), ${reads.toLocaleString('en-US')} reads`),
          row(
            'pg-cost-per-read instances',
            instances,
            null,
            'gateways / db core',
            'reported',
            'projected, not measured on a wall clock: gateway CPU per read / PostgreSQL CPU per read = gateway instances (one core each) one database core carries',
          ),
        ];
      } finally {
        await server.stop();
      }
    } finally {
      await db.drop();
    }
  },
};
