import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { collateralsOfDeal } from '../../../src-main/store/deals';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { collateralAddressesByDeal } from '../../../src-main/store/pipeline-query';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-pipeline-query-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await seedDemoPortfolio(createSqliteStore(db), { deals: 15 });
});
afterAll(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

describe("every deal's collateral addresses", () => {
  it("lists each collateral's full address in the deal's collateral order", () => {
    const byDeal = collateralAddressesByDeal(db);
    const dealIds = db.$client.prepare('SELECT id FROM deals').pluck().all() as string[];
    expect(byDeal.size).toBe(dealIds.length);
    for (const id of dealIds) expect(byDeal.get(id)).toEqual(collateralsOfDeal(db, id).map((c) => c.fullAddress));
  });

  it('adds the street, city, state and ZIP a full address lacks, and leaves out a collateral without any address', () => {
    const [first, second] = db.$client.prepare('SELECT collateral_id, deal_id FROM deal_collaterals ORDER BY deal_id, position LIMIT 2').all() as { collateral_id: string; deal_id: string }[];
    db.$client
      .prepare("UPDATE collaterals SET full_address = NULL, street_number = 1200, street = 'W Madison St', city = 'Chicago', state = 'IL', zip_code = '60607' WHERE id = ?")
      .run(first!.collateral_id);
    db.$client
      .prepare("UPDATE collaterals SET full_address = 'Lot 7, Route 9', street_number = NULL, street = NULL, city = 'Peoria', state = NULL, zip_code = '' WHERE id = ?")
      .run(second!.collateral_id);
    const lines = collateralAddressesByDeal(db);
    expect(lines.get(first!.deal_id)).toContain('1200 W Madison St Chicago IL 60607');
    expect(lines.get(second!.deal_id)).toContain('Lot 7, Route 9 Peoria');

    db.$client.prepare('UPDATE collaterals SET full_address = NULL, street_number = NULL, street = NULL, city = NULL, state = NULL, zip_code = NULL WHERE id = ?').run(first!.collateral_id);
    expect(collateralAddressesByDeal(db).get(first!.deal_id) ?? []).not.toContain('');
  });
});
