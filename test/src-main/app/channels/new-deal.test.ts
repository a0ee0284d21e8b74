import { rmSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressPreview, DealComparison } from '../../../../src-main/contract';
import { COMPARISON_SHEET } from '../../../../src-main/reports/deal-comparison-xlsx';
import { CLIENT, OWNER, startTestService, type TestService } from '../../../support/service';
import { harness, type Harness } from '../support';

// The channels of the New deal flow and of the deal comparison, over a real SQLite data
// directory; the waiting-to-sync state against a real second instance (the platform) on port 0.

const NEW_ADDRESS = '350 5th Avenue, New York, NY 10118';

function residential(overrides: Record<string, unknown> = {}) {
  return {
    ownerId: OWNER,
    dealName: 'Empire Lofts',
    address: { fullAddress: NEW_ADDRESS },
    propertyType: 'Multi_Family_Apartments',
    loanType: 'Acquisition',
    loanAmount: 12_500_000,
    loanTerm: 120,
    residentialLivingUnitCreateDto: [{ numUnits: 40, unitSize: 850, bedrooms: 2, bathrooms: 1 }],
    ...overrides,
  };
}

describe('the new-deal channels', () => {
  let h: Harness;
  beforeAll(() => {
    h = harness({ deals: 4 });
  });
  afterAll(() => h?.close());

  it('list the users a deal can be owned by', async () => {
    const { users } = await h.value('users.list', {});
    expect(users).toContainEqual(expect.objectContaining({ id: OWNER }));
    const ids = users.map((u: { id: string }) => u.id);
    expect(ids).toEqual([...ids].sort());
  });

  it('show what the place lookup resolves an address to, or why it cannot', async () => {
    const preview = await h.value<AddressPreview>('deals.addressPreview', { fullAddress: '350 5th avenue new york ny 10118' });
    expect(preview).toMatchObject({ ok: true, place: { city: 'New York', state: 'NY', zipCode: '10118' }, existing: [] });
    const unknown = await h.value<AddressPreview>('deals.addressPreview', { fullAddress: 'somewhere nice' });
    expect(unknown).toMatchObject({ ok: false, target: 'address.fullAddress' });
    expect((unknown as { message: string }).message).toMatch(/could not be (located|parsed)/);
    expect(await h.call('deals.addressPreview', { fullAddress: '   ' })).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'fullAddress' } });
  });

  it('name the field a create refuses, for the form to show the error next to it', async () => {
    expect(await h.call('deals.createHotel', { ...residential(), propertyType: 'Hotel', residentialLivingUnitCreateDto: undefined, loanAmount: -5 })).toMatchObject({
      ok: false,
      details: { code: 'InvalidInput', target: 'loanAmount' },
    });
    expect(await h.call('deals.createResidential', residential({ ownerId: undefined }))).toMatchObject({
      ok: false,
      details: { code: 'MissingMandatoryField', target: 'ownerId' },
    });
    expect(await h.call('deals.createResidential', residential({ residentialLivingUnitCreateDto: [{ numUnits: 3 }] }))).toMatchObject({
      ok: false,
      details: { target: 'residentialLivingUnitCreateDto.0.unitSize' },
    });
  });

  it('find the deal already at an address, which a second create there is refused as a duplicate of', async () => {
    const { createdEntityId } = await h.value('deals.createResidential', residential());
    const preview = await h.value<AddressPreview>('deals.addressPreview', { fullAddress: '350 5th Ave., new york, NY 10118' });
    expect(preview).toMatchObject({ ok: true, existing: [{ dealId: createdEntityId, seedName: 'Empire Lofts' }] });
    const again = await h.call('deals.createCommercial', { ...residential(), propertyType: 'Office', residentialLivingUnitCreateDto: undefined });
    expect(again).toMatchObject({ ok: false, details: { code: 'Duplicated', target: 'address' } });
  });

  it('say that a deal of a data directory never linked to a platform is local, not waiting', async () => {
    const [id] = (await h.value('deals.ids', {})).dealIds;
    expect(await h.value('deal.syncState', { id })).toEqual({ state: 'local', reason: null, movedTo: null });
    expect(await h.value('deals.syncWaiting', {})).toEqual({ waiting: [], rejected: [] });
  });

  it('compare two to four deals on their key figures, the differences flagged', async () => {
    const ids: string[] = (await h.value('deals.ids', {})).dealIds.slice(0, 3);
    const comparison = await h.value<DealComparison>('deals.compare', { ids });
    expect(comparison.deals.map((d) => d.id)).toEqual(ids);
    expect(comparison.figures.map((f) => f.key)).toEqual(['grossLoan', 'interestRate', 'debtService', 'dscr', 'debtYield', 'ltv', 'ltc', 'noi', 'value', 'propertyType', 'marketGrade']);
    const infos = await Promise.all(ids.map((id) => h.value('deal.info', { id })));
    const figure = (key: string) => comparison.figures.find((f) => f.key === key)!;
    expect(figure('grossLoan').values).toEqual(infos.map((d) => d.grossLoan));
    expect(figure('interestRate').values).toEqual(infos.map((d) => d.interestRate));
    expect(figure('dscr').values).toEqual(infos.map((d) => d.collateralTotals.dscr));
    expect(figure('debtYield').values).toEqual(infos.map((d) => d.collateralTotals.debtYield));
    expect(figure('ltv').values).toEqual(infos.map((d) => d.ltv));
    // LTV = loan / value: the value column is the valuation the LTV was measured against.
    figure('value').values.forEach((v, i) => {
      if (infos[i].ltv > 0) expect(infos[i].grossLoan / (v as number)).toBeCloseTo(infos[i].ltv, 12);
    });
    for (const f of comparison.figures) expect(f.differs).toBe(new Set(f.values).size > 1);
    expect(figure('grossLoan').differs).toBe(true);
  });

  it('refuse one deal, more than four, or the same deal twice, with a clear message', async () => {
    const ids: string[] = (await h.value('deals.ids', {})).dealIds;
    const one = await h.call('deals.compare', { ids: ids.slice(0, 1) });
    expect(one).toMatchObject({ ok: false, error: expect.stringMatching(/Select at least 2 deals to compare/) });
    const five = await h.call('deals.compare', { ids: [...ids, 'x'].slice(0, 5) });
    expect(five).toMatchObject({ ok: false, error: expect.stringMatching(/at most 4 deals/) });
    expect(await h.call('deals.compare', { ids: [ids[0], ids[0]] })).toMatchObject({ ok: false, error: expect.stringMatching(/once/) });
    expect(await h.call('deals.compare', { ids: [ids[0], 'no-such-deal'] })).toMatchObject({ ok: false, details: { code: 'MissingEntity' } });
  });

  it('export the comparison as an XLSX workbook that exceljs reads back, differences filled', async () => {
    const ids: string[] = (await h.value('deals.ids', {})).dealIds.slice(0, 2);
    const file = join(h.dir, 'comparison.xlsx');
    h.exportTo = { file };
    const result = await h.value('deals.compareExport', { ids });
    expect(result).toMatchObject({ cancelled: false, file, fileName: 'comparison.xlsx', deals: 2 });
    const comparison = await h.value<DealComparison>('deals.compare', { ids });

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.getWorksheet(COMPARISON_SHEET)!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Figure', ...comparison.deals.map((d) => d.seedName), 'Differs']);
    const loanRow = sheet.getColumn(1).values.indexOf('Loan amount');
    expect(sheet.getRow(loanRow).getCell(2).value).toBe(comparison.figures[0]!.values[0]);
    expect(sheet.getRow(loanRow).getCell(2).numFmt).toContain('$');
    const ltvRow = sheet.getColumn(1).values.indexOf('LTV');
    expect(sheet.getRow(ltvRow).getCell(3).value).toBe(comparison.figures.find((f) => f.key === 'ltv')!.values[1]);
    expect(sheet.getRow(ltvRow).getCell(3).numFmt).toBe('0.00%');
    // Every ratio in one convention: debt yield (a percentage number on screen's read, 10.5) is
    // written as its fraction (0.105) under the same percentage format as LTV.
    const debtYieldRow = sheet.getColumn(1).values.indexOf('Debt yield');
    const debtYield = comparison.figures.find((f) => f.key === 'debtYield')!.values[0] as number;
    expect(sheet.getRow(debtYieldRow).getCell(2).value).toBeCloseTo(debtYield / 100, 15);
    expect(sheet.getRow(debtYieldRow).getCell(2).numFmt).toBe('0.00%');
    // Property types in words, as the screen shows them.
    const typeRow = sheet.getRow(sheet.getColumn(1).values.indexOf('Property type'));
    const types = comparison.figures.find((f) => f.key === 'propertyType')!.values as string[];
    types.forEach((t, i) => expect(typeRow.getCell(i + 2).value).toBe(t.replace(/_/g, ' ')));
    expect(String(typeRow.getCell(2).value)).not.toContain('_');
    const differing = comparison.figures.filter((f) => f.differs).map((f) => f.label);
    for (const f of comparison.figures) {
      const row = sheet.getRow(sheet.getColumn(1).values.indexOf(f.label));
      expect(row.getCell(4).value).toBe(differing.includes(f.label) ? 'yes' : 'no');
      expect((row.getCell(2).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb === 'FFFFF3BF').toBe(f.differs);
    }
    // It prints as the other workbooks do: landscape, one page wide, the deals named in the footer.
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', fitToPage: true, fitToWidth: 1 });
    expect(sheet.headerFooter.oddFooter).toContain(comparison.deals[0]!.seedName.replaceAll('&', '&&'));

    h.exportTo = null;
    expect(await h.value('deals.compareExport', { ids })).toEqual({ cancelled: true });
    rmSync(file);

    // A folder that does not exist: a clear refusal, and no file.
    h.exportTo = { file: join(h.dir, 'missing', 'comparison.xlsx') };
    const failed = await h.call('deals.compareExport', { ids });
    expect(failed).toMatchObject({ ok: false, details: { code: 'ExportFailed', target: 'file' } });
    expect((failed as { error: string }).error).toMatch(/^The comparison could not be written: /);
    h.exportTo = null;
  });
});

