import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BulkUpdateProperty, DEAL_PROPERTIES, UpdateDealsResponseDto } from '../../../src-main/contract';
import { bulkUpdateDeals } from '../../../src-main/gateway/bulk-update';
import {
  checkPAndI,
  MAX_TERM_MONTHS,
  percentToDecimal,
  PROPERTY_COLUMNS,
  type LoanTerms,
} from '../../../src-main/gateway/bulk-update-rules';
import type { GatewayContext } from '../../../src-main/gateway/context';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { dealColumnNullable } from '../../../src-main/store/deal-updates';
import { dealRow } from '../../../src-main/store/deals';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { outboxEntries } from '../../../src-main/store/sync-outbox';
import { ensureUsers } from '../../../src-main/store/users';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

const OWNER = 'owner@example.com';
const NOW = new Date('2026-03-01T09:30:00.000Z');

let db: Db;
let ctx: GatewayContext;
beforeEach(() => {
  db = openDb({ file: ':memory:' });
  ensureUsers(db, [OWNER]);
  ctx = { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => NOW };
});
afterEach(() => closeDb(db));

function insertDeal(id: string, columns: Record<string, unknown> = {}): void {
  const row = {
    id,
    seed_name: `Deal ${id}`,
    loan_type: 'Acquisition',
    property_type: 'Office',
    owner_id: OWNER,
    gross_loan: 10_000_000,
    loan_term: 60,
    updated_at: '2020-01-01T00:00:00.000Z',
    ...columns,
  };
  const keys = Object.keys(row);
  db.$client.prepare(`INSERT INTO deals (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`).run(...Object.values(row));
}

async function update(itemsToUpdate: unknown): Promise<UpdateDealsResponseDto> {
  const res = await bulkUpdateDeals(ctx, { itemsToUpdate });
  return UpdateDealsResponseDto.parse(res);
}

describe('the property-to-column mapping', () => {
  it('maps every bulk-update property onto its own column of the deals table', () => {
    const columns = BulkUpdateProperty.options.map((p) => PROPERTY_COLUMNS[p]);
    expect(columns.every(Boolean)).toBe(true);
    expect(new Set(columns).size).toBe(columns.length);
  });

  it('follows the read field of DEAL_PROPERTIES, with the owner column and the collateral totals undotted', () => {
    expect(PROPERTY_COLUMNS.Owner).toBe('ownerId');
    expect(PROPERTY_COLUMNS.UserDebtService).toBe('userDebtService');
    expect(PROPERTY_COLUMNS.DebtServiceMethod).toBe('debtServiceMethod');
    for (const p of BulkUpdateProperty.options) {
      if (p !== 'Owner') expect(DEAL_PROPERTIES[p].readField.endsWith(PROPERTY_COLUMNS[p]), p).toBe(true);
    }
  });

  it('knows which columns cannot be cleared', () => {
    expect(dealColumnNullable('seedName')).toBe(false);
    expect(dealColumnNullable('grossLoan')).toBe(false);
    expect(dealColumnNullable('note')).toBe(true);
    expect(dealColumnNullable('closedDate')).toBe(true);
  });
});

describe('percentages', () => {
  it.each([
    ['5.5', 0.055],
    ['0.57', 0.0057],
    ['100', 1],
    ['0', 0],
    ['4.3312', 0.043312],
    [5.5, 0.055],
    [1e-7, 1e-9],
  ])('turns %j percent into the decimal %d at full precision', (percent, decimal) => {
    expect(percentToDecimal(percent)).toBe(decimal);
  });
});

