import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UpdateDealsResponseDto } from '../../../src-main/contract';
import { getDealHistory, type GatewayContext } from '../../../src-main/gateway';
import { bulkUpdateDeals } from '../../../src-main/gateway/bulk-update';
import { createDeal } from '../../../src-main/gateway/create-deal';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { recordHistory } from '../../../src-main/store/deal-history';
import { dealRow } from '../../../src-main/store/deals';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { ensureUsers } from '../../../src-main/store/users';
import { tempDir } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

const OWNER = 'owner@example.com';
let dir: ReturnType<typeof tempDir>;
let file: string;
let db: Db;
let ctx: GatewayContext;
let dealId: string;

const historyCount = (store: Db) => (store.$client.prepare('SELECT COUNT(*) AS n FROM deal_history').get() as { n: number }).n;

beforeEach(async () => {
  dir = tempDir();
  file = join(dir.path, 'uw.sqlite');
  db = openDb({ file });
  ensureUsers(db, [OWNER]);
  ctx = { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => new Date('2026-11-02T08:00:00Z') };
  const created = await createDeal(ctx, 'commercial', {
    ownerId: OWNER,
    dealName: 'Store Deal',
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

async function setLoanTerm(months: string): Promise<unknown> {
  return bulkUpdateDeals(ctx, { itemsToUpdate: [{ id: dealId, updates: [{ property: 'LoanTerm', value: months }] }] });
}

describe('the deal_history table', () => {
  it('is append-only: an update or a delete of a recorded row is refused by the store itself', async () => {
    UpdateDealsResponseDto.parse(await setLoanTerm('72'));
    expect(() => db.$client.prepare(`UPDATE deal_history SET new_value = '1'`).run()).toThrow(/append-only/);
    expect(() => db.$client.prepare('DELETE FROM deal_history').run()).toThrow(/append-only/);
    expect((await getDealHistory(ctx, dealId)).map((e) => e.newValue)).toEqual([72, expect.objectContaining({ name: 'Store Deal' })]);
  });

  it('keeps its guards when the store is opened again', () => {
    closeDb(db);
    db = openDb({ file });
    expect(() => db.$client.prepare('DELETE FROM deal_history').run()).toThrow(/append-only/);
  });

  it('keeps values as JSON at full precision', () => {
    recordHistory(db, { who: 'x', source: 'ui' }, '2026-11-02T08:00:00.000Z', [
      { dealId, field: 'GrossLoan', oldValue: 0.1 + 0.2, newValue: 12_345_678.901234567 },
    ]);
    const [entry] = await getDealHistory(ctx, dealId, { field: 'GrossLoan' });
    expect(entry!.oldValue).toBe(0.1 + 0.2);
    expect(entry!.newValue).toBe(12_345_678.901234567);
  });
});

describe('a change and its history row', () => {
  it('commit together: when the history row cannot be written, the edit is rolled back with it', async () => {
    // A failure forced in the middle of the edit's transaction, at the history insert.
    db.$client.exec(`CREATE TRIGGER fail_history BEFORE INSERT ON deal_history BEGIN SELECT RAISE(ABORT, 'forced failure'); END;`);
    await expect(setLoanTerm('84')).rejects.toThrow(/forced failure/);
    expect(dealRow(db, dealId)!.loanTerm).toBe(60);
    db.$client.exec('DROP TRIGGER fail_history');
    expect(await getDealHistory(ctx, dealId, { field: 'LoanTerm' })).toEqual([]);
  });

  it('commit together: when the edit fails, no history row is left', async () => {
    const before = historyCount(db);
    db.$client.exec(`CREATE TRIGGER fail_deal BEFORE UPDATE ON deals BEGIN SELECT RAISE(ABORT, 'forced failure'); END;`);
    await expect(setLoanTerm('84')).rejects.toThrow(/forced failure/);
    expect(historyCount(db)).toBe(before);
  });

  it('commit together for a creation: a deal whose history row fails is not created', async () => {
    const deals = () => (db.$client.prepare('SELECT COUNT(*) AS n FROM deals').get() as { n: number }).n;
    const before = deals();
    db.$client.exec(`CREATE TRIGGER fail_history BEFORE INSERT ON deal_history BEGIN SELECT RAISE(ABORT, 'forced failure'); END;`);
    await expect(
      createDeal(ctx, 'commercial', {
        ownerId: OWNER,
        dealName: 'Never Stored',
        address: { fullAddress: '200 Congress Ave, Austin, TX 78701' },
        propertyType: 'Retail',
        loanType: 'Acquisition',
        loanAmount: 1_000_000,
        loanTerm: 36,
      }),
    ).rejects.toThrow(/forced failure/);
    expect(deals()).toBe(before);
  });

  it('survive together a reopen of the store file (what was committed is read back)', async () => {
    UpdateDealsResponseDto.parse(await setLoanTerm('90'));
    closeDb(db);
    db = openDb({ file });
    ctx = { ...ctx, db };
    expect(dealRow(db, dealId)!.loanTerm).toBe(90);
    expect(await getDealHistory(ctx, dealId, { field: 'LoanTerm' })).toMatchObject([{ oldValue: 60, newValue: 90 }]);
  });
});

describe('recording many changes at once', () => {
  it('keeps every row, in order, with the same values as one at a time', () => {
    const at = '2026-11-02T08:00:00.000Z';
    const changes = Array.from({ length: 12_003 }, (_, i) => ({
      dealId,
      field: i % 2 ? 'GrossLoan' : 'Note',
      oldValue: i % 3 === 0 ? undefined : i % 2 ? i / 7 : `note "${i}" \u00e9`,
      newValue: i % 5 === 0 ? null : i % 2 ? 1e21 + i : `line\n${i}`,
    }));
    recordHistory(db, { who: 'bulk user', source: 'bulk', undoOf: 3 }, at, changes);
    const stored = (await getDealHistory(ctx, dealId, { source: 'bulk' })).reverse();
    expect(stored).toHaveLength(changes.length);
    stored.forEach((entry, i) => {
      const c = changes[i]!;
      expect([entry.field, entry.oldValue, entry.newValue, entry.actor, entry.at, entry.undoOf]).toEqual([c.field, c.oldValue, c.newValue, 'bulk user', at, 3]);
    });
  });
});
