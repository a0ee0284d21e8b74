import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskSsn, PipelineService } from '../../../src-main/app';
import type { SeedInfoResponseDto } from '../../../src-main/contract';
import { getDealInfo } from '../../../src-main/gateway/deal-reads';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import type { GatewayContext } from '../../../src-main/gateway/context';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { seedDemoPortfolio } from '../../../src-main/store/demo/seed';
import { loadSystemConfig, setUnderwritingSettings } from '../../../src-main/store/system-config';

describe('PipelineService', () => {
  let dir: string;
  let db: Db;
  let ctx: GatewayContext;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uw-pipeline-'));
    db = openDb({ file: join(dir, 'uw.sqlite') });
    seedDemoPortfolio(db, { deals: 12 });
    ctx = { db, places: createOfflinePlaceLookup(), config: loadSystemConfig(dir), now: () => new Date() };
  });
  afterAll(() => {
    closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers at once with the stored fields and computes the figures in the background, with progress', async () => {
    const progress: [number, number][] = [];
    const pipeline = new PipelineService(ctx, { inlineLimit: 3, batch: 4, onProgress: (done, total) => progress.push([done, total]) });
    const first = pipeline.rows();
    expect(first.rows).toHaveLength(12);
    expect(first.pending).toBe(12);
    expect(first.rows.every((r) => r.dscr === null && r.seedName.length > 0 && r.interestRate > 0)).toBe(true);
    await pipeline.idle();
    expect(progress.at(-1)).toEqual([12, 12]);
    const second = pipeline.rows();
    expect(second.pending).toBe(0);
    for (const row of second.rows) {
      const deal = (await getDealInfo(ctx, row.id)) as SeedInfoResponseDto;
      expect(row.dscr).toBe(deal.collateralTotals.dscr);
      expect(row.ltv).toBe(deal.ltv);
      expect(row.debtYield).toBe(deal.collateralTotals.debtYield);
      expect(row.debtService).toBe(deal.debtService);
    }
    pipeline.close();
  });

  it('puts the rows on screen first', async () => {
    const pipeline = new PipelineService(ctx, { inlineLimit: 0, batch: 2 });
    const ids = pipeline.rows().rows.map((r) => r.id);
    const wanted = ids.slice(-2);
    expect(pipeline.prioritize([...wanted, 'not-a-deal'])).toBe(2);
    // The batch that is running goes on; the next one is the prioritized deals.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    const rows = pipeline.rows().rows;
    expect(rows.filter((r) => wanted.includes(r.id)).every((r) => r.dscr !== null)).toBe(true);
    await pipeline.idle();
    pipeline.close();
  });

  it('recomputes only what changed: a settings change, an invalidation', async () => {
    const pipeline = new PipelineService(ctx);
    const before = pipeline.rows();
    expect(before.pending).toBe(0);
    setUnderwritingSettings(db, { dscrNumerator: 'NetCashFlow' });
    const after = pipeline.rows();
    expect(after.pending).toBe(0);
    expect(after.rows.some((r, i) => r.dscr !== before.rows[i]!.dscr)).toBe(true);
    setUnderwritingSettings(db, { dscrNumerator: 'NOI' });
    expect(pipeline.rows().rows.map((r) => r.dscr)).toEqual(before.rows.map((r) => r.dscr));
    pipeline.invalidate([before.rows[0]!.id]);
    expect(pipeline.rows().rows[0]!.dscr).toBe(before.rows[0]!.dscr);
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