describe('the P_I_Amortization rule', () => {
  const terms = (t: Partial<LoanTerms> = {}): LoanTerms => ({
    loanPaymentStructure: 'P_I_Amortization',
    rateIndex: 'SOFR',
    indexRate: 0.043,
    loanTerm: 60,
    amortizationTerm: 360,
    ...t,
  });

  it('passes a floating loan with an index rate and a loan term within the amortization term', () => {
    expect(checkPAndI(terms(), new Set(['LoanPaymentStructure'])).size).toBe(0);
  });

  it('passes a fixed-rate loan without an index rate', () => {
    expect(checkPAndI(terms({ rateIndex: 'Fixed', indexRate: 0 }), new Set(['LoanPaymentStructure'])).size).toBe(0);
  });

  it('does not apply to interest-only loans', () => {
    expect(checkPAndI(terms({ loanPaymentStructure: 'InterestOnly', indexRate: 0, amortizationTerm: 0 }), new Set(['LoanTerm'])).size).toBe(0);
  });

  it('reports every unmet requirement once, on LoanPaymentStructure, when the item sets it', () => {
    const problems = checkPAndI(terms({ indexRate: 0, amortizationTerm: 0 }), new Set(['LoanPaymentStructure', 'AmortizationTerm']));
    expect([...problems.keys()]).toEqual(['LoanPaymentStructure']);
    const { description } = problems.get('LoanPaymentStructure')!;
    expect(description).toMatch(/valid index rate/);
    expect(description).toMatch(/AmortizationTerm above 0/);
    expect(description).toMatch(/LoanTerm not above the AmortizationTerm \(it would have LoanTerm 60 and AmortizationTerm 0 months\)/);
  });

  it('blames the updates that broke an amortizing deal', () => {
    const problems = checkPAndI(terms({ loanTerm: 480 }), new Set(['LoanTerm', 'IndexRate']));
    expect([...problems.keys()]).toEqual(['LoanTerm']);
    expect(problems.get('LoanTerm')!.description).toMatch(/LoanTerm 480 and AmortizationTerm 360/);
    expect([...checkPAndI(terms({ amortizationTerm: 48 }), new Set(['AmortizationTerm'])).keys()]).toEqual(['AmortizationTerm']);
    expect([...checkPAndI(terms({ indexRate: 0 }), new Set(['IndexRate'])).keys()]).toEqual(['IndexRate']);
    expect([...checkPAndI(terms({ indexRate: 0 }), new Set(['RateIndex'])).keys()]).toEqual(['RateIndex']);
  });

  it('does not hold an item responsible for a requirement it does not touch', () => {
    expect(checkPAndI(terms({ indexRate: 0 }), new Set(['LoanTerm'])).size).toBe(0);
  });
});

