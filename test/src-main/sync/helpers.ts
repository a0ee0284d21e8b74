import pLimit from 'p-limit';
import { runSync, type SyncOptions, type SyncSummary } from '../../../src-main/sync';
import type { OutboxEntry } from '../../../src-main/store/sync-outbox';
import { outboxEntries } from '../../../src-main/store/sync-outbox';
import { CLIENT, OWNER, startTestService, tempDir, type Engine, type TestService } from '../../support/service';
import { startFaultProxy, type FaultProxy } from '../../support/fault-proxy';

// Two real instances for the sync tests: the "platform" (a server with the demo portfolio) and
// the local workstation (a server over a fresh data directory, synced in process with the
// local server's own store connection). Optionally a fault-injecting proxy between them.

export interface Pair {
  remote: TestService;
  local: TestService;
  proxy: FaultProxy | null;
  /** The URL the local side syncs with (the proxy's when there is one). */
  remoteUrl: string;
  sync(options?: Partial<SyncOptions>): Promise<SyncSummary>;
  stop(): Promise<void>;
}

export const FAST_RETRY = { limit: 6, baseDelayMs: 20, maxDelayMs: 200, maxRetryAfterMs: 2_000 };

/**
 * `useExtensions: false`: every sync of the pair walks every graph (the platform's change feed and bulk reads unused).
 * `remoteEngine`: the platform's storage (default SQLite); the workstation is always on SQLite.
 */
export async function startPair(
  options: { demoDeals?: number; proxy?: boolean; localUsers?: string[]; useExtensions?: boolean; remoteEngine?: Engine } = {},
): Promise<Pair> {
  const proxy = options.proxy ? await startFaultProxy() : null;
  const remote = await startTestService({ engine: options.remoteEngine ?? 'sqlite', demoDeals: options.demoDeals ?? 8, ...(proxy ? { publicUrl: proxy.origin } : {}) });
  if (proxy) proxy.target = remote.origin;
  const localDir = tempDir('uw-sync-local-');
  const local = await startTestService({ engine: 'sqlite', dataDir: localDir.path, users: [OWNER, ...(options.localUsers ?? [])] });
  const remoteUrl = proxy ? proxy.origin : remote.origin;
  return {
    remote,
    local,
    proxy,
    remoteUrl,
    sync: (overrides = {}) =>
      runSync({
        db: local.db,
        remote: { baseUrl: remoteUrl, clientId: CLIENT.clientId, clientSecret: CLIENT.secret },
        retry: FAST_RETRY,
        roundDelayMs: 20,
        timeoutMs: 5_000,
        ...(options.useExtensions === undefined ? {} : { useExtensions: options.useExtensions }),
        ...overrides,
      }),
    async stop() {
      await local.stop();
      localDir.remove();
      await remote.stop();
      await proxy?.close();
    },
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function get(s: Pick<TestService, 'api'>, path: string): Promise<Json> {
  const r = await s.api('GET', path);
  if (r.status !== 200) throw new Error(`GET ${path}: HTTP ${r.status}`);
  return r.body;
}

/**
 * Every read endpoint for every record of an instance (and the whole cross-deal report), by
 * path; with `only`, the graphs of those deals (and the deal id list).
 */
export async function readEverything(s: Pick<TestService, 'api'>, only?: readonly string[]): Promise<Map<string, Json>> {
  const out = new Map<string, Json>();
  const limit = pLimit(8);
  const read = (path: string) => limit(async () => {
    const body = await get(s, path);
    out.set(path, body);
    return body;
  });
  const all: string[] = (await read('/getAllDealIds')).dealIds;
  const ids = only ? all.filter((id) => only.includes(id)) : all;
  const people = new Set<string>();
  const companies = new Set<string>();
  await Promise.all(
    ids.map(async (id) => {
      const deal = await read(`/getDealInfo/${id}`);
      for (const p of deal.personIds) people.add(p);
      for (const c of deal.companyIds) companies.add(c);
      await read(`/getDealFunds/${id}`);
      await read(`/getDealComponentSummary/${id}`);
      const collaterals = await read(`/getDealCollateralSummary/${id}`);
      await Promise.all(
        collaterals.collateralSummaries.map(async (c: Json) => {
          await read(`/getCollateralCashFlow/${c.id}`);
          const components = await read(`/getCollateralComponentSummary/${c.id}`);
          await Promise.all(
            components.componentSummary.map(async (comp: Json) => {
              const base = await read(`/getBaseComponentInfo/${comp.id}`);
              for (const kind of ['Residential', 'Commercial', 'Hotel']) await read(`/get${kind}ComponentInfo/${comp.id}`);
              for (const roll of base.rentRollsOrder) {
                await read(`/getResidentialRentrollInfo/${roll}`);
                await read(`/getCommercialRentrollInfo/${roll}`);
              }
            }),
          );
        }),
      );
    }),
  );
  await Promise.all([...people].map((id) => read(`/getPersonInfo/${id}`)));
  await Promise.all([...companies].map((id) => read(`/getCompanyInfo/${id}`)));
  for (let page = 1; !only; page++) {
    const r = await s.api('POST', '/getCrossDealCollateralReport', { page, pageSize: 1000 });
    out.set(`/getCrossDealCollateralReport?page=${page}`, r.body);
    if (page * 1000 >= r.body.totalRows) break;
  }
  return out;
}

/** The paths whose reads differ between two instances (empty: every read is equal). */
export function differingReads(a: Map<string, Json>, b: Map<string, Json>): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  return [...paths].filter((p) => JSON.stringify(sortKeys(a.get(p))) !== JSON.stringify(sortKeys(b.get(p)))).sort();
}

function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') return Object.fromEntries(Object.keys(value).sort().map((k) => [k, sortKeys(value[k])]));
  return value;
}

export async function dealIds(s: TestService): Promise<string[]> {
  return (await get(s, '/getAllDealIds')).dealIds;
}

export async function dealInfo(s: TestService, id: string): Promise<Json> {
  return get(s, `/getDealInfo/${id}`);
}

/** PATCH bulkUpdateDeals on one instance; returns the response body. */
export async function bulkUpdate(s: TestService, items: { id: string; updates: Record<string, string> }[]): Promise<Json> {
  const r = await s.api('PATCH', '/bulkUpdateDeals', {
    itemsToUpdate: items.map((i) => ({ id: i.id, updates: Object.entries(i.updates).map(([property, value]) => ({ property, value })) })),
  });
  return r.body;
}

export function outboxRows(s: TestService): OutboxEntry[] {
  return outboxEntries(s.db);
}

/** SQLite's count of rows changed on the connection so far. */
export function totalChanges(s: TestService): number {
  return (s.db.$client.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
}

export const CREATE_BODY = {
  ownerId: OWNER,
  dealName: 'Offline Harbor Lofts',
  address: { fullAddress: '1200 Harbor Blvd, Oxnard, CA 93035' },
  propertyType: 'Multi_Family_Apartments',
  loanType: 'Acquisition',
  loanAmount: 8_400_000,
  loanTerm: 60,
  residentialLivingUnitCreateDto: [
    { frontEndGridLineNumber: '1', description: '1BR', bedrooms: 1, bathrooms: 1, unitSize: 720, numUnits: 24 },
    { frontEndGridLineNumber: '2', description: '2BR', bedrooms: 2, bathrooms: 2, unitSize: 1010, numUnits: 16 },
  ],
};
