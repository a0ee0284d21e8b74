import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collateralRollups,
  collateralStressInputs,
  computeCollaterals,
  computeDeal,
  computeDealFigures,
  dealsRollups,
  fillCollateralFigures,
  FIGURES_VERSION,
  loadDealAnalysisInputs,
} from '../../../../src-main/figures';
import { allDealIds, collateralsOfDeal, dealRow } from '../../../../src-main/store/deals';
import { allStoredCollateralFigures } from '../../../../src-main/store/collateral-figures';
import * as pgFigures from '../../../../src-main/store/postgres/collateral-figures';
import { analysisCollateralLinks } from '../../../../src-main/store/stress-inputs';
import * as pgStress from '../../../../src-main/store/postgres/stress-inputs';
import { collaterals } from '../../../../src-main/store/schema';
import { getUnderwritingSettings } from '../../../../src-main/store/system-config';
import { parityStores, type ParityStores } from '../../../support/parity-stores';

// The derived figures (src-main/figures) computed through the PostgreSQL port (pg-read's
// methods) equal those computed through the SQLite port, bit for bit: the roll-ups the cache
// stores and serves, a deal's totals and metrics, each collateral's full computation, and what
// a portfolio stress reads. Nothing is borrowed from SQLite here: each engine's figures are
// computed from its own reads.

let stores: ParityStores;
beforeAll(async () => {
  stores = await parityStores({ deals: 16 });
}, 120_000);
afterAll(async () => {
  await stores?.close();
});

const collateralIds = () => stores.sqlite.select({ id: collaterals.id }).from(collaterals).all().map((r) => r.id);

describe('the figures layer on PostgreSQL', () => {
  it('computes every roll-up as on SQLite, uncached and then from the cache it filled', async () => {
    const ids = collateralIds();
    const uncached = await collateralRollups(stores.sqliteStore, ids);
    expect(await collateralRollups(stores.pgStore, ids)).toEqual(uncached);
    expect(await pgFigures.collateralsWithoutFigures(stores.pg, FIGURES_VERSION, 1000)).toEqual([]);
    await fillCollateralFigures(stores.sqliteStore);
    expect(await pgFigures.allStoredCollateralFigures(stores.pg, FIGURES_VERSION)).toEqual(allStoredCollateralFigures(stores.sqlite, FIGURES_VERSION));
    expect(await collateralRollups(stores.pgStore, ids)).toEqual(uncached);
    // The stress figures stored with the roll-ups.
    const dealIds = allDealIds(stores.sqlite);
    expect(await pgStress.analysisCollateralLinks(stores.pg, dealIds, FIGURES_VERSION)).toEqual(analysisCollateralLinks(stores.sqlite, dealIds, FIGURES_VERSION));
  });

  it("computes each deal's totals, metrics and collaterals as on SQLite", async () => {
    const settings = getUnderwritingSettings(stores.sqlite);
    const dealIds = allDealIds(stores.sqlite);
    expect(await dealsRollups(stores.pgStore, dealIds)).toEqual(await dealsRollups(stores.sqliteStore, dealIds));
    for (const id of dealIds) {
      const deal = dealRow(stores.sqlite, id)!;
      const rows = collateralsOfDeal(stores.sqlite, id);
      expect(await computeDealFigures(stores.pgStore, deal, settings)).toEqual(await computeDealFigures(stores.sqliteStore, deal, settings));
      expect(await computeDeal(stores.pgStore, deal, rows, settings)).toEqual(await computeDeal(stores.sqliteStore, deal, rows, settings));
      expect(await computeCollaterals(stores.pgStore, rows)).toEqual(await computeCollaterals(stores.sqliteStore, rows));
    }
  });

  it('reads what a portfolio stress needs as on SQLite', async () => {
    const settings = getUnderwritingSettings(stores.sqlite);
    const dealIds = [...allDealIds(stores.sqlite), 'no-such-deal'];
    expect(await loadDealAnalysisInputs(stores.pgStore, dealIds, settings)).toEqual(await loadDealAnalysisInputs(stores.sqliteStore, dealIds, settings));
    expect(await collateralStressInputs(stores.pgStore, collateralIds())).toEqual(await collateralStressInputs(stores.sqliteStore, collateralIds()));
  });
});
