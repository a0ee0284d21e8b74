import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineService } from '../../../src-main/app';
import { maskSsn } from '../../../src-main/contract';
import type { SeedInfoResponseDto } from '../../../src-main/contract';
import type { PipelineResult, PipelineRow } from '../../../src-main/contract';
import { getDealInfo } from '../../../src-main/gateway/deal-reads';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import type { GatewayContext } from '../../../src-main/gateway/context';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { loadSystemConfig, setUnderwritingSettings } from '../../../src-main/store/system-config';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

describe('PipelineService', () => {
  let dir: string;
  let db: Db;
  let ctx: GatewayContext;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'uw-pipeline-'));
    db = openDb({ file: join(dir, 'uw.sqlite') });
    await seedDemoPortfolio(createSqliteStore(db), { deals: 12 });
    ctx = { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(dir), now: () => new Date() };
  });
  afterAll(() => {
    closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  const collateralCount = () => (db.$client.prepare('SELECT COUNT(*) AS n FROM collaterals').get() as { n: number }).n;

  async function expectFiguresOfGetDealInfo(rows: PipelineRow[]) {
    for (const row of rows) {
      const deal = (await getDealInfo(ctx, row.id)) as SeedInfoResponseDto;
      expect(row.dscr).toBe(deal.collateralTotals.dscr);
      expect(row.ltv).toBe(deal.ltv);
      expect(row.debtYield).toBe(deal.collateralTotals.debtYield);
      expect(row.debtService).toBe(deal.debtService);
    }
  }

  it('answers at once with the stored fields and computes the figures in the background, with progress', async () => {
    const progress: [number, number][] = [];
    const pipeline = new PipelineService(ctx, { inlineLimit: 3, batch: 4, onProgress: (done, total) => progress.push([done, total]) });
    const first = await pipeline.rows();
    expect(first.rows).toHaveLength(12);
    expect(first.pending).toBe(12);
    expect(first.rows.every((r) => r.dscr === null && r.seedName.length > 0 && r.interestRate > 0)).toBe(true);
    await pipeline.idle();
    expect(progress.at(-1)).toEqual([collateralCount(), collateralCount()]);
    const second = await pipeline.rows();
    expect(second.pending).toBe(0);
    await expectFiguresOfGetDealInfo(second.rows);
    pipeline.close();
  });

  it("carries each deal's collateral addresses, for the search", async () => {
    const pipeline = new PipelineService(ctx);
    for (const row of (await pipeline.rows()).rows) {
      const expected = db.$client
        .prepare('SELECT c.full_address FROM deal_collaterals dc JOIN collaterals c ON c.id = dc.collateral_id WHERE dc.deal_id = ? ORDER BY dc.position, c.id')
        .pluck()
        .all(row.id);
      expect(row.addresses).toEqual(expected);
      expect(row.addresses.length).toBeGreaterThan(0);
    }
    pipeline.close();
  });

  it('keeps the figures it computed: another launch answers with every figure at once', async () => {
    const pipeline = new PipelineService(ctx, { inlineLimit: 0 });
    expect((await pipeline.rows()).pending).toBe(0);
    pipeline.close();
  });

  it('computes its answer as soon as the event loop is free after warmUp, before anyone asks', async () => {
    const pipeline = new PipelineService(ctx);
    const answer = () => (pipeline as unknown as { last: { result: PipelineResult } | null }).last?.result;
    pipeline.warmUp();
    expect(answer()).toBeUndefined();
    await new Promise((resolve) => setImmediate(resolve));
    const warmed = answer();
    expect(warmed?.rows).toHaveLength(12);
    expect(await pipeline.rows()).toBe(warmed);
    pipeline.close();
  });

  it('puts the rows on screen first', async () => {
    db.$client.exec('DELETE FROM collateral_figures');
    const pipeline = new PipelineService(ctx, { inlineLimit: 0, batch: 2 });
    const ids = (await pipeline.rows()).rows.map((r) => r.id);
    const wanted = ids.slice(-2);
    expect(pipeline.prioritize([...wanted, 'not-a-deal'])).toBe(2);
    // The step that is running goes on; the next ones are the prioritized deals' collaterals.
    for (let i = 0; i < 4; i++) await new Promise((resolve) => setImmediate(resolve));
    const rows = (await pipeline.rows()).rows;
    expect(rows.filter((r) => wanted.includes(r.id)).every((r) => r.dscr !== null)).toBe(true);
    await pipeline.idle();
    pipeline.close();
  });

  it('follows a settings change and a write to a deal\'s collateral without being told', async () => {
    const pipeline = new PipelineService(ctx);
    const before = await pipeline.rows();
    expect(before.pending).toBe(0);
    setUnderwritingSettings(db, { dscrNumerator: 'NetCashFlow' });
    const after = await pipeline.rows();
    expect(after.pending).toBe(0);
    expect(after.rows.some((r, i) => r.dscr !== before.rows[i]!.dscr)).toBe(true);
    setUnderwritingSettings(db, { dscrNumerator: 'NOI' });
    expect((await pipeline.rows()).rows.map((r) => r.dscr)).toEqual(before.rows.map((r) => r.dscr));

    const target = before.rows.find((r) => r.dscr !== 0)!;
    db.$client
      .prepare(
        `UPDATE revenue_valuations SET cap_rate = cap_rate * 2 WHERE collateral_id IN
           (SELECT collateral_id FROM deal_collaterals WHERE deal_id = ?)`,
      )
      .run(target.id);
    db.$client
      .prepare(
        `UPDATE cash_flow_transactions SET annualized_by_year = (SELECT json_group_array(value * 2) FROM json_each(annualized_by_year))
         WHERE section = 'revenue' AND valuation_id IN (SELECT v.id FROM revenue_valuations v JOIN deal_collaterals d ON d.collateral_id = v.collateral_id WHERE d.deal_id = ?)`,
      )
      .run(target.id);
    const edited = await pipeline.rows();
    const row = edited.rows.find((r) => r.id === target.id)!;
    expect(row.dscr).not.toBe(target.dscr);
    await expectFiguresOfGetDealInfo([row]);
    pipeline.close();
  });
});

describe('maskSsn', () => {
  it('keeps only the last four digits', () => {
    expect(maskSsn('123-45-6789')).toBe('***-**-6789');
    expect(maskSsn('123456789')).toBe('***-**-6789');
    expect(maskSsn('12')).toBe('***-**-****');
    expect(maskSsn(null)).toBeNull();
  });
});
