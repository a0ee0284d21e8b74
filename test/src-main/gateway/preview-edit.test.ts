import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewDealEdit, type GatewayContext } from '../../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { startTestService, type TestService } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

/*
 * previewDealEdit: getDealInfo and getDealFunds as they would answer after bulkUpdateDeals applied
 * the same properties, written nowhere. Checked against the real thing: preview, then apply the
 * same update over HTTP and read both answers back.
 */

/* eslint-disable @typescript-eslint/no-explicit-any */
let s: TestService;
let ctx: GatewayContext;
let dealIds: string[];

beforeAll(async () => {
  s = await startTestService({ demoDeals: 24 });
  ctx = { store: createSqliteStore(s.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => new Date() };
  dealIds = (await s.api('GET', '/getAllDealIds')).body.dealIds;
}, 60_000);
afterAll(async () => s.stop());

function storeState() {
  const client = s.db.$client;
  return {
    totalChanges: client.prepare('SELECT total_changes()').pluck().get(),
    dataVersion: client.pragma('data_version', { simple: true }),
    deals: client.prepare('SELECT count(*), max(updated_at) FROM deals').raw().get(),
    walBytes: statSync(`${client.name}-wal`, { throwIfNoEntry: false })?.size ?? 0,
  };
}

async function applied(id: string, properties: Record<string, string>) {
  const updates = Object.entries(properties).map(([property, value]) => ({ property, value }));
  const { body } = await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: [{ id, updates }] });
  expect(body.errors, JSON.stringify(body.errors)).toEqual([]);
  return { deal: (await s.api('GET', `/getDealInfo/${id}`)).body, funds: (await s.api('GET', `/getDealFunds/${id}`)).body };
}

const EDITS: [string, (deal: any) => Record<string, string>][] = [
  ['the rate (index and spread)', () => ({ IndexRate: '4.25', RateSpread: '2.6' })],
  ['the amortization term', (deal) => ({ LoanPaymentStructure: 'P_I_Amortization', IndexRate: '4', LoanTerm: String(Math.max(deal.loanTerm, 60)), AmortizationTerm: '300' })],
  ['the loan amount', (deal) => ({ GrossLoan: String(Math.round(deal.grossLoan * 0.8) + 0.5) })],
  ['interest-only', () => ({ LoanPaymentStructure: 'InterestOnly' })],
  ['a manual debt service', () => ({ DebtServiceMethod: 'Manual', UserDebtService: '812345.67' })],
  ['the LTV basis and total cost', () => ({ UserSelectedLtv: 'Sales', ProjectTotalCost: '41000000' })],
];

describe('previewDealEdit', () => {
  it.each(EDITS)('shows %s exactly as getDealInfo and getDealFunds answer once bulkUpdateDeals applied it', async (_what, edit) => {
    for (const id of dealIds.slice(0, 6)) {
      const before = (await s.api('GET', `/getDealInfo/${id}`)).body;
      const properties = edit(before);
      const state = storeState();
      const preview = await previewDealEdit(ctx, id, properties);
      expect(storeState(), 'the preview wrote nothing').toEqual(state);
      expect(preview.success, JSON.stringify(preview.error)).toBe(true);
      if (!('LoanPaymentStructure' in properties && Object.keys(properties).length === 1)) {
        expect((preview as any).deal, 'the edit shows').not.toEqual(before);
      }
      const after = await applied(id, properties);
      expect((preview as any).deal).toEqual(after.deal);
      expect((preview as any).funds).toEqual(after.funds);
    }
  });

  it('refuses what the bulk update refuses, naming the property, and writes nothing', async () => {
    const id = dealIds[10]!;
    const state = storeState();
    const bad = await previewDealEdit(ctx, id, { GrossLoan: '-5' });
    expect(bad.success).toBe(false);
    expect(bad.error?.target).toBe('GrossLoan');
    const unknown = await previewDealEdit(ctx, id, { InterestRate: '5' });
    expect(unknown.error?.target).toBe('InterestRate');
    const notScalar = await previewDealEdit(ctx, id, { RateSpread: { value: 1 } });
    expect(notScalar.error?.target).toBe('RateSpread');
    const missing = await previewDealEdit(ctx, 'no-such-deal', { RateSpread: '2' });
    expect(missing.error?.code).toBe('MissingEntity');
    expect(storeState()).toEqual(state);
  });

  it('answers the current figures for an empty edit', async () => {
    const id = dealIds[11]!;
    const preview = await previewDealEdit(ctx, id, {});
    expect((preview as any).deal).toEqual((await s.api('GET', `/getDealInfo/${id}`)).body);
    expect((preview as any).funds).toEqual((await s.api('GET', `/getDealFunds/${id}`)).body);
  });
});
