import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collateralRollups, computeCollaterals, fillCollateralFigures, FIGURES_VERSION } from '../../../src-main/figures';
import { collateralsWithoutFigures, storedCollateralFigures } from '../../../src-main/store/collateral-figures';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

// Collateral roll-ups are stored after they are computed; the triggers of migration 0002 must
// delete them with every write to their inputs, so a read never returns figures of old inputs.
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-figures-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await seedDemoPortfolio(createSqliteStore(db), { deals: 12 });
});
afterAll(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const all = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).all(...params) as T[];
const one = <T>(sql: string, ...params: unknown[]) => db.$client.prepare(sql).get(...params) as T;

async function fromInputs(collateralId: string) {
  const row = one<Record<string, unknown>>('SELECT id FROM collaterals WHERE id = ?', collateralId);
  const collateral = { ...row, id: collateralId } as Parameters<typeof computeCollaterals>[1][number];
  return (await computeCollaterals(createSqliteStore(db), [collateral]))[0]!.figures;
}

const isStored = (id: string) => storedCollateralFigures(db, [id], FIGURES_VERSION).has(id);

/** A collateral that has every kind of input: units, comps, a main valuation with transactions, an alternative valuation. */
function richCollateral(): string {
  return one<{ id: string }>(
    `SELECT c.id FROM collaterals c
     WHERE EXISTS (SELECT 1 FROM components k JOIN living_units u ON u.component_id = k.id WHERE k.collateral_id = c.id)
       AND EXISTS (SELECT 1 FROM components k JOIN sales_comps s ON s.component_id = k.id WHERE k.collateral_id = c.id)
       AND EXISTS (SELECT 1 FROM revenue_valuations v JOIN cash_flow_transactions t ON t.valuation_id = v.id WHERE v.collateral_id = c.id)
       AND EXISTS (SELECT 1 FROM alternative_valuations a WHERE a.collateral_id = c.id)
     LIMIT 1`,
  ).id;
}

