import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { inDealUpdateTransaction } from '../../../src-main/store/deal-updates';
import { dealRow } from '../../../src-main/store/deals';
import { ensureUsers, existingUsers, userExists } from '../../../src-main/store/users';

const OWNER = 'owner@example.com';

let db: Db;
beforeEach(() => {
  db = openDb({ file: ':memory:' });
  ensureUsers(db, [OWNER, 'second@example.com']);
});
afterEach(() => closeDb(db));

function insertDeals(count: number, columns: Record<string, unknown> = {}): string[] {
  const row = { seed_name: 'Deal', loan_type: 'Acquisition', property_type: 'Office', owner_id: OWNER, gross_loan: 1_000_000, loan_term: 60, ...columns };
  const keys = ['id', ...Object.keys(row)];
  const insert = db.$client.prepare(`INSERT INTO deals (${keys.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`);
  const ids = Array.from({ length: count }, (_, i) => `deal-${String(i).padStart(5, '0')}`);
  db.$client.transaction(() => {
    for (const id of ids) insert.run(id, ...Object.values(row));
  })();
  return ids;
}

describe('users', () => {
  it('finds the existing users among many ids in one call, whatever their number', () => {
    const asked = [OWNER, 'nobody@example.com', OWNER, ...Array.from({ length: 40_000 }, (_, i) => `u${i}@example.com`)];
    expect(existingUsers(db, asked)).toEqual(new Set([OWNER]));
    expect(existingUsers(db, [])).toEqual(new Set());
  });

  it('tells whether one user exists', () => {
    expect(userExists(db, OWNER)).toBe(true);
    expect(userExists(db, 'nobody@example.com')).toBe(false);
  });
});

describe('the bulk update session', () => {
  it('reads the existing deals among more ids than SQLite takes parameters, each once', () => {
    const ids = insertDeals(1_000);
    const asked = [...ids, ...ids.slice(0, 10), ...Array.from({ length: 40_000 }, (_, i) => `missing-${i}`)];
    const found = inDealUpdateTransaction(db, (s) => s.deals(asked, []));
    expect([...found.keys()].sort()).toEqual(ids);
  });

  it('reads the id and the asked columns only, decoded as drizzle reads them', () => {
    const [id] = insertDeals(1, { is_syndicated_loan: 1, note: null, rate_spread: 0.0275 });
    const deal = inDealUpdateTransaction(db, (s) => s.deals([id!], ['isSyndicatedLoan', 'note', 'rateSpread']).get(id!));
    expect(deal).toEqual({ id, isSyndicatedLoan: true, note: null, rateSpread: 0.0275 });
    const full = dealRow(db, id!)!;
    expect(deal).toEqual({ id, isSyndicatedLoan: full.isSyndicatedLoan, note: full.note, rateSpread: full.rateSpread });
  });

  it('answers user and loans package checks from one query each, and single ids not loaded', () => {
    db.$client.prepare(`INSERT INTO loans_packages (id, name) VALUES ('pkg-1', 'Package 1')`).run();
    inDealUpdateTransaction(db, (s) => {
      s.loadUsers([OWNER, 'nobody@example.com']);
      s.loadLoansPackages(['pkg-1', 'pkg-2']);
      expect([s.userExists(OWNER), s.userExists('nobody@example.com'), s.userExists('second@example.com')]).toEqual([true, false, true]);
      expect([s.loansPackageExists('pkg-1'), s.loansPackageExists('pkg-2'), s.loansPackageExists('pkg-3')]).toEqual([true, false, false]);
    });
  });

  it('writes a patch in one UPDATE, encoding booleans, whatever the order of its columns', () => {
    const [a, b] = insertDeals(2);
    inDealUpdateTransaction(db, (s) => {
      s.apply(a!, { note: 'first', isSyndicatedLoan: true, rateSpread: 0.03 }, '2026-01-01T00:00:00.000Z');
      s.apply(b!, { rateSpread: 0.04, isSyndicatedLoan: false, note: null, loanId: undefined }, '2026-01-02T00:00:00.000Z');
    });
    expect(dealRow(db, a!)).toMatchObject({ note: 'first', isSyndicatedLoan: true, rateSpread: 0.03, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(dealRow(db, b!)).toMatchObject({ note: null, isSyndicatedLoan: false, rateSpread: 0.04, loanId: null, updatedAt: '2026-01-02T00:00:00.000Z' });
  });

  it('keeps nothing of a transaction that throws', () => {
    const [id] = insertDeals(1);
    expect(() =>
      inDealUpdateTransaction(db, (s) => {
        s.apply(id!, { note: 'lost' }, '2026-01-01T00:00:00.000Z');
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(dealRow(db, id!)!.note).toBeNull();
  });
});
