import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpdateDealsResponseDto } from '../../../src-main/contract';
import {
  actingAs,
  addDealNote,
  getDealHistory,
  getDealNotes,
  undoHistoryEntry,
  type GatewayContext,
} from '../../../src-main/gateway';
import { bulkUpdateDeals } from '../../../src-main/gateway/bulk-update';
import { createDeal } from '../../../src-main/gateway/create-deal';
import { getImportReport, importCollaterals } from '../../../src-main/gateway/import-collaterals';
import { importsIdle } from '../../../src-main/gateway/import-queue';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { localUserName, setLocalUserName } from '../../../src-main/store/deal-history';
import { dealRow } from '../../../src-main/store/deals';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { ensureUsers } from '../../../src-main/store/users';
import { startTestService, tempDir, type TestService } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

const OWNER = 'owner@example.com';
let dir: ReturnType<typeof tempDir>;
let db: Db;
let ctx: GatewayContext;
let dealId: string;
let tick = 0;
const clock = () => new Date(Date.UTC(2026, 10, 1) + 1000 * tick++);

async function update(context: GatewayContext, updates: Record<string, string>, id = dealId): Promise<UpdateDealsResponseDto> {
  const items = [{ id, updates: Object.entries(updates).map(([property, value]) => ({ property, value })) }];
  return UpdateDealsResponseDto.parse(await bulkUpdateDeals(context, { itemsToUpdate: items }));
}

beforeEach(async () => {
  dir = tempDir();
  db = openDb({ file: join(dir.path, 'uw.sqlite') });
  ensureUsers(db, [OWNER]);
  setLocalUserName(db, 'Dana Underwriter');
  ctx = { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: clock };
  const created = await createDeal(ctx, 'commercial', {
    ownerId: OWNER,
    dealName: 'History Deal',
    address: { fullAddress: '1 Congress Ave, Austin, TX 78701' },
    propertyType: 'Retail',
    loanType: 'Acquisition',
    loanAmount: 5_000_000,
    loanTerm: 60,
  });
  if (!('createdEntityId' in created)) throw new Error(created.error.message);
  dealId = created.createdEntityId;
});

afterEach(() => {
  closeDb(db);
  dir.remove();
});

describe('the deal history', () => {
  it('records a deal creation as one entry by the local user', () => {
    const [entry, ...rest] = await getDealHistory(ctx, dealId);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ field: '$created', source: 'ui', actor: 'Dana Underwriter', undoOf: null });
    expect(entry!.oldValue).toBeUndefined();
    expect(entry!.newValue).toMatchObject({ name: 'History Deal', kind: 'commercial', loanAmount: 5_000_000 });
  });

  it('records each changed field of a UI edit with its old and new value at full precision, newest first', async () => {
    expect((await update(ctx, { RateSpread: '2.123456789', LoanTerm: '84' })).errors).toEqual([]);
    const [first, second] = await getDealHistory(ctx, dealId);
    const byField = Object.fromEntries([first, second].map((e) => [e!.field, e]));
    expect(byField.RateSpread).toMatchObject({ source: 'ui', actor: 'Dana Underwriter', oldValue: 0, newValue: 0.02123456789 });
    expect(byField.LoanTerm).toMatchObject({ oldValue: 60, newValue: 84 });
    expect(first!.id).toBeGreaterThan((await getDealHistory(ctx, dealId)).at(-1)!.id);
  });

  it('records nothing for a value set to what it already is, nor for a refused item', async () => {
    await update(ctx, { LoanTerm: '60' });
    const refused = await update(ctx, { LoanTerm: '61', RateSpread: '250' });
    expect(refused.errors.map((e) => e.fieldName)).toEqual(['RateSpread']);
    expect((await getDealHistory(ctx, dealId)).map((e) => e.field)).toEqual(['$created']);
  });

  it('records the Status a State move clears, as well as the State', async () => {
    await update(ctx, { State: 'Prep', Status: 'Underwriting' }).then((r) => expect(r.errors).toEqual([]));
    await update(ctx, { State: 'Originated' }).then((r) => expect(r.errors).toEqual([]));
    const latest = (await getDealHistory(ctx, dealId)).slice(0, 2);
    expect(latest.map((e) => [e.field, e.oldValue, e.newValue]).sort()).toEqual([
      ['State', 'Prep', 'Originated'],
      ['Status', 'Underwriting', null],
    ]);
  });

  it('names the source and the caller: bulk edit, undo and a filter by field and by source', async () => {
    await update(actingAs(ctx, { who: 'Dana Underwriter', source: 'bulk' }), { Priority: 'High' });
    await update(ctx, { LoanTerm: '72' });
    expect((await getDealHistory(ctx, dealId, { source: 'bulk' })).map((e) => [e.field, e.newValue])).toEqual([['Priority', 'High']]);
    expect((await getDealHistory(ctx, dealId, { field: 'LoanTerm' })).map((e) => e.newValue)).toEqual([72]);
    expect(await getDealHistory(ctx, dealId, { field: 'LoanTerm', source: 'bulk' })).toEqual([]);
  });

  it('records a collateral imported into the deal, by whoever sent the import', async () => {
    const sent = await importCollaterals(actingAs(ctx, { who: 'Dana Underwriter', source: 'ui' }), {
      collaterals: [
        {
          clientItemId: 'c1',
          collateralCreateData: { dealIds: [dealId], name: 'Annex', address: { fullAddress: '500 Guadalupe St, Austin, TX 78701' }, propertyType: 'Retail' },
        },
      ],
    });
    if (!('reportId' in sent)) throw new Error(sent.error.message);
    await importsIdle(db);
    expect(await getImportReport(ctx, sent.reportId)).toMatchObject({ status: 'Completed', errors: [] });
    const [entry] = getDealHistory(ctx, dealId, { source: 'import' });
    expect(entry).toMatchObject({ field: 'collateral', actor: 'Dana Underwriter', source: 'import' });
    expect(entry!.newValue).toMatchObject({ name: 'Annex' });
  });

  it('falls back to the OS user name when no name is set', () => {
    setLocalUserName(db, '  ');
    expect(localUserName(db)).not.toBe('');
    expect(localUserName(db)).not.toBe('Dana Underwriter');
  });
});

