import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY, GATEWAY_ROUTES, type GatewayContext } from '../../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { readDealGraph } from '../../../src-main/reports';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { ensureUsers } from '../../../src-main/store/users';
import { replayDealReads } from '../../../src-main/sync';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

const NOW = new Date('2026-11-22T10:00:00Z');
const config = loadSystemConfig();
const ctxOf = (db: Db): GatewayContext => ({ store: createSqliteStore(db), places: createOfflinePlaceLookup(), config, now: () => NOW });

let dir: string;
let source: Db;
let ids: string[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-replay-'));
  source = openDb({ file: join(dir, 'source.sqlite') });
  ensureUsers(source, ['owner@example.com']);
  await seedDemoPortfolio(createSqliteStore(source), { deals: 10, ownerIds: ['owner@example.com'] });
  ids = (source.$client.prepare('SELECT id FROM deals ORDER BY id').all() as { id: string }[]).map((r) => r.id);
}, 60_000);
afterAll(() => {
  closeDb(source);
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh scratch store. */
function scratch(name: string): Db {
  return openDb({ file: join(dir, `${name}.sqlite`) });
}

describe('replayDealReads', () => {
  it('loads every demo deal from its recorded reads so that each read answers the same again', async () => {
    for (const id of ids) {
      const recorded = (await readDealGraph(ctxOf(source), id))!;
      const db = scratch(`copy-${id}`);
      try {
        expect(await replayDealReads(db, id, recorded.reads, NOW)).toEqual({ inexact: 0 });
        for (const read of recorded.reads) {
          expect(await GATEWAY_ROUTES[read.name](ctxOf(db), { params: read.params, body: read.body }), `${read.name} ${JSON.stringify(read.params)}`).toEqual(read.response);
        }
      } finally {
        closeDb(db);
      }
    }
  }, 120_000);

  it('derives the figures from the loaded inputs, not from the recorded figures', async () => {
    const id = ids[0]!;
    const recorded = (await readDealGraph(ctxOf(source), id))!;
    const deal = recorded.reads.find((r) => r.name === 'getDealInfo')!;
    const response = structuredClone(deal.response) as { grossLoan: number; ltv: number | null; collateralTotals: { dscr: number } };
    response.grossLoan /= 2;
    response.ltv = 0.01; // a recorded figure the engine must not take over
    const db = scratch('changed');
    try {
      await replayDealReads(db, id, recorded.reads.map((r) => (r === deal ? { ...r, response } : r)), NOW);
      const again = (await GATEWAY.getDealInfo(ctxOf(db), { params: { id }, body: undefined })) as { grossLoan: number; ltv: number };
      const before = deal.response as { ltv: number };
      expect(again.grossLoan).toBe(response.grossLoan);
      expect(again.ltv).toBeCloseTo(before.ltv / 2, 10);
    } finally {
      closeDb(db);
    }
  }, 60_000);
});
