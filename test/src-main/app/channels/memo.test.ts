import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCreditFile } from '../../../../src-main/reports';
import { replayDealReads } from '../../../../src-main/sync';
import { pdfText } from '../../reports/memo/pdf-reader';
import { harness, type Harness } from '../support';

let h: Harness;
let dealId: string;
let dealName: string;

beforeAll(async () => {
  h = harness({ deals: 4 });
  const row = h.db.$client.prepare('SELECT id, seed_name AS name FROM deals ORDER BY id LIMIT 1').get() as { id: string; name: string };
  dealId = row.id;
  dealName = row.name;
}, 60_000);
afterAll(() => h.close());

describe('the deal page exports', () => {
  it('writes the credit memo to the chosen file, with progress by exportId', async () => {
    const file = join(h.dir, 'memo.pdf');
    h.exportTo = { file };
    const result = await h.value('deal.exportMemo', { dealId, exportId: 'm1' });
    expect(result).toMatchObject({ cancelled: false, file, fileName: 'memo.pdf' });
    expect(result.pages).toBeGreaterThan(1);
    expect(await pdfText(file)).toContain(dealName);
    const phases = h.events.filter((e) => e.event === 'deal.exportProgress' && (e.payload as { exportId: string }).exportId === 'm1').map((e) => (e.payload as { phase: string }).phase);
    expect(phases).toEqual(['reading', 'rendering', 'done']);
  }, 60_000);

  it('writes a credit file that verifies', async () => {
    const file = join(h.dir, 'credit.zip');
    h.exportTo = { file, downloadUrl: '/bridge/download/x', fileName: 'credit.zip' };
    const result = await h.value('deal.exportCreditFile', { dealId, exportId: 'c1' });
    expect(result).toMatchObject({ cancelled: false, downloadUrl: '/bridge/download/x', fileName: 'credit.zip' });
    expect(await verifyCreditFile(readFileSync(file), { load: replayDealReads })).toMatchObject({ ok: true, dealId });
  }, 60_000);

  it('answers a cancelled save dialog without writing anything', async () => {
    h.exportTo = null;
    expect(await h.value('deal.exportMemo', { dealId, exportId: 'm2' })).toEqual({ cancelled: true });
  });

  it('says so readably for an unknown deal, before any save dialog', async () => {
    const file = join(h.dir, 'never.pdf');
    h.exportTo = { file };
    const result = await h.call('deal.exportMemo', { dealId: 'no-such-deal', exportId: 'm3' });
    expect(result).toMatchObject({ ok: false, error: 'No deal exists with the id no-such-deal.' });
    expect(existsSync(file)).toBe(false);
  });

  it('says so readably when the file cannot be written', async () => {
    const file = join(h.dir, 'no-folder', 'memo.pdf');
    h.exportTo = { file };
    const result = await h.call('deal.exportCreditFile', { dealId, exportId: 'c2' });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(/^The credit file could not be written: ENOENT/);
    expect(existsSync(file)).toBe(false);
  }, 60_000);
});
