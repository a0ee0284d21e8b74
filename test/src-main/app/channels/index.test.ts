/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CHANNEL_INPUTS, APP_CHANNEL_NAMES } from '../../../../src-main/contract';
import { openWorkstation } from '../../../../src-main/app';
import type { ChannelHandlers } from '../../../../src-main/app/channels';
import { closeDb } from '../../../../src-main/store/db';
import { harness, type Harness } from '../support';

describe('the channel table', () => {
  let h: Harness;
  let dealIds: string[];

  beforeAll(async () => {
    h = harness({ deals: 6 });
    dealIds = (await h.value('deals.ids')).dealIds;
  });
  afterAll(() => h.close());

  it('has a handler for every channel of the contract, and only those', () => {
    expect(Object.keys(h.table.handlers).sort()).toEqual([...APP_CHANNEL_NAMES].sort());
    expect(APP_CHANNEL_NAMES.length).toBe(Object.keys(APP_CHANNEL_INPUTS).length);
  });

  it('does not compile without a handler for one of its channels, nor with a handler answering another type (checked by the typecheck step)', () => {
    const { 'deal.info': _left, ...rest } = h.table.handlers;
    // @ts-expect-error a table missing deal.info is not the channel table
    const incomplete: ChannelHandlers = rest;
    expect(Object.keys(incomplete)).not.toContain('deal.info');
    // @ts-expect-error history.user answers { name }, not a number
    const wrongOutput: ChannelHandlers['history.user'] = async () => 5;
    expect(typeof wrongOutput).toBe('function');
  });

  it('answers an unknown channel without running anything', async () => {
    expect(await h.call('deals.dropAll', {})).toEqual({ ok: false, error: 'unknown channel' });
    expect(await h.call('__proto__', {})).toEqual({ ok: false, error: 'unknown channel' });
    expect(await h.call('toString', {})).toEqual({ ok: false, error: 'unknown channel' });
  });

  it('validates every input on entry and names the field', async () => {
    const wrongType = await h.call('deal.info', { id: 5 });
    expect(wrongType.ok).toBe(false);
    if (wrongType.ok) return;
    expect(wrongType.details).toMatchObject({ code: 'InvalidInput', target: 'id' });
    expect(wrongType.error).toMatch(/^Invalid input at id:/);

    const missing = await h.call('deal.info', {});
    expect(missing).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'id' } });
    const empty = await h.call('deal.info', { id: '' });
    expect(empty).toMatchObject({ ok: false, details: { target: 'id' } });
    // Inputs are strict: an unknown key is refused, not ignored.
    const extra = await h.call('deal.funds', { dealId: dealIds[0], admin: true });
    expect(extra).toMatchObject({ ok: false, details: { code: 'InvalidInput' } });
    const notAnObject = await h.call('settings.set', 'NOI');
    expect(notAnObject).toMatchObject({ ok: false, details: { code: 'InvalidInput' } });
    const badEnum = await h.call('settings.set', { dayCount: '365/365' });
    expect(badEnum).toMatchObject({ ok: false, details: { target: 'dayCount' } });
    const badReport = await h.call('report.export', { filter: {}, format: 'pdf', exportId: 'x' });
    expect(badReport).toMatchObject({ ok: false, details: { target: 'format' } });
    const badBulk = await h.call('deals.bulkUpdate', { itemsToUpdate: [{ id: dealIds[0], updates: [{ property: 'Colour', value: 'red' }] }] });
    expect(badBulk).toMatchObject({ ok: false, details: { target: 'itemsToUpdate.0.updates.0.property' } });
    const tooMany = await h.call('deals.prioritizeFigures', { ids: Array.from({ length: 1001 }, (_, i) => `d${i}`) });
    expect(tooMany).toMatchObject({ ok: false, details: { target: 'ids' } });
    // A missing payload is an empty object: fine for channels without input.
    expect(await h.call('app.info')).toMatchObject({ ok: true });
  });

  it('returns gateway bodies without the envelope, and gateway refusals as failures with the ErrorDto', async () => {
    const deal = await h.value('deal.info', { id: dealIds[0] });
    expect(deal.id).toBe(dealIds[0]);
    expect(deal).not.toHaveProperty('success');
    expect(deal).not.toHaveProperty('error');
    const missing = await h.call('deal.info', { id: 'no-such-deal' });
    expect(missing).toMatchObject({ ok: false, details: { code: 'MissingEntity', target: 'id', error: { code: 'MissingEntity' } } });
  });

  it('reads every part of a deal graph', async () => {
    const id = dealIds[0]!;
    expect((await h.value('deal.funds', { dealId: id })).fundsSourcesInfo).toBeDefined();
    const collaterals = (await h.value('deal.collateralSummary', { dealId: id })).collateralSummaries;
    expect(collaterals.length).toBeGreaterThan(0);
    expect((await h.value('collateral.cashFlow', { id: collaterals[0].id })).collateralId).toBe(collaterals[0].id);
    const components = (await h.value('deal.componentSummary', { dealId: id })).componentSummary;
    expect((await h.value('collateral.componentSummary', { collateralId: collaterals[0].id })).componentSummary.length).toBeGreaterThan(0);
    const component = components[0];
    expect((await h.value('component.base', { id: component.id })).id).toBe(component.id);
    const kind = { Residential: 'component.residential', Commercial: 'component.commercial', Hotel: 'component.hotel' }[component.componentType as string];
    if (kind) expect((await h.value(kind, { id: component.id })).id).toBe(component.id);
    expect(await h.value('report.query', { dealIds: [id] })).toMatchObject({ page: 1 });
  });

  it('masks social security numbers to the last four digits and reveals them only on purpose', async () => {
    let personId: string | undefined;
    for (const id of dealIds) {
      personId = (await h.value('deal.info', { id })).personIds[0];
      if (personId) break;
    }
    expect(personId).toBeDefined();
    const person = await h.value('person.info', { id: personId });
    expect(person.socialSecurityNumber).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    const revealed = await h.value('person.revealSsn', { id: personId });
    expect(revealed.socialSecurityNumber).toMatch(/\d{3}-?\d{2}-?\d{4}/);
    expect(revealed.socialSecurityNumber.replace(/\D/g, '').slice(-4)).toBe(person.socialSecurityNumber.slice(-4));
    expect(h.logs.join('\n')).not.toContain(revealed.socialSecurityNumber);
  });

  it('gives the pipeline rows the same figures as the deal reads', async () => {
    const { rows, pending } = await h.value('deals.pipeline');
    expect(pending).toBe(0);
    expect(rows.map((r: any) => r.id)).toEqual(dealIds);
    for (const row of rows) {
      const deal = await h.value('deal.info', { id: row.id });
      expect(row).toMatchObject({
        seedName: deal.seedName,
        state: deal.state,
        grossLoan: deal.grossLoan,
        interestRate: deal.interestRate,
        debtService: deal.debtService,
        dscr: deal.collateralTotals.dscr,
        debtYield: deal.collateralTotals.debtYield,
        ltv: deal.ltv,
      });
    }
  });

  it('applies a bulk update, announces it, and the pipeline and deal reads follow', async () => {
    const id = dealIds[1]!;
    const before = await h.value('deal.info', { id });
    h.events.length = 0;
    const spread = String(Math.round(before.rateSpread * 100 * 100 + 150) / 100);
    const result = await h.value('deals.bulkUpdate', {
      itemsToUpdate: [
        { id, updates: [{ property: 'RateSpread', value: spread }] },
        { id: 'no-such-deal', updates: [{ property: 'Priority', value: 'High' }] },
      ],
    });
    expect(result.updatedEntities).toEqual([id]);
    expect(result.errors).toEqual([expect.objectContaining({ id: 'no-such-deal', errorType: 'IdNotFound' })]);
    expect(h.events).toContainEqual({ event: 'data.changed', payload: { dealIds: [id] } });
    const after = await h.value('deal.info', { id });
    expect(after.debtService).not.toBe(before.debtService);
    const row = (await h.value('deals.pipeline')).rows.find((r: any) => r.id === id);
    expect(row).toMatchObject({ debtService: after.debtService, dscr: after.collateralTotals.dscr, interestRate: after.interestRate });
  });

  it('changes the underwriting settings, and every figure follows', async () => {
    const id = dealIds[2]!;
    const before = await h.value('deal.info', { id });
    const view = await h.value('settings.set', { dscrNumerator: 'NetCashFlow' });
    expect(view.underwriting).toEqual({ dayCount: '30/360', dscrNumerator: 'NetCashFlow' });
    expect(view.config.statusesByState.NewDeal.length).toBeGreaterThan(0);
    expect((await h.value('settings.get')).underwriting.dscrNumerator).toBe('NetCashFlow');
    const after = await h.value('deal.info', { id });
    expect(after.collateralTotals.dscr).not.toBe(before.collateralTotals.dscr);
    const row = (await h.value('deals.pipeline')).rows.find((r: any) => r.id === id);
    expect(row.dscr).toBe(after.collateralTotals.dscr);
    await h.value('settings.set', { dscrNumerator: 'NOI' });
  });

  it('exports the report to the chosen file with progress, or not at all when cancelled', async () => {
    h.exportTo = null;
    expect(await h.value('report.export', { filter: {}, format: 'csv', exportId: 'e0' })).toEqual({ cancelled: true });

    const file = join(h.dir, 'out.csv');
    h.exportTo = { file };
    h.events.length = 0;
    const result = await h.value('report.export', { filter: { sortBy: 'dscr', sortDirection: 'desc' }, format: 'csv', exportId: 'e1' });
    expect(result).toMatchObject({ cancelled: false, file, fileName: 'out.csv' });
    const report = await h.value('report.query', {});
    expect(result.rows).toBe(report.totalRows);
    expect(readFileSync(file, 'utf8').trimEnd().split('\r\n')).toHaveLength(report.totalRows + 2);
    const phases = h.events.filter((e) => e.event === 'report.exportProgress').map((e) => (e.payload as any).phase);
    expect(phases[0]).toBe('preparing');
    expect(phases).toContain('writing');
    expect(phases.at(-1)).toBe('done');
    expect(h.events.every((e) => e.event !== 'report.exportProgress' || (e.payload as any).exportId === 'e1')).toBe(true);

    const xlsx = join(h.dir, 'out.xlsx');
    h.exportTo = { file: xlsx, downloadUrl: '/bridge/download/abc', fileName: 'collateral-report.xlsx' };
    const second = await h.value('report.export', { filter: {}, format: 'xlsx', exportId: 'e2' });
    expect(second).toMatchObject({ downloadUrl: '/bridge/download/abc', fileName: 'collateral-report.xlsx' });
    expect(existsSync(xlsx)).toBe(true);

    h.exportTo = { file: join(h.dir, 'no-such-folder', 'x.csv') };
    const failed = await h.call('report.export', { filter: {}, format: 'csv', exportId: 'e3' });
    expect(failed).toMatchObject({ ok: false, details: { code: 'ExportFailed' } });
  });

  it('reads an import file: CSV and XLSX, and refuses anything else', async () => {
    const csv = 'Name,Deal ids,Valuation\r\n"Annex, North",d1,100\r\n\r\nLot B,d2,200\r\n';
    const parsed = await h.value('import.parseFile', { fileName: 'c.csv', contentBase64: Buffer.from(csv).toString('base64') });
    expect(parsed).toEqual({ fileName: 'c.csv', format: 'csv', headers: ['Name', 'Deal ids', 'Valuation'], rows: [['Annex, North', 'd1', '100'], ['Lot B', 'd2', '200']] });

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Collaterals');
    sheet.addRow(['Name', 'As of', 'Valuation']);
    sheet.addRow(['Annex', new Date(Date.UTC(2026, 9, 1)), 2500000]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const xlsx = await h.value('import.parseFile', { fileName: 'c.XLSX', contentBase64: bytes.toString('base64') });
    expect(xlsx).toEqual({ fileName: 'c.XLSX', format: 'xlsx', sheet: 'Collaterals', headers: ['Name', 'As of', 'Valuation'], rows: [['Annex', '2026-10-01', '2500000']] });

    expect(await h.call('import.parseFile', { fileName: 'c.pdf', contentBase64: '' })).toMatchObject({ ok: false, details: { code: 'InvalidFile', target: 'file' } });
    expect(await h.call('import.parseFile', { fileName: 'c.xlsx', contentBase64: Buffer.from('not a zip').toString('base64') })).toMatchObject({
      ok: false,
      details: { code: 'InvalidFile' },
    });
  });

  it('imports collaterals and follows the report to completion', async () => {
    const sent = await h.value('import.send', {
      collaterals: [
        { clientItemId: 'a', collateralCreateData: { dealIds: [dealIds[0]], name: 'Annex', propertyType: 'Land', address: { fullAddress: '1200 W Madison St, Chicago, IL 60607' } } },
        { clientItemId: 'b', collateralCreateData: { dealIds: ['no-such-deal'], name: 'Ghost' } },
      ],
    });
    let report = await h.value('import.report', { reportId: sent.reportId });
    for (let i = 0; i < 100 && report.status !== 'Completed'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      report = await h.value('import.report', { reportId: sent.reportId });
    }
    expect(report.status).toBe('Completed');
    expect(report.createdEntities.map((e: any) => e.clientItemId)).toEqual(['a']);
    expect([...new Set(report.errors.map((e: any) => e.clientItemId))]).toEqual(['b']);
    // The new collateral changes its deal's fingerprint: the pipeline recomputes that deal.
    const row = (await h.value('deals.pipeline')).rows.find((r: any) => r.id === dealIds[0]);
    const deal = await h.value('deal.info', { id: dealIds[0] });
    expect(row.ltv).toBe(deal.ltv);
  });

  it('never lets an internal error (or its payload) cross: a generic message, and a log line without the input', async () => {
    const other = harness({ deals: 1 });
    const id = (await other.value('deals.ids')).dealIds[0];
    closeDb(other.db);
    const result = await other.call('deal.info', { id });
    expect(result).toEqual({ ok: false, error: 'The operation failed unexpectedly. See the application log.', details: { code: 'Internal' } });
    expect(other.logs).toHaveLength(1);
    expect(other.logs[0]).toMatch(/^channel deal.info failed: /);
    expect(other.logs[0]).not.toContain(id);
    other.table.close();
  });
});

