import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../../support/postgres';

// The change feed on PostgreSQL (migration 0004_deal_change_feed): every write to a table of a
// deal's graph marks the deals it belongs to in deal_changes, with the next number of
// change_feed.seq, in the same transaction; a deal's delete is a Delete.

let cluster: PostgresCluster;
let db: TestDatabase;
beforeAll(async () => {
  cluster = await startPostgres();
  db = await cluster.createDatabase();
  await db.pool.query(
    [
      `INSERT INTO users (id) VALUES ('ann@lender.test')`,
      `INSERT INTO deals (id, seed_name, loan_type, property_type, owner_id, gross_loan, loan_term) VALUES
         ('d1', 'Harbor', 'Bridge', 'Multifamily', 'ann@lender.test', 12500000, 36),
         ('d2', 'Quay', 'Bridge', 'Office', 'ann@lender.test', 9000000, 60)`,
      `INSERT INTO collaterals (id, name, property_type) VALUES ('c1', 'Harbor Court', 'Multifamily'), ('c2', 'Quay House', 'Office')`,
      `INSERT INTO deal_collaterals (deal_id, collateral_id) VALUES ('d1', 'c1'), ('d2', 'c2')`,
      `INSERT INTO components (id, collateral_id, component_type, asset_type) VALUES ('k1', 'c1', 'Residential', 'Garden')`,
      `INSERT INTO living_units (id, component_id, unit_size) VALUES ('u1', 'k1', 850)`,
      `INSERT INTO rent_rolls (id, component_id, kind, name, effective_date) VALUES ('r1', 'k1', 'Residential', 'June', '2025-06-30')`,
      `INSERT INTO rent_roll_items (id, rent_roll_id, unit_number, unit_size, monthly_rent) VALUES ('i1', 'r1', '101', 850, 1850)`,
      `INSERT INTO revenue_valuations (id, collateral_id, name, revenue_growth, expense_growth) VALUES ('v1', 'c1', 'Main', '[]', '[]')`,
      `INSERT INTO cash_flow_transactions (id, valuation_id, section, group_name, description, amount, annualized_by_year) VALUES
         ('t1', 'v1', 'revenue', 'Rent', 'Gross potential rent', 412000, '[412000]')`,
      `INSERT INTO funds_analyses (id, deal_id) VALUES ('f1', 'd1')`,
      `INSERT INTO fund_sources (id, funds_id, sources_of_funds, amount) VALUES ('s1', 'f1', 'Senior Loan', 12500000)`,
      `INSERT INTO people (id, first_name, last_name) VALUES ('p1', 'Ann', 'Lee')`,
      `INSERT INTO deal_people (deal_id, person_id) VALUES ('d1', 'p1')`,
      `INSERT INTO companies (id, name) VALUES ('co1', 'Quay Holdings')`,
      `INSERT INTO deal_companies (deal_id, company_id) VALUES ('d2', 'co1')`,
    ].join(';\n'),
  );
}, 120_000);
afterAll(async () => {
  await db?.drop();
  await cluster?.stop();
});

async function head(): Promise<{ store_id: string; seq: number }> {
  return (await db.pool.query('SELECT store_id, seq FROM change_feed WHERE id = 1')).rows[0];
}

/** The changes after `seq`, oldest first. */
async function changesAfter(seq: number): Promise<{ deal_id: string; kind: string }[]> {
  return (await db.pool.query('SELECT deal_id, kind FROM deal_changes WHERE seq > $1 ORDER BY seq, deal_id', [seq])).rows;
}

describe('the change feed on PostgreSQL', () => {
  it('has a store identity and lists the deals written so far', async () => {
    const { store_id: storeId } = await head();
    expect(storeId).toMatch(/^[0-9a-f]{32}$/);
    const changes = await changesAfter(0);
    expect(changes.map((c) => `${c.deal_id} ${c.kind}`).sort()).toEqual(['d1 Upsert', 'd2 Upsert']);
  });

  const writes: [string, string, string[]][] = [
    ['a deal field', `UPDATE deals SET seed_name = 'Harbor II' WHERE id = 'd1'`, ['d1']],
    ['a collateral', `UPDATE collaterals SET name = 'Quay House East' WHERE id = 'c2'`, ['d2']],
    ['a component', `UPDATE components SET market_vacancy = 0.07 WHERE id = 'k1'`, ['d1']],
    ['a living unit', `UPDATE living_units SET unit_size = 900 WHERE id = 'u1'`, ['d1']],
    ['a rent roll item', `UPDATE rent_roll_items SET monthly_rent = 1900 WHERE id = 'i1'`, ['d1']],
    ['a cash flow line', `UPDATE cash_flow_transactions SET amount = 420000 WHERE id = 't1'`, ['d1']],
    ['a source of funds', `UPDATE fund_sources SET amount = 12000000 WHERE id = 's1'`, ['d1']],
    ['a person', `UPDATE people SET last_name = 'Li' WHERE id = 'p1'`, ['d1']],
    ['a company link', `DELETE FROM deal_companies WHERE deal_id = 'd2'`, ['d2']],
    ['a collateral linked to both deals', `INSERT INTO deal_collaterals (deal_id, collateral_id) VALUES ('d2', 'c1')`, ['d2']],
    ['a component of a shared collateral', `UPDATE components SET market_vacancy = 0.08 WHERE id = 'k1'`, ['d1', 'd2']],
  ];
  for (const [what, sql, deals] of writes) {
    it(`marks the deals of ${what} written`, async () => {
      const before = await head();
      await db.pool.query(sql);
      expect((await changesAfter(before.seq)).map((c) => c.deal_id).sort()).toEqual(deals);
      expect((await head()).seq).toBe(before.seq + 1);
    });
  }

  it('marks nothing when a failing transaction rolls back, the counter included', async () => {
    const before = await head();
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`UPDATE components SET market_vacancy = 0.5 WHERE id = 'k1'`);
      expect((await client.query('SELECT seq FROM change_feed')).rows[0].seq).toBe(before.seq + 1);
      await expect(client.query(`INSERT INTO components (id, collateral_id, component_type, asset_type) VALUES ('k9', 'no-such', 'Hotel', 'x')`)).rejects.toThrow();
      await client.query('ROLLBACK');
    } finally {
      client.release();
    }
    expect(await head()).toEqual(before);
    expect(await changesAfter(before.seq)).toEqual([]);
  });

  it('marks a deleted deal Delete, and the cascade of its rows does not turn it back', async () => {
    const before = await head();
    await db.pool.query(`DELETE FROM deals WHERE id = 'd2'`);
    expect(await changesAfter(before.seq)).toEqual([{ deal_id: 'd2', kind: 'Delete' }]);
    expect((await db.pool.query(`SELECT kind FROM deal_changes WHERE deal_id = 'd2'`)).rows).toEqual([{ kind: 'Delete' }]);
  });
});