describe('undo', () => {
  it('sets the field back through the bulk update and records the undo against the entry', async () => {
    await update(ctx, { RateSpread: '1.75' });
    const [edit] = await getDealHistory(ctx, dealId, { field: 'RateSpread' });
    const result = await undoHistoryEntry(ctx, edit!.id);
    expect(result).toMatchObject({ ok: true, entry: { field: 'RateSpread', source: 'undo', oldValue: 0.0175, newValue: 0, undoOf: edit!.id } });
    expect(dealRow(db, dealId)!.rateSpread).toBe(0);
  });

  it('restores a percentage exactly, to the last bit', async () => {
    await update(ctx, { RateSpread: '0.57' });
    await update(ctx, { RateSpread: '3.3' });
    const [latest] = await getDealHistory(ctx, dealId, { field: 'RateSpread' });
    expect((await undoHistoryEntry(ctx, latest!.id)).ok).toBe(true);
    expect(dealRow(db, dealId)!.rateSpread).toBe(0.0057);
  });

  it('is refused with the reason when the field has changed since', async () => {
    await update(ctx, { LoanTerm: '72' });
    const [older] = await getDealHistory(ctx, dealId, { field: 'LoanTerm' });
    await update(actingAs(ctx, { who: 'api-client-7', source: 'api' }), { LoanTerm: '96' });
    const result = await undoHistoryEntry(ctx, older!.id);
    expect(result).toMatchObject({ ok: false, code: 'ChangedSince' });
    expect(!result.ok && result.message).toMatch(/LoanTerm has changed again since .* by api-client-7, through the local API/);
    expect(dealRow(db, dealId)!.loanTerm).toBe(96);
  });

  it('is refused a second time: the change was already undone', async () => {
    await update(ctx, { Priority: 'Low' });
    const [edit] = await getDealHistory(ctx, dealId, { field: 'Priority' });
    expect((await undoHistoryEntry(ctx, edit!.id)).ok).toBe(true);
    const again = await undoHistoryEntry(ctx, edit!.id);
    expect(again).toMatchObject({ ok: false, code: 'ChangedSince' });
    expect(!again.ok && again.message).toMatch(/already undone/);
  });

  it('is refused when the stored value no longer is the one the entry set', async () => {
    await update(ctx, { LoanTerm: '72' });
    const [edit] = await getDealHistory(ctx, dealId, { field: 'LoanTerm' });
    db.$client.prepare('UPDATE deals SET loan_term = 48 WHERE id = ?').run(dealId); // a write outside the recorded paths
    expect(await undoHistoryEntry(ctx, edit!.id)).toMatchObject({ ok: false, code: 'ChangedSince' });
    expect(dealRow(db, dealId)!.loanTerm).toBe(48);
  });

  it('goes through the same validation as an edit: a value no longer allowed is refused', async () => {
    await update(ctx, { LoanPaymentStructure: 'P_I_Amortization', IndexRate: '4', AmortizationTerm: '360' });
    await update(ctx, { LoanTerm: '120' }); // the amortization term is checked against it
    const [structure] = await getDealHistory(ctx, dealId, { field: 'AmortizationTerm' });
    const result = await undoHistoryEntry(ctx, structure!.id); // back to 0 while P_I_Amortization stays
    expect(result).toMatchObject({ ok: false, code: 'Invalid' });
    expect(dealRow(db, dealId)!.amortizationTerm).toBe(360);
  });

  it('cannot undo a creation or an unknown entry', () => {
    const [created] = await getDealHistory(ctx, dealId);
    expect(await undoHistoryEntry(ctx, created!.id)).toMatchObject({ ok: false, code: 'NotUndoable' });
    expect(await undoHistoryEntry(ctx, 987654)).toMatchObject({ ok: false, code: 'NotFound' });
  });
});