describe('first run', () => {
  it('offers the choice on a new data directory, and remembers it', async () => {
    const h = harness();
    try {
      expect(await h.value('app.info')).toMatchObject({ mode: 'web', version: '9.9.9', dataDir: h.dir, dealCount: 0, firstRun: true });
      expect(await h.value('app.initialize', { choice: 'empty' })).toMatchObject({ dealCount: 0, firstRun: false });
      expect((await h.value('app.info')).firstRun).toBe(false);
      expect(await h.call('app.initialize', { choice: 'maybe' })).toMatchObject({ ok: false, details: { target: 'choice' } });
    } finally {
      h.close();
    }
  });

  it('loads the demo portfolio when asked, with progress', async () => {
    const h = harness();
    try {
      const info = await h.value('app.initialize', { choice: 'demo', demoDeals: 3 });
      expect(info).toMatchObject({ dealCount: 3, firstRun: false });
      expect(h.events.some((e) => e.event === 'app.seedProgress')).toBe(true);
      expect(h.events).toContainEqual({ event: 'data.changed', payload: { dealIds: null } });
      // Asking again never seeds a store that has deals.
      expect((await h.value('app.initialize', { choice: 'demo', demoDeals: 5 })).dealCount).toBe(3);
    } finally {
      h.close();
    }
  });
});

