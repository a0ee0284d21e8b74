import pLimit from 'p-limit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { getShadowEntry } from '../../../src-main/store/sync-shadow';
import { applyPulledGraphs, isUnchanged } from '../../../src-main/sync/apply';
import { RemoteError } from '../../../src-main/sync/errors';
import { fetchDealGraph, GRAPH_TYPE, prefetchPropertyTypes, ReadCache, type DealGraph, type GraphReader } from '../../../src-main/sync/graph';
import { createRemoteClient } from '../../../src-main/sync/remote-client';
import { CLIENT, startTestService, type TestService } from '../../support/service';

// The pull writes several deals per transaction (one commit for them all), each deal in its own
// savepoint: a deal whose reads cannot be mirrored is rolled back alone, the others commit, and
// a deal is never half written.

let remote: TestService;
let graphs: DealGraph[];

beforeAll(async () => {
  remote = await startTestService({ demoDeals: 5 });
  const client = createRemoteClient({ baseUrl: remote.origin, clientId: CLIENT.clientId, clientSecret: CLIENT.secret });
  const listed = await client.read('getAllDealIds');
  if (!listed.ok) throw new Error('getAllDealIds failed');
  const reader: GraphReader = { client, limit: pLimit(8), cache: new ReadCache() };
  await prefetchPropertyTypes(reader, listed.body.dealIds);
  expect(reader.propertyTypes?.size).toBe(5);
  graphs = [];
  for (const id of listed.body.dealIds) {
    const graph = await fetchDealGraph(reader, id);
    if (graph === 'missing') throw new Error(`deal ${id} missing`);
    graphs.push(graph);
  }
}, 60_000);

afterAll(async () => {
  await remote?.stop();
});

function changes(db: Db): number {
  return db.$client.prepare('SELECT total_changes()').pluck().get() as number;
}

function dealRows(db: Db, id: string): number {
  return (db.$client.prepare('SELECT count(*) FROM deals WHERE id = ?').pluck().get(id) as number) +
    (db.$client.prepare('SELECT count(*) FROM deal_collaterals WHERE deal_id = ?').pluck().get(id) as number);
}

test('a batch commits every deal but the one that fails, which leaves nothing behind; applied again, only that one is written', () => {
  const db = openDb({ file: ':memory:' });
  try {
    const now = new Date().toISOString();
    const broken = { ...graphs[2]!, collateralSummaries: null as never };
    const results = applyPulledGraphs(
      db,
      graphs.map((graph, position) => ({ graph: position === 2 ? broken : graph, position })),
      now,
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, false, true, true]);
    const failure = results[2]!;
    expect(!failure.ok && failure.error).toBeInstanceOf(RemoteError);
    for (const [i, graph] of graphs.entries()) {
      const listing = getShadowEntry(db, GRAPH_TYPE, graph.dealId);
      if (i === 2) {
        expect(listing).toBeUndefined();
        expect(getShadowEntry(db, 'getDealInfo', graph.dealId)).toBeUndefined();
        expect(dealRows(db, graph.dealId)).toBe(0);
      } else {
        expect(listing?.contentHash).toBe(graph.listing.hash);
        expect(dealRows(db, graph.dealId)).toBeGreaterThan(1);
        expect(isUnchanged(db, graph, i)).toBe(true);
      }
    }

    const again = applyPulledGraphs(db, graphs.map((graph, position) => ({ graph, position })), now);
    expect(again.map((r) => r.ok && r.outcome.written)).toEqual([false, false, true, false, false]);

    // Nothing changed: nothing is written, not even a transaction is opened.
    const before = changes(db);
    const third = applyPulledGraphs(db, graphs.map((graph, position) => ({ graph, position })), now);
    expect(third.every((r) => r.ok && !r.outcome.written)).toBe(true);
    expect(changes(db)).toBe(before);
  } finally {
    closeDb(db);
  }
});

test('the shadow keeps the answers of the reads the sync reads back, and of every other read only its hash', () => {
  const db = openDb({ file: ':memory:' });
  try {
    const results = applyPulledGraphs(db, graphs.map((graph, position) => ({ graph, position })), new Date().toISOString());
    expect(results.every((r) => r.ok && r.outcome.written)).toBe(true);
    const kept = new Set(['getDealInfo', 'getDealCollateralSummary', GRAPH_TYPE]);
    const types = new Set<string>();
    for (const graph of graphs) {
      for (const entry of [...graph.entries, graph.listing]) {
        const stored = getShadowEntry(db, entry.type, entry.id);
        expect(stored?.contentHash, `${entry.type} ${entry.id}`).toBe(entry.hash);
        expect(stored?.json, `${entry.type} ${entry.id}`).toBe(kept.has(entry.type) ? entry.json : '');
        types.add(entry.type);
      }
    }
    // The demo deals' graphs hold every kind of read: components of each kind, rent rolls, cash flows, parties.
    expect(types.size).toBeGreaterThan(8);
    const size = db.$client.prepare('SELECT sum(length(json)) AS kept FROM remote_shadow').get() as { kept: number };
    const answers = graphs.reduce((sum, g) => sum + g.entries.reduce((s, e) => s + e.json.length, g.listing.json.length), 0);
    expect(size.kept).toBeLessThan(answers / 4);
  } finally {
    closeDb(db);
  }
});
