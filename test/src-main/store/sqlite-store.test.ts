import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeSqliteStore, openSqliteStore, workstationDb, type SqliteStore } from '../../../src-main/store/sqlite-store';
import type { StorePort } from '../../../src-main/store/port';

// The SQLite engine of the storage port on a real store file: its units of work hold the one
// connection, calls outside a unit wait for it, calls through the unit's tx join it.

let dir: string;
let store: SqliteStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'uw-sqlite-store-'));
  store = openSqliteStore({ file: join(dir, 'uw.sqlite') });
});
afterEach(async () => {
  await closeSqliteStore(store);
  rmSync(dir, { recursive: true, force: true });
});

/** A promise to open by hand, and whether it has settled. */
function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

function tracked<T>(promise: Promise<T>): { promise: Promise<T>; settled: () => boolean } {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, settled: () => settled };
}

describe('the SQLite engine of the storage port', () => {
  it('makes a call outside an open unit wait until the unit has committed, then answer what it wrote', async () => {
    await store.setSetting('k', 0);
    const held = gate();
    const unit = store.transaction(async (tx) => {
      await tx.setSetting('k', 1);
      await held.promise;
      await tx.setSetting('k', 2);
    });
    await nextTurn();
    const read = tracked(store.getSetting<number>('k'));
    for (let i = 0; i < 5; i++) await nextTurn();
    // The unit is open (awaiting): the read has not run, so it cannot see the half-done unit.
    expect(read.settled()).toBe(false);
    held.open();
    await unit;
    expect(await read.promise).toBe(2);
  });

  it('keeps a write outside the unit out of it: a rolled-back unit does not take it along', async () => {
    const held = gate();
    const unit = store.transaction(async (tx) => {
      await tx.setSetting('inside', true);
      await held.promise;
      throw new Error('refused');
    });
    await nextTurn();
    const outside = store.setSetting('outside', true);
    held.open();
    await expect(unit).rejects.toThrow('refused');
    await outside;
    expect(await store.getSetting('inside')).toBeUndefined();
    expect(await store.getSetting('outside')).toBe(true);
  });

  it('lets a nested transaction and snapshot join the open unit, so they commit or roll back with it', async () => {
    await expect(
      store.transaction(async (tx) => {
        await tx.transaction(async (inner) => inner.setSetting('nested', 'written'));
        // The nested snapshot sees the unit's own uncommitted write: it is the same unit.
        expect(await tx.snapshot((inner) => inner.getSetting('nested'))).toBe('written');
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await store.getSetting('nested')).toBeUndefined();

    await store.transaction(async (tx) => tx.transaction(async (inner) => inner.setSetting('nested', 'kept')));
    expect(await store.getSetting('nested')).toBe('kept');
  });

  it('runs the calls that waited in the order they came, units included', async () => {
    const order: string[] = [];
    const held = gate();
    const first = store.transaction(async (tx) => {
      await held.promise;
      await tx.setSetting('n', 1);
      order.push('unit 1');
    });
    await nextTurn();
    const read = store.getSetting<number>('n').then((n) => order.push(`read ${n}`));
    const second = store.transaction(async (tx) => {
      await tx.setSetting('n', 2);
      order.push('unit 2');
    });
    const readAgain = store.getSetting<number>('n').then((n) => order.push(`read ${n}`));
    held.open();
    await Promise.all([first, read, second, readAgain]);
    expect(order).toEqual(['unit 1', 'read 1', 'unit 2', 'read 2']);
  });

  it('answers at once when no unit is open (one resolved promise, no waiting)', async () => {
    const read = tracked(store.getSetting('x'));
    await Promise.resolve();
    await Promise.resolve();
    expect(read.settled()).toBe(true);
  });

  it("refuses a unit's tx once the unit has ended", async () => {
    let leaked: StorePort | undefined;
    await store.transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked!.getSetting('k')).rejects.toThrow(/after it ended/);
    expect(leaked!.inUnit()).toBe(true);
    expect(store.inUnit()).toBe(false);
  });

  it('serves workstation-only features the connection, and is one engine per connection', () => {
    const db = workstationDb(store);
    expect(db.$client.open).toBe(true);
    expect(store.db).toBe(db);
  });

  it('saves a refilled roll-up outside a unit and computes without saving inside one', async () => {
    const figures = { netOperatingIncome: 1, netIncome: 1, incomeValuation: 1, alternativeValuation: 0, salesValuation: 0, totalSF: 1, totalUnit: 1 };
    const db = workstationDb(store);
    db.$client.prepare("INSERT INTO collaterals (id, name, property_type) VALUES ('c1', 'One', 'Office')").run();
    const compute = async (_tx: StorePort, ids: readonly string[]) => ({ rollups: new Map(ids.map((id) => [id, figures])), stress: new Map() });
    const inside = await store.snapshot((tx) => tx.refillCollateralFigures(['c1'], 99, compute));
    expect(inside.get('c1')).toEqual(figures);
    expect((await store.storedCollateralFigures(['c1'], 99)).size).toBe(0);
    const outside = await store.refillCollateralFigures(['c1'], 99, compute);
    expect(outside.get('c1')).toEqual(figures);
    expect((await store.storedCollateralFigures(['c1'], 99)).get('c1')).toEqual(figures);
  });
});