describe('bulkUpdateDeals in the gateway', () => {
  it('writes the accepted values to the columns and stamps updated_at', async () => {
    insertDeal('d1');
    const res = await update([
      { id: 'd1', updates: [{ property: 'RateSpread', value: '2.75' }, { property: 'Owner', value: OWNER }, { property: 'IsSyndicatedLoan', value: 'true' }] },
    ]);
    expect(res).toMatchObject({ success: true, error: null, errors: [], updatedEntities: ['d1'] });
    const row = dealRow(db, 'd1')!;
    expect(row).toMatchObject({ rateSpread: 0.0275, ownerId: OWNER, isSyndicatedLoan: true, updatedAt: NOW.toISOString() });
  });

  it('leaves updated_at alone on a deal whose update failed', async () => {
    insertDeal('d1');
    await update([{ id: 'd1', updates: [{ property: 'LoanTerm', value: '0' }] }]);
    expect(dealRow(db, 'd1')!.updatedAt).toBe('2020-01-01T00:00:00.000Z');
  });

  it('applies two items for the same deal in order, each on its own', async () => {
    insertDeal('d1');
    const res = await update([
      { id: 'd1', updates: [{ property: 'AmortizationTerm', value: '360' }] },
      { id: 'd1', updates: [{ property: 'LoanTerm', value: '480' }, { property: 'IndexRate', value: '4' }, { property: 'LoanPaymentStructure', value: 'P_I_Amortization' }] },
      { id: 'd1', updates: [{ property: 'IndexRate', value: '4' }, { property: 'LoanPaymentStructure', value: 'P_I_Amortization' }] },
    ]);
    expect(res.updatedEntities).toEqual(['d1']);
    expect(res.errors.map((e) => e.fieldName)).toEqual(['LoanPaymentStructure']);
    expect(dealRow(db, 'd1')).toMatchObject({ amortizationTerm: 360, loanTerm: 60, loanPaymentStructure: 'P_I_Amortization', indexRate: 0.04 });
  });

  it(`rejects a term above ${MAX_TERM_MONTHS} months`, async () => {
    insertDeal('d1');
    const res = await update([{ id: 'd1', updates: [{ property: 'AmortizationTerm', value: String(MAX_TERM_MONTHS + 1) }] }]);
    expect(res.errors).toMatchObject([{ errorType: 'IllegalValue', fieldName: 'AmortizationTerm' }]);
  });

  it('checks every deal of a large batch: unknown ids, unknown owners, the rest applied', async () => {
    const ids = Array.from({ length: 1_200 }, (_, i) => `d${i}`);
    for (const id of ids) insertDeal(id);
    const items = [...ids, 'no-such-deal'].map((id, i) => ({
      id,
      updates: [
        { property: 'Owner', value: i % 100 === 7 ? `stranger${i}@example.com` : OWNER },
        { property: 'GrossLoan', value: String(1_000 + i) },
        { property: 'Note', value: `row ${i}` },
      ],
    }));
    const res = await update(items);
    const strangers = ids.filter((_, i) => i % 100 === 7);
    expect(res.errors).toEqual([
      ...strangers.map((id) => ({ id, operation: 'Update', errorType: 'IllegalValue', description: expect.stringContaining('existing user'), fieldName: 'Owner' })),
      { id: 'no-such-deal', operation: 'Update', errorType: 'IdNotFound', description: expect.any(String), fieldName: 'id' },
    ]);
    expect(res.updatedEntities).toEqual(ids.filter((id) => !strangers.includes(id)));
    expect(dealRow(db, 'd8')).toMatchObject({ grossLoan: 1_008, note: 'row 8', updatedAt: NOW.toISOString() });
    expect(dealRow(db, 'd7')).toMatchObject({ grossLoan: 10_000_000, note: null, updatedAt: '2020-01-01T00:00:00.000Z' });
  });

  it('judges a Status against the State an earlier item of the same deal set', async () => {
    insertDeal('d1', { state: 'NewDeal', status: 'Screening' });
    const res = await update([
      { id: 'd1', updates: [{ property: 'State', value: 'Prep' }] },
      { id: 'd1', updates: [{ property: 'Status', value: 'Screening' }] },
      { id: 'd1', updates: [{ property: 'Status', value: 'Committee' }] },
    ]);
    expect(res.errors).toMatchObject([{ id: 'd1', fieldName: 'Status', description: expect.stringContaining('State Prep') }]);
    expect(dealRow(db, 'd1')).toMatchObject({ state: 'Prep', status: 'Committee' });
  });

  it('queues the edits of a synced deal in the outbox with the values they replace, and none for the others', async () => {
    insertDeal('synced', { note: 'old note' });
    insertDeal('local');
    db.$client
      .prepare(`INSERT INTO remote_shadow (type, id, json, content_hash, fetched_at) VALUES ('getDealInfo', 'synced', '{}', 'h', '2026-01-01')`)
      .run();
    const res = await update([
      { id: 'synced', updates: [{ property: 'Note', value: 'new note' }, { property: 'RateSpread', value: '2.5' }] },
      { id: 'local', updates: [{ property: 'Note', value: 'local note' }] },
      { id: 'synced', updates: [{ property: 'Note', value: 'newer note' }, { property: 'GrossLoan', value: '12000000' }] },
    ]);
    expect(res).toMatchObject({ errors: [], updatedEntities: ['synced', 'local'] });
    expect(outboxEntries(db).map((e) => [e.entityId, e.field, e.base, e.value, e.status])).toEqual([
      ['synced', 'Note', 'old note', 'newer note', 'pending'],
      ['synced', 'RateSpread', 0, 0.025, 'pending'],
      ['synced', 'GrossLoan', 10_000_000, 12_000_000, 'pending'],
    ]);
  });

  it('refuses a loan id another deal holds and one the request gives to two deals, with IllegalValue on LoanId', async () => {
    insertDeal('d-holder', { loan_id: 'LN-DUP-0001', seed_name: 'Harbor Point' });
    for (const id of ['d-1', 'd-2', 'd-3', 'd-4']) insertDeal(id);
    const res = await update([
      { id: 'd-1', updates: [{ property: 'LoanId', value: 'LN-DUP-0001' }] },
      { id: 'd-2', updates: [{ property: 'LoanId', value: 'LN-NEW-0002' }] },
      { id: 'd-3', updates: [{ property: 'LoanId', value: 'LN-NEW-0002' }] },
      { id: 'd-4', updates: [{ property: 'LoanId', value: 'LN-NEW-0004' }] },
    ]);
    expect(res.updatedEntities).toEqual(['d-4']);
    expect(res.errors.map((e) => [e.id, e.errorType, e.fieldName])).toEqual([
      ['d-1', 'IllegalValue', 'LoanId'],
      ['d-2', 'IllegalValue', 'LoanId'],
      ['d-3', 'IllegalValue', 'LoanId'],
    ]);
    expect(res.errors[0]!.description).toBe(
      'LoanId LN-DUP-0001 is already the loan id of "Harbor Point" (deal d-holder); a loan id names one loan, so it cannot be given to a second deal.',
    );
    expect(res.errors[1]!.description).toBe('LoanId LN-NEW-0002 is given to 2 deals in this request; a loan id names one loan, so none of them gets it.');
    expect(['d-1', 'd-2', 'd-3'].map((id) => dealRow(db, id)!.loanId)).toEqual([null, null, null]);
    expect(dealRow(db, 'd-4')!.loanId).toBe('LN-NEW-0004');
  });

  it('answers a body that is not an object with a ValidationError envelope', async () => {
    expect(await bulkUpdateDeals(ctx, [])).toMatchObject({ success: false, error: { code: 'ValidationError', target: 'body' } });
  });
});