describe('notes', () => {
  it('are dated, carry their author and list newest first', () => {
    const first = await addDealNote(ctx, dealId, 'Sponsor call: rent roll update due Friday.');
    const second = await addDealNote(actingAs(ctx, { who: 'Sam Credit', source: 'ui' }), dealId, '  Appraisal ordered.  ');
    expect(first).toMatchObject({ ok: true, note: { author: 'Dana Underwriter' } });
    expect((await getDealNotes(ctx, dealId)).map((n) => [n.author, n.text])).toEqual([
      ['Sam Credit', 'Appraisal ordered.'],
      ['Dana Underwriter', 'Sponsor call: rent roll update due Friday.'],
    ]);
    expect(second.ok && Date.parse(second.note.at)).toBeGreaterThan(first.ok ? Date.parse(first.note.at) : Infinity);
  });

  it('refuse an empty note and a deal that does not exist', () => {
    expect(await addDealNote(ctx, dealId, '   ')).toMatchObject({ ok: false, target: 'text' });
    expect(await addDealNote(ctx, 'no-such-deal', 'x')).toMatchObject({ ok: false, target: 'dealId' });
    expect(await getDealNotes(ctx, dealId)).toEqual([]);
  });
});

describe('changes through the local HTTP API', () => {
  let service: TestService;
  beforeEach(async () => {
    service = await startTestService({ demoDeals: 2 });
  });
  afterEach(async () => service.stop());

  it('are recorded under the API client id with source api, the contract unchanged', async () => {
    const ids = (await service.api('GET', '/getAllDealIds')).body.dealIds as string[];
    const before = (await service.api('GET', `/getDealInfo/${ids[0]}`)).body.riskRating as string | null;
    const rating = before === '5' ? '6' : '5';
    const res = await service.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: [{ id: ids[0], updates: [{ property: 'RiskRating', value: rating }] }] });
    expect(res.body).toEqual({ success: true, error: null, errors: [], updatedEntities: [ids[0]] });
    const local: GatewayContext = { store: createSqliteStore(service.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => new Date() };
    expect(await getDealHistory(local, ids[0]!, { field: 'RiskRating' })).toMatchObject([{ source: 'api', actor: 'test-client', oldValue: before, newValue: rating }]);
  });

  it('record a deal created and a collateral imported through the API under the client id', async () => {
    const created = await service.api('POST', '/createCommercialDeal', {
      ownerId: OWNER,
      dealName: 'API Deal',
      address: { fullAddress: '700 Lavaca St, Austin, TX 78701' },
      propertyType: 'Retail',
      loanType: 'Acquisition',
      loanAmount: 3_000_000,
      loanTerm: 48,
    });
    const id = created.body.createdEntityId as string;
    const sent = await service.api('POST', '/importCollaterals', {
      collaterals: [{ clientItemId: 'a1', collateralCreateData: { dealIds: [id], name: 'API Annex', address: { fullAddress: '701 Lavaca St, Austin, TX 78701' }, propertyType: 'Retail' } }],
    });
    await importsIdle(service.store);
    expect((await service.api('GET', `/getImportReport/${sent.body.reportId as string}`)).body).toMatchObject({ status: 'Completed', errors: [] });
    const local: GatewayContext = { store: createSqliteStore(service.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => new Date() };
    expect((await getDealHistory(local, id)).map((e) => [e.field, e.source, e.actor])).toEqual([
      ['collateral', 'import', 'test-client'],
      ['$created', 'api', 'test-client'],
    ]);
  });
});
