import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealCollateralFigures } from '../../../src-main/store/collateral-figures';
import { dealRead } from '../../../src-main/store/deal-read';
import { allDealIds, dealRow } from '../../../src-main/store/deals';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { getUnderwritingSettings, setUnderwritingSettings, underwritingSettingsOf } from '../../../src-main/store/system-config';
import { fillCollateralFigures, FIGURES_VERSION } from '../../../src-main/figures';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

// getDealInfo's one statement must read exactly what the separate lookups read.
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'uw-deal-read-'));
  db = openDb({ file: join(dir, 'uw.sqlite') });
  await seedDemoPortfolio(createSqliteStore(db), { deals: 15 });
});
afterAll(() => {
  closeDb(db);
  rmSync(dir, { recursive: true, force: true });
});

const column = (sql: string, ...params: unknown[]) => db.$client.prepare(sql).pluck().all(...params) as string[];

describe('the combined deal read', () => {
  it('returns each deal row, its sorted party ids and its collaterals figures as the separate reads do', async () => {
    await fillCollateralFigures(createSqliteStore(db));
    // One collateral without stored figures: it must come back as null, in its place.
    db.$client.prepare('DELETE FROM collateral_figures WHERE collateral_id = (SELECT collateral_id FROM deal_collaterals LIMIT 1)').run();
    // Booleans are stored as integers: both values must read back as booleans.
    const [syndicated, single] = allDealIds(db);
    db.$client.prepare('UPDATE deals SET is_syndicated_loan = (id = ?) WHERE id IN (?, ?)').run(syndicated, syndicated, single);
    expect(dealRead(db, syndicated!, FIGURES_VERSION)!.deal.isSyndicatedLoan).toBe(true);
    expect(dealRead(db, single!, FIGURES_VERSION)!.deal.isSyndicatedLoan).toBe(false);
    // Positions against id order, so that only ordering by position gives collateralsOfDeal's order.
    const dealWithMany = column('SELECT deal_id FROM deal_collaterals GROUP BY deal_id HAVING count(*) > 2 LIMIT 1')[0]!;
    db.$client
      .prepare('UPDATE deal_collaterals SET position = (SELECT count(*) FROM deal_collaterals o WHERE o.deal_id = deal_collaterals.deal_id AND o.collateral_id > deal_collaterals.collateral_id) WHERE deal_id = ?')
      .run(dealWithMany);
    const reversed = dealRead(db, dealWithMany, FIGURES_VERSION)!.figures.map((e) => e.collateralId);
    expect(reversed).toEqual(column('SELECT collateral_id FROM deal_collaterals WHERE deal_id = ? ORDER BY collateral_id DESC', dealWithMany));
    for (const id of allDealIds(db)) {
      const read = dealRead(db, id, FIGURES_VERSION)!;
      expect(read.deal).toEqual(dealRow(db, id));
      expect(read.personIds).toEqual(column('SELECT person_id FROM deal_people WHERE deal_id = ? ORDER BY person_id', id));
      expect(read.companyIds).toEqual(column('SELECT company_id FROM deal_companies WHERE deal_id = ? ORDER BY company_id', id));
      expect(read.figures).toEqual(dealCollateralFigures(db, id, FIGURES_VERSION));
    }
    expect(dealRead(db, 'no-such-deal', FIGURES_VERSION)).toBeUndefined();
  });

  it('reads stored doubles back bit for bit through its JSON', () => {
    const [collateralId] = column('SELECT collateral_id FROM collateral_figures LIMIT 1');
    const awkward = {
      netOperatingIncome: 0.1 + 0.2,
      netIncome: 1 / 3,
      incomeValuation: 1e-300,
      alternativeValuation: 123456789.12345678,
      salesValuation: 2 ** 53 + 2,
      totalSF: 5e-324,
      totalUnit: -987654.3210987654,
    };
    db.$client
      .prepare(
        `UPDATE collateral_figures SET net_operating_income = @netOperatingIncome, net_income = @netIncome, income_valuation = @incomeValuation,
         alternative_valuation = @alternativeValuation, sales_valuation = @salesValuation, total_sf = @totalSF, total_unit = @totalUnit
         WHERE collateral_id = @collateralId`,
      )
      .run({ ...awkward, collateralId });
    const dealId = column('SELECT deal_id FROM deal_collaterals WHERE collateral_id = ?', collateralId)[0]!;
    const entry = dealRead(db, dealId, FIGURES_VERSION)!.figures.find((e) => e.collateralId === collateralId)!;
    expect(entry.figures).toStrictEqual(awkward);
  });

  it('carries the stored settings, and a settings change is seen by the next read', () => {
    const id = allDealIds(db)[0]!;
    expect(underwritingSettingsOf(dealRead(db, id, FIGURES_VERSION)!.settings)).toEqual(getUnderwritingSettings(db));
    const before = getUnderwritingSettings(db);
    const changed = setUnderwritingSettings(db, { dayCount: before.dayCount === 'Actual/360' ? 'Actual/365' : 'Actual/360' });
    const seen = underwritingSettingsOf(dealRead(db, id, FIGURES_VERSION)!.settings);
    expect(seen).toEqual(changed);
    expect(seen).not.toEqual(before);
  });
});