describe('a deal created in a data directory linked to a platform', () => {
  const FAST = { retry: { limit: 2, baseDelayMs: 20, maxDelayMs: 100, maxRetryAfterMs: 500 }, roundDelayMs: 20, timeoutMs: 5_000 };
  let remote: TestService;
  let h: Harness;

  beforeAll(async () => {
    remote = await startTestService({ demoDeals: 2 });
    h = harness({ overrides: { sync: { background: false, engine: FAST } } });
    await h.value('sync.configure', { baseUrl: remote.origin, clientId: CLIENT.clientId, secret: CLIENT.secret });
    expect((await h.value('sync.run', {})).outcome).toBe('completed');
  }, 60_000);

  afterAll(async () => {
    h?.close();
    await remote?.stop();
  });

  it('waits to sync until the next sync, then is the platform deal it became', async () => {
    const pulled: string[] = (await h.value('deals.ids', {})).dealIds;
    expect(await h.value('deal.syncState', { id: pulled[0] })).toMatchObject({ state: 'synced', movedTo: null });

    const { createdEntityId: localId } = await h.value('deals.createHotel', {
      ownerId: OWNER,
      dealName: 'Harbor Inn',
      address: { fullAddress: '1 Market St, San Francisco, CA 94105' },
      propertyType: 'Hotel',
      loanType: 'Refinance',
      loanAmount: 8_000_000,
      loanTerm: 60,
      hotelCreateDto: { totalRooms: 120, averageDailyRate: 210, occupancy: 0.78 },
    });
    expect(await h.value('deal.syncState', { id: localId })).toEqual({ state: 'waiting', reason: null, movedTo: null });
    expect(await h.value('deals.syncWaiting', {})).toEqual({ waiting: [localId], rejected: [] });
    expect((await remote.api('GET', '/getAllDealIds')).body.dealIds).toHaveLength(2);

    const record = await h.value('sync.run', {});
    expect(record.summary).toMatchObject({ created: 1 });
    const remoteIds: string[] = (await remote.api('GET', '/getAllDealIds')).body.dealIds;
    expect(remoteIds).toHaveLength(3);
    const state = await h.value('deal.syncState', { id: localId });
    expect(state).toMatchObject({ state: 'synced', reason: null });
    expect(remoteIds).toContain(state.movedTo);
    expect((await remote.api('GET', `/getDealInfo/${state.movedTo}`)).body).toMatchObject({ seedName: 'Harbor Inn', grossLoan: 8_000_000 });
    expect(await h.value('deals.syncWaiting', {})).toEqual({ waiting: [], rejected: [] });
    expect(await h.value('deal.syncState', { id: state.movedTo })).toMatchObject({ state: 'synced', movedTo: null });
  });
});
