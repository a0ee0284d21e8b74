import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_ROUTES, type GatewayContext } from '../../../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../../../src-main/gateway/place-lookup/offline-place-lookup';
import { loadSystemConfig } from '../../../../src-main/store/system-config';
import { gatherMemoData, readDealGraph } from '../../../../src-main/reports';
import { startTestService, type TestService } from '../../../support/service';
import { memoDataOverHttp } from './memo-data';
import { createSqliteStore } from '../../../../src-main/store/sqlite-store';

let s: TestService;
let ids: string[];

beforeAll(async () => {
  s = await startTestService({ demoDeals: 6 });
  ids = (await s.api<{ dealIds: string[] }>('GET', '/getAllDealIds')).body.dealIds;
}, 120_000);
afterAll(() => s.stop());

const config = loadSystemConfig();
/** The server's own store, read in-process the way the CLI reads a data directory. */
const ctxOf = (service: TestService): GatewayContext => ({ store: createSqliteStore(service.db), places: createOfflinePlaceLookup(), config, now: () => new Date('2026-11-22T10:00:00Z') });

describe('gatherMemoData', () => {
  it('gathers exactly what a client of the HTTP API reads of each deal', async () => {
    for (const id of ids) {
      const gathered = await gatherMemoData(ctxOf(s), id, { productVersion: '0.1.0' });
      const http = await memoDataOverHttp(s, id, { recommendation: '', notes: [], generatedAt: '2026-11-22T10:00:00Z', productVersion: '0.1.0' });
      const { deal, funds, collaterals, people, companies } = gathered!.data;
      expect(JSON.parse(JSON.stringify({ deal, funds, collaterals, people, companies }))).toEqual(
        JSON.parse(JSON.stringify({ deal: http.deal, funds: http.funds, collaterals: http.collaterals, people: http.people, companies: http.companies })),
      );
    }
  }, 120_000);

  it('fills the analysis from the sizing and every built-in stress scenario', async () => {
    const gathered = await gatherMemoData(ctxOf(s), ids[0]!, { productVersion: '0.1.0' });
    const { analysis } = gathered!.data;
    const sized = (await s.api('POST', '/sizeLoan', { dealId: ids[0] })).body as { maxLoan: number };
    expect(analysis?.sizing?.maxLoan).toBe(sized.maxLoan);
    expect(analysis?.scenarios?.map((r) => r.scenario.name)).toEqual(config.stressScenarios.map((x) => x.name));
    expect(analysis?.scenarios?.every((r) => typeof r.source === 'string' && r.source.length > 0)).toBe(true);
  }, 60_000);

  it('answers null for an unknown deal and records every read with its answer', async () => {
    expect(await gatherMemoData(ctxOf(s), 'no-such-deal', { productVersion: '0.1.0' })).toBeNull();
    const reads = await readDealGraph(ctxOf(s), ids[0]!);
    for (const read of reads!.reads) {
      expect(read.response).toEqual(await GATEWAY_ROUTES[read.name](ctxOf(s), { params: read.params, body: read.body }));
    }
  }, 60_000);
});
