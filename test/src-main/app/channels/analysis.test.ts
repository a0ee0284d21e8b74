/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelTable } from '../../../../src-main/app';
import { createOfflinePlaceLookup } from '../../../../src-main/gateway/place-lookup/offline-place-lookup';
import { setSetting } from '../../../../src-main/store/settings';
import { loadSystemConfig } from '../../../../src-main/store/system-config';
import { harness, type Harness } from '../support';
import { createSqliteStore } from '../../../../src-main/store/sqlite-store';

/* The analysis channels (issue 14) on a real store: a demo portfolio in a fresh data directory. */

const SEVERE = { name: 'severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300 };

describe('the analysis channels', () => {
  let h: Harness;
  let dealIds: string[];

  beforeAll(async () => {
    h = harness({ deals: 8 });
    dealIds = (await h.value('deals.ids')).dealIds;
  });
  afterAll(() => h.close());

  /** A second channel table on the same data directory, as after a restart. */
  function reopened() {
    return createChannelTable({
      mode: 'web',
      gateway: { store: createSqliteStore(h.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(h.dir), now: () => new Date('2026-11-21T10:00:00Z') },
      dataDir: h.dir,
      emit: () => {},
      exportTarget: async () => null,
      log: () => {},
    });
  }

  /** A deal whose debt service follows its rate (not entered by hand) and that has a DSCR. */
  async function computedDeal(): Promise<any> {
    for (const id of dealIds) {
      const deal = await h.value('deal.info', { id });
      if (deal.collateralTotals.debtServiceMethod !== 'Manual' && deal.collateralTotals.dscr > 0 && deal.grossLoan > 0) return deal;
    }
    throw new Error('the demo portfolio has no deal with a computed debt service');
  }

  describe('custom scenarios', () => {
    it('are kept in the data directory: a restarted table lists them', async () => {
      const saved = await h.value('analysis.saveScenario', { scenario: { name: 'Office slump', valueChange: -0.35, noiChange: -0.2 } });
      expect(saved.custom).toEqual([{ name: 'Office slump', valueChange: -0.35, noiChange: -0.2 }]);
      expect(saved.builtIn.map((s: any) => s.name)).toEqual(['mild', 'moderate', 'severe']);
      expect(saved.builtIn.every((s: any) => s.source.length > 0)).toBe(true);
      const table = reopened();
      try {
        const listed = await table.dispatch('analysis.scenarios', {});
        expect(listed).toMatchObject({ ok: true, value: { custom: [{ name: 'Office slump', valueChange: -0.35, noiChange: -0.2 }] } });
      } finally {
        table.close();
      }
    });

    it('are replaced by name or renamed, and deleted', async () => {
      await h.value('analysis.saveScenario', { scenario: { name: 'Rates up', rateChangeBps: 150 } });
      let view = await h.value('analysis.saveScenario', { scenario: { name: 'Rates up', rateChangeBps: 250 } });
      expect(view.custom.filter((s: any) => s.name === 'Rates up')).toEqual([{ name: 'Rates up', rateChangeBps: 250 }]);
      view = await h.value('analysis.saveScenario', { scenario: { name: 'Rates way up', rateChangeBps: 400 }, replaces: 'Rates up' });
      expect(view.custom.map((s: any) => s.name)).toEqual(['Office slump', 'Rates way up']);
      view = await h.value('analysis.deleteScenario', { name: 'Rates way up' });
      expect(view.custom.map((s: any) => s.name)).toEqual(['Office slump']);
      expect(await h.call('analysis.deleteScenario', { name: 'Rates way up' })).toMatchObject({ ok: false, details: { code: 'MissingEntity', target: 'name' } });
    });

    it('refuse a scenario without a shock, without a name, or named like another, naming the field', async () => {
      const noShock = await h.call('analysis.saveScenario', { scenario: { name: 'Calm', valueChange: 0 } });
      expect(noShock).toMatchObject({ ok: false, details: { code: 'InvalidInput' } });
      expect(noShock.ok ? '' : noShock.error).toMatch(/at least one non-zero shock/);
      expect(await h.call('analysis.saveScenario', { scenario: { rateChangeBps: 100 } })).toMatchObject({ ok: false, details: { target: 'scenario.name' } });
      expect(await h.call('analysis.saveScenario', { scenario: { name: 'Bad', noiChange: 'lots' } })).toMatchObject({ ok: false, details: { target: 'scenario.noiChange' } });
      expect(await h.call('analysis.saveScenario', { scenario: { name: 'Bad', noiChange: -2 } })).toMatchObject({ ok: false, details: { target: 'scenario.noiChange' } });
      expect(await h.call('analysis.saveScenario', { scenario: { name: 'Severe', noiChange: -0.5 } })).toMatchObject({ ok: false, details: { code: 'Duplicated', target: 'scenario.name' } });
      expect(await h.call('analysis.saveScenario', { scenario: { name: 'office SLUMP', noiChange: -0.5 }, replaces: 'Other' })).toMatchObject({
        ok: false,
        details: { code: 'Duplicated', target: 'scenario.name' },
      });
      expect((await h.value('analysis.scenarios')).custom.map((s: any) => s.name)).toEqual(['Office slump']);
    });

    it('leave out a stored scenario this version cannot read', async () => {
      setSetting(h.db, 'analysis.scenarios', [{ name: 'Office slump', valueChange: -0.35, noiChange: -0.2 }, { name: 'broken', colour: 'red' }, 'junk']);
      expect((await h.value('analysis.scenarios')).custom).toEqual([{ name: 'Office slump', valueChange: -0.35, noiChange: -0.2 }]);
    });
  });

  describe('credit profiles', () => {
    it('lists the shipped profiles with the default, and keeps a new default in the data directory', async () => {
      const view = await h.value('analysis.profiles');
      expect(view.profiles.map((p: any) => p.name)).toEqual(['Bank balance sheet', 'CMBS conduit', 'Agency multifamily']);
      expect(view.defaultProfile).toBe('Bank balance sheet');
      expect((await h.value('analysis.setDefaultProfile', { name: 'CMBS conduit' })).defaultProfile).toBe('CMBS conduit');
      const table = reopened();
      try {
        expect(await table.dispatch('analysis.profiles', {})).toMatchObject({ ok: true, value: { defaultProfile: 'CMBS conduit' } });
      } finally {
        table.close();
      }
      expect(await h.call('analysis.setDefaultProfile', { name: 'Payday lender' })).toMatchObject({ ok: false, details: { target: 'profileName' } });
      await h.value('analysis.setDefaultProfile', { name: 'Bank balance sheet' });
    });
  });

  describe('sizing and stress', () => {
    it('sizes a demo deal to the smallest constraint, under the profile asked for', async () => {
      const sizing = await h.value('analysis.sizeLoan', { dealId: dealIds[0], profileName: 'Bank balance sheet' });
      const smallest = Math.min(...sizing.constraints.map((c: any) => c.maxLoan));
      expect(sizing.maxLoan).toBe(smallest);
      expect(sizing.constraints.find((c: any) => c.name === sizing.bindingConstraint).maxLoan).toBe(smallest);
      expect(sizing.profileName).toBe('Bank balance sheet');
      expect(sizing.policy).toMatchObject({ maxLtv: 0.75, minDscr: 1.25, minDebtYield: 9 });
      // Without a profile: the data directory's default.
      await h.value('analysis.setDefaultProfile', { name: 'Agency multifamily' });
      expect((await h.value('analysis.sizeLoan', { dealId: dealIds[0] })).profileName).toBe('Agency multifamily');
      await h.value('analysis.setDefaultProfile', { name: 'Bank balance sheet' });
    });

    it('refuses an unknown profile and bad inputs, naming the field', async () => {
      expect(await h.call('analysis.sizeLoan', { dealId: dealIds[0], profileName: 'Payday lender' })).toMatchObject({ ok: false, details: { target: 'profileName' } });
      expect(await h.call('analysis.sizeLoan', { inputs: { noi: -5 } })).toMatchObject({ ok: false, details: { target: 'inputs.noi' } });
      expect(await h.call('analysis.sizeLoan', { inputs: { noi: 'a lot' } })).toMatchObject({ ok: false, details: { target: 'inputs.noi' } });
      const tooMany = await h.call('analysis.stressPortfolio', { scenarios: Array.from({ length: 11 }, (_, i) => ({ rateChangeBps: 10 * (i + 1) })) });
      expect(tooMany).toMatchObject({ ok: false, details: { target: 'scenarios' } });
      expect(await h.call('analysis.stressDeal', { dealId: dealIds[0], scenario: { name: 'none' } })).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'scenario' } });
      expect(await h.call('analysis.stressDeal', { dealId: 'no-such-deal', scenario: SEVERE })).toMatchObject({ ok: false, details: { code: 'MissingEntity' } });
    });

    it('stresses a deal: the severe scenario lowers its DSCR, and the breakpoints and grids come with it', async () => {
      const deal = await computedDeal();
      const result = await h.value('analysis.stressDeal', { dealId: deal.id, scenario: SEVERE });
      expect(result.base.dscr).toBeCloseTo(deal.collateralTotals.dscr, 10);
      expect(result.stressed.dscr).toBeLessThan(result.base.dscr);
      expect(result.stressed.interestRate).toBeCloseTo(deal.interestRate + 0.03, 12);
      expect(result.sensitivity.dscr.cells).toHaveLength(result.sensitivity.dscr.rows.length);
      expect(result.breakpoints).toHaveProperty('rateIncreaseBps');
    });

    it('stresses the book: every deal counted, under each scenario', async () => {
      const result = await h.value('analysis.stressPortfolio', { scenarios: [SEVERE, { name: 'mild rates', rateChangeBps: 100 }], pageSize: 3 });
      expect(result.base.deals).toBe(dealIds.length);
      expect(result.scenarios).toHaveLength(2);
      expect(result.scenarios[0].dscrBelowOne.count).toBeGreaterThanOrEqual(result.base.dscrBelowOne.count);
      expect(result.rows.length).toBeLessThanOrEqual(3);
      expect(result.totalRows).toBe(dealIds.length);
    });
  });

  describe('the what-if preview', () => {
    it('answers the figures a rate change would give, and writes nothing', async () => {
      const deal = await computedDeal();
      const spread = String(Math.round(deal.rateSpread * 100 * 100 + 100) / 100);
      const preview = await h.value('analysis.previewDealEdit', { dealId: deal.id, updates: [{ property: 'RateSpread', value: spread }] });
      expect(preview.deal.interestRate).toBeCloseTo(deal.interestRate + 0.01, 12);
      expect(preview.deal.debtService).toBeGreaterThan(deal.debtService);
      expect(preview.deal.collateralTotals.dscr).toBeLessThan(deal.collateralTotals.dscr);
      expect(preview.funds.fundsLoansInfo).toBeDefined();
      expect(preview.sizing.maxLoan).toBeGreaterThan(0);
      // The stored deal is unchanged.
      expect(await h.value('deal.info', { id: deal.id })).toEqual(deal);
    });

    it('refuses a value the bulk update would refuse, naming the property', async () => {
      const result = await h.call('analysis.previewDealEdit', { dealId: dealIds[0], updates: [{ property: 'RateSpread', value: '-4' }] });
      expect(result).toMatchObject({ ok: false, details: { code: 'ValidationError', target: 'RateSpread' } });
      expect(await h.call('analysis.previewDealEdit', { dealId: dealIds[0], updates: [{ property: 'Colour', value: 'red' }] })).toMatchObject({
        ok: false,
        details: { target: 'updates.0.property' },
      });
    });
  });

  describe('the stress export', () => {
    it('writes an XLSX a spreadsheet reader opens, with progress, and answers a cancel', async () => {
      h.exportTo = null;
      expect(await h.value('analysis.exportStress', { request: { scenarios: [SEVERE] }, format: 'xlsx', exportId: 's0' })).toEqual({ cancelled: true });

      const file = join(h.dir, 'stress.xlsx');
      h.exportTo = { file, downloadUrl: '/bridge/download/xyz', fileName: 'portfolio-stress.xlsx' };
      h.events.length = 0;
      const result = await h.value('analysis.exportStress', { request: { scenarios: [SEVERE] }, format: 'xlsx', exportId: 's1' });
      expect(result).toMatchObject({ cancelled: false, file, fileName: 'portfolio-stress.xlsx', downloadUrl: '/bridge/download/xyz' });
      const phases = h.events.filter((e) => e.event === 'analysis.exportProgress').map((e) => (e.payload as any).phase);
      expect(phases[0]).toBe('preparing');
      expect(phases.at(-1)).toBe('done');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      expect(workbook.worksheets.length).toBeGreaterThan(0);
      const text = workbook.worksheets.flatMap((ws) => ws.getSheetValues().flat().map(String)).join(' ');
      const names = (await h.value('deals.pipeline')).rows.map((r: any) => r.seedName);
      expect(names.some((n: string) => text.includes(n))).toBe(true);

      const csv = join(h.dir, 'stress.csv');
      h.exportTo = { file: csv };
      const written = await h.value('analysis.exportStress', { request: { scenarios: [SEVERE], breachesOnly: false }, format: 'csv', exportId: 's3' });
      expect(written).toMatchObject({ cancelled: false, rows: dealIds.length, fileName: 'stress.csv' });
      expect(readFileSync(csv, 'utf8')).toContain(names[0]);

      // Refused before a file is asked for.
      h.exportTo = null;
      expect(await h.call('analysis.exportStress', { request: { scenarios: [SEVERE], profileName: 'Payday lender' }, format: 'csv', exportId: 's4' })).toMatchObject({
        ok: false,
        details: { target: 'profileName' },
      });
      h.exportTo = { file: join(h.dir, 'no-such-folder', 'x.csv') };
      expect(await h.call('analysis.exportStress', { request: { scenarios: [SEVERE] }, format: 'csv', exportId: 's2' })).toMatchObject({ ok: false, details: { code: 'ExportFailed' } });
    });
  });

  // Last: it adds a deal to the book.
  describe('a deal without income', () => {
    it('says a new deal without income can be neither sized nor stressed, naming the NOI', async () => {
      const { createdEntityId } = await h.value('deals.createCommercial', {
        ownerId: 'owner@example.com',
        dealName: 'Empty Shell',
        address: { fullAddress: '100 Congress Ave, Austin, TX 78701' },
        propertyType: 'Office',
        loanType: 'Refinance',
        loanAmount: 5_000_000,
        loanTerm: 120,
      });
      const sized = await h.call('analysis.sizeLoan', { dealId: createdEntityId });
      expect(sized).toMatchObject({ ok: false, details: { target: 'inputs.noi' } });
      // Nor stressed: the refusal says why, in words the tab shows.
      const stressed = await h.call('analysis.stressDeal', { dealId: createdEntityId, scenario: SEVERE });
      expect(stressed).toMatchObject({ ok: false, error: expect.stringMatching(/NOI is 0/) });
    });
  });
});