describe('stored collateral figures', async () => {
  it('fills every collateral with the figures computed from its inputs', async () => {
    const ids = all<{ id: string }>('SELECT id FROM collaterals').map((r) => r.id);
    expect(await fillCollateralFigures(createSqliteStore(db))).toBe(ids.length);
    expect(collateralsWithoutFigures(db, FIGURES_VERSION, 10)).toEqual([]);
    const stored = storedCollateralFigures(db, ids, FIGURES_VERSION);
    for (const id of ids) expect(stored.get(id), id).toEqual(await fromInputs(id));
    expect(await fillCollateralFigures(createSqliteStore(db))).toBe(0);
  });

  const writes: [string, (collateralId: string) => void][] = [
    ['a living unit', (c) => db.$client.prepare('UPDATE living_units SET num_units = num_units + 7 WHERE component_id IN (SELECT id FROM components WHERE collateral_id = ?)').run(c)],
    ['a sales comp', (c) => db.$client.prepare('UPDATE sales_comps SET price_per_unit = price_per_unit * 1.5, price_per_sf = price_per_sf * 1.5 WHERE component_id IN (SELECT id FROM components WHERE collateral_id = ?)').run(c)],
    ['a cash-flow line', (c) => db.$client.prepare("UPDATE cash_flow_transactions SET annualized_by_year = (SELECT json_group_array(value * 2) FROM json_each(annualized_by_year)) WHERE valuation_id IN (SELECT id FROM revenue_valuations WHERE collateral_id = ?)").run(c)],
    ['a cash-flow line removed', (c) => db.$client.prepare("DELETE FROM cash_flow_transactions WHERE id = (SELECT t.id FROM cash_flow_transactions t JOIN revenue_valuations v ON v.id = t.valuation_id WHERE v.collateral_id = ? AND t.section = 'revenue' LIMIT 1)").run(c)],
    ['a valuation cap rate', (c) => db.$client.prepare('UPDATE revenue_valuations SET cap_rate = cap_rate + 0.01 WHERE collateral_id = ?').run(c)],
    ['an alternative valuation', (c) => db.$client.prepare('UPDATE alternative_valuations SET valuation = valuation + 1000000 WHERE collateral_id = ?').run(c)],
    ['a component', (c) => db.$client.prepare("UPDATE components SET sale_value_computation_type = CASE sale_value_computation_type WHEN 'BySf' THEN 'ByUnit' ELSE 'BySf' END WHERE collateral_id = ?").run(c)],
    ['a component removed', (c) => db.$client.prepare('DELETE FROM components WHERE id = (SELECT id FROM components WHERE collateral_id = ? ORDER BY position DESC LIMIT 1)').run(c)],
  ];

  it.each(writes)('forgets a collateral\'s figures when %s changes, and the next read equals the inputs', async (_what, write) => {
    const id = richCollateral();
    const before = (await collateralRollups(createSqliteStore(db), [id])).get(id)!;
    expect(isStored(id)).toBe(true);
    const others = all<{ id: string }>('SELECT id FROM collaterals WHERE id <> ?', id).map((r) => r.id);
    write(id);
    expect(isStored(id)).toBe(false);
    // Writes to one collateral leave the others' figures alone.
    expect(storedCollateralFigures(db, others, FIGURES_VERSION).size).toBe(others.length);
    const after = (await collateralRollups(createSqliteStore(db), [id])).get(id)!;
    expect(after).toEqual(await fromInputs(id));
    expect(after).not.toEqual(before);
    expect(isStored(id)).toBe(true);
  });

  it('recomputes figures stored by another formula version', async () => {
    const id = richCollateral();
    await collateralRollups(createSqliteStore(db), [id]);
    db.$client.prepare('UPDATE collateral_figures SET version = ?, net_operating_income = -1 WHERE collateral_id = ?').run(FIGURES_VERSION - 1, id);
    expect(isStored(id)).toBe(false);
    expect((await collateralRollups(createSqliteStore(db), [id])).get(id)).toEqual(await fromInputs(id));
  });

  it('returns figures but keeps none when the store cannot be written', async () => {
    const id = richCollateral();
    db.$client.prepare('DELETE FROM collateral_figures WHERE collateral_id = ?').run(id);
    const readOnly = openDb({ file: join(dir, 'uw.sqlite') });
    try {
      readOnly.$client.pragma('query_only = ON');
      expect((await collateralRollups(createSqliteStore(readOnly), [id])).get(id)).toEqual(await fromInputs(id));
    } finally {
      closeDb(readOnly);
    }
    expect(isStored(id)).toBe(false);
  });

  it('fills a store it cannot write to in one pass, keeping nothing', async () => {
    const missing = collateralsWithoutFigures(db, FIGURES_VERSION, 1_000_000).length;
    const readOnly = openDb({ file: join(dir, 'uw.sqlite') });
    try {
      readOnly.$client.pragma('query_only = ON');
      expect(await fillCollateralFigures(createSqliteStore(readOnly), 1)).toBe(missing);
    } finally {
      closeDb(readOnly);
    }
    expect(collateralsWithoutFigures(db, FIGURES_VERSION, 1_000_000)).toHaveLength(missing);
  });

  it('keeps nothing inside a caller\'s transaction, so a read snapshot never becomes a write lock', async () => {
    const id = richCollateral();
    db.$client.prepare('DELETE FROM collateral_figures WHERE collateral_id = ?').run(id);
    db.$client.exec('BEGIN DEFERRED');
    try {
      expect((await collateralRollups(createSqliteStore(db), [id])).get(id)).toEqual(await fromInputs(id));
      expect(isStored(id)).toBe(false);
    } finally {
      db.$client.exec('COMMIT');
    }
  });

  it('drops a collateral\'s figures with the collateral', async () => {
    const id = richCollateral();
    await collateralRollups(createSqliteStore(db), [id]);
    db.$client.prepare('DELETE FROM deal_collaterals WHERE collateral_id = ?').run(id);
    db.$client.prepare('DELETE FROM collaterals WHERE id = ?').run(id);
    expect(one<{ n: number }>('SELECT COUNT(*) AS n FROM collateral_figures WHERE collateral_id = ?', id).n).toBe(0);
  });
});