describe('column choices', () => {
  it('keeps each table’s columns in the data directory: another launch over it reads them back', async () => {
    const h = harness();
    const prefs = { hidden: ['owner', 'priority'], widths: { seedName: 260, ltv: 72 } };
    try {
      expect(await h.value('columns.get', { table: 'pipeline' })).toBeNull();
      expect(await h.value('columns.set', { table: 'pipeline', prefs })).toEqual(prefs);
      expect(await h.value('columns.get', { table: 'report' })).toBeNull();
      const relaunched = openWorkstation({ dataDir: h.dir, mode: 'web', emit: () => undefined, exportTarget: async () => null });
      try {
        expect(await relaunched.dispatch('columns.get', { table: 'pipeline' })).toEqual({ ok: true, value: prefs });
      } finally {
        relaunched.close();
      }
    } finally {
      h.close();
    }
  });

  it('refuses a width out of range or an unknown table, and reads a stored value it cannot use as none', async () => {
    const h = harness();
    try {
      expect(await h.call('columns.set', { table: 'pipeline', prefs: { hidden: [], widths: { dscr: 5 } } })).toMatchObject({ ok: false, details: { target: 'prefs.widths.dscr' } });
      expect(await h.call('columns.set', { table: 'deals', prefs: { hidden: [], widths: {} } })).toMatchObject({ ok: false, details: { target: 'table' } });
      h.db.$client.prepare("INSERT INTO settings (key, value) VALUES ('workstation.columns.report', '\"wide\"')").run();
      expect(await h.value('columns.get', { table: 'report' })).toBeNull();
    } finally {
      h.close();
    }
  });
});
