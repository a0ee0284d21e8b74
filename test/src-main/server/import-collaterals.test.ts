import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CollateralSummaryResponseDto,
  ImportReportResponseDto,
  ImportResponseDto,
  SeedInfoResponseDto,
} from '../../../src-main/contract';
import { holdImportProcessing } from '../../../src-main/gateway/import-queue';
import { OWNER, startTestService, tempDir, type TestService } from '../../support/service';

let s: TestService;
let dealId: string;
let otherDealId: string;

let street = 200;
/** A fresh, real Austin address each call. */
const address = () => ({ fullAddress: `${street++} Lavaca St, Austin, TX 78701` });

async function createDeal(service: TestService, dealName: string): Promise<string> {
  const res = await service.api('POST', '/createCommercialDeal', {
    ownerId: OWNER,
    dealName,
    address: address(),
    propertyType: 'Office',
    loanType: 'Refinance',
    loanAmount: 10_000_000,
    loanTerm: 60,
    commercialLivingUnitCreateDto: [{ frontEndGridLineNumber: '1', description: 'Office', suite: '100', floor: 1, unitSize: 10_000 }],
  });
  expect(res.body).toMatchObject({ success: true });
  return res.body.createdEntityId as string;
}

let itemNo = 0;
/** A valid import item for the given deals; override any part of it. */
function item(dealIds: string[], overrides: { collateral?: object; valuation?: object; [key: string]: unknown } = {}) {
  const { collateral, valuation, ...rest } = overrides;
  itemNo += 1;
  return {
    clientItemId: `item-${itemNo}`,
    migrationReference: `MIG-${itemNo}-${Date.now()}`,
    collateralCreateData: {
      dealIds,
      name: `Imported Property ${itemNo}`,
      subType: 'CBD Office',
      description: 'Migrated from the legacy system',
      address: address(),
      subStatus: 'Active',
      propertyType: 'Office',
      ...collateral,
    },
    alternativeValuationCreateData: {
      name: 'Broker opinion of value',
      valuation: 4_000_000,
      description: 'BOV 2025',
      asOfDate: '2025-06-30',
      valueBasis: 'As Is',
      ...valuation,
    },
    ...rest,
  };
}

async function startImport(service: TestService, collaterals: unknown[]): Promise<string> {
  const res = await service.api('POST', '/importCollaterals', { collaterals });
  expect(res.status).toBe(200);
  const body = ImportResponseDto.parse(res.body);
  expect(body).toMatchObject({ success: true, error: null });
  return body.reportId;
}

async function readReport(service: TestService, reportId: string): Promise<ImportReportResponseDto> {
  const res = await service.api('GET', `/getImportReport/${reportId}`);
  return ImportReportResponseDto.parse(res.body);
}

/** Polls the report until it is Completed (bounded: about 10 s). */
async function completedReport(service: TestService, reportId: string): Promise<ImportReportResponseDto> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const report = await readReport(service, reportId);
    if (report.status === 'Completed') return report;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`import report ${reportId} did not complete`);
}

async function importAndWait(service: TestService, collaterals: unknown[]) {
  return completedReport(service, await startImport(service, collaterals));
}

async function count(service: TestService, table: string): Promise<number> {
  return (await service.sql<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]!.n;
}

const rowCounts = async (service: TestService) =>
  Object.fromEntries(await Promise.all(['collaterals', 'components', 'alternative_valuations', 'deal_collaterals'].map(async (t) => [t, await count(service, t)])));

async function collateralSummaries(service: TestService, id: string) {
  return CollateralSummaryResponseDto.parse((await service.api('GET', `/getDealCollateralSummary/${id}`)).body).collateralSummaries;
}

async function dealTotals(service: TestService, id: string) {
  return SeedInfoResponseDto.parse((await service.api('GET', `/getDealInfo/${id}`)).body).collateralTotals;
}

beforeAll(async () => {
  s = await startTestService();
  dealId = await createDeal(s, 'Import Target');
  otherDealId = await createDeal(s, 'Second Import Target');
});
afterAll(async () => s.stop());

describe('importing collaterals', () => {
  it('keeps the report Pending until processed, then Completes it naming every bad item and field while the good ones join the deal', async () => {
    const before = { summaries: await collateralSummaries(s, dealId), totals: await dealTotals(s, dealId) };
    const office = item([dealId, otherDealId], { valuation: { valuation: 5_000_000 } });
    const hotel = item([dealId], { collateral: { name: undefined, propertyType: 'Hotel', subType: 'Full Service' }, valuation: { valuation: 7_500_000 } });
    const badValuation = item([dealId], { valuation: { name: '  ', valuation: -1 } });
    const badDealAndSubType = item(['no-such-deal'], { collateral: { subType: 'Castle' } });

    const release = holdImportProcessing(s.store);
    let reportId: string;
    try {
      reportId = await startImport(s, [office, badValuation, hotel, badDealAndSubType]);
      const pending = await readReport(s, reportId);
      expect(pending).toEqual({ success: true, error: null, reportId, status: 'Pending', createdEntities: [], errors: [] });
    } finally {
      release();
    }
    const report = await completedReport(s, reportId);

    expect(report.createdEntities.map((e) => e.clientItemId)).toEqual([office.clientItemId, hotel.clientItemId]);
    expect(report.errors.map((e) => [e.clientItemId, e.fieldName, e.code])).toEqual([
      [badValuation.clientItemId, 'alternativeValuationCreateData.name', 'MissingMandatoryField'],
      [badValuation.clientItemId, 'alternativeValuationCreateData.valuation', 'ValidationError'],
      [badDealAndSubType.clientItemId, 'collateralCreateData.dealIds', 'MissingEntity'],
      [badDealAndSubType.clientItemId, 'collateralCreateData.subType', 'ValidationError'],
    ]);

    const [officeId, hotelId] = report.createdEntities.map((e) => e.entityId);
    const summaries = await collateralSummaries(s, dealId);
    expect(summaries).toHaveLength(before.summaries.length + 2);
    expect(summaries.find((c) => c.id === officeId)).toMatchObject({ name: office.collateralCreateData.name, alternativeValuation: 5_000_000 });
    const hotelSummary = summaries.find((c) => c.id === hotelId)!;
    // No name given: the collateral is named after its resolved address.
    expect(hotelSummary).toMatchObject({ alternativeValuation: 7_500_000, name: hotelSummary.address.fullAddress });
    expect(hotelSummary.address).toMatchObject({ city: 'Austin', state: 'TX', zipCode: '78701' });
    const totals = await dealTotals(s, dealId);
    expect(totals.alternativeValuation).toBe(before.totals.alternativeValuation + 12_500_000);
    // The office collateral backs both of its deals.
    expect((await collateralSummaries(s, otherDealId)).map((c) => c.id)).toContain(officeId);

    const components = (await s.api('GET', `/getCollateralComponentSummary/${hotelId}`)).body.componentSummary;
    expect(components).toEqual([expect.objectContaining({ collateralId: hotelId, componentType: 'Hotel', assetType: 'Hotel' })]);
  });

  it('derives the component type from the property type', async () => {
    const types = ['Multi_Family_Apartments', 'Senior_Housing', 'Hotel', 'Retail', 'Industrial'] as const;
    const report = await importAndWait(s, types.map((propertyType) => item([otherDealId], { collateral: { propertyType, subType: undefined } })));
    expect(report.errors).toEqual([]);
    const kinds = [];
    for (const { entityId } of report.createdEntities) {
      const [summary] = (await s.api('GET', `/getCollateralComponentSummary/${entityId}`)).body.componentSummary;
      kinds.push([summary.assetType, summary.componentType]);
    }
    expect(kinds).toEqual([
      ['Multi_Family_Apartments', 'Residential'],
      ['Senior_Housing', 'Residential'],
      ['Hotel', 'Hotel'],
      ['Retail', 'Commercial'],
      ['Industrial', 'Commercial'],
    ]);
  });

  describe('reports each asynchronous rule with its entityId, fieldName, clientItemId and bulkOperationType', () => {
    const cases = [
      { rule: 'an empty dealIds list', dealIds: [], code: 'MissingMandatoryField', fieldName: 'collateralCreateData.dealIds', target: 'collateralCreateData.dealIds' },
      { rule: 'a blank deal id', dealIds: ['  '], code: 'MissingMandatoryField', fieldName: 'collateralCreateData.dealIds', target: 'collateralCreateData.dealIds.0' },
      { rule: 'an unknown deal id', dealIds: ['deal-that-does-not-exist'], code: 'MissingEntity', fieldName: 'collateralCreateData.dealIds', target: 'collateralCreateData.dealIds.0', entityId: 'deal-that-does-not-exist' },
      { rule: 'a subType outside the configuration', collateral: { subType: 'Castle' }, code: 'ValidationError', fieldName: 'collateralCreateData.subType' },
      { rule: 'a blank valuation name', valuation: { name: '' }, code: 'MissingMandatoryField', fieldName: 'alternativeValuationCreateData.name' },
      { rule: 'a valuation of 0', valuation: { valuation: 0 }, code: 'ValidationError', fieldName: 'alternativeValuationCreateData.valuation' },
      { rule: 'a negative valuation', valuation: { valuation: -250_000 }, code: 'ValidationError', fieldName: 'alternativeValuationCreateData.valuation' },
      { rule: 'a missing valuation', valuation: { valuation: undefined }, code: 'MissingMandatoryField', fieldName: 'alternativeValuationCreateData.valuation' },
      { rule: 'a valueBasis outside the configuration', valuation: { valueBasis: 'Wishful' }, code: 'ValidationError', fieldName: 'alternativeValuationCreateData.valueBasis' },
      { rule: 'an address the place lookup cannot resolve', collateral: { address: { fullAddress: 'somewhere nice' } }, code: 'ValidationError', fieldName: 'collateralCreateData.address.fullAddress' },
      { rule: 'a ZIP code in another state', collateral: { address: { fullAddress: '1 Main St, Springfield, IL 78701' } }, code: 'ValidationError', fieldName: 'collateralCreateData.address.fullAddress' },
      { rule: 'a missing address', collateral: { address: undefined }, code: 'MissingMandatoryField', fieldName: 'collateralCreateData.address' },
      { rule: 'a missing propertyType', collateral: { propertyType: undefined }, code: 'MissingMandatoryField', fieldName: 'collateralCreateData.propertyType' },
    ] as const;

    it.each(cases)('$rule gives $code on $fieldName', async (c) => {
      const bad = item('dealIds' in c ? [...c.dealIds] : [dealId], {
        collateral: 'collateral' in c ? c.collateral : {},
        valuation: 'valuation' in c ? c.valuation : {},
      });
      const before = await rowCounts(s);
      const report = await importAndWait(s, [bad]);
      expect(report.createdEntities).toEqual([]);
      expect(report.errors).toEqual([
        {
          target: `collaterals.0.${'target' in c ? c.target : c.fieldName}`,
          code: c.code,
          message: expect.any(String),
          details: [],
          entityId: 'entityId' in c ? c.entityId : null,
          fieldName: c.fieldName,
          clientItemId: bad.clientItemId,
          bulkOperationType: 'Create',
        },
      ]);
      expect(await rowCounts(s)).toEqual(before);
    });
  });

  it('reports every failing field of an item, not only the first', async () => {
    const bad = item([' ', 'unknown-deal'], {
      collateral: { subType: 'Castle', address: { fullAddress: 'nowhere' }, propertyType: undefined },
      valuation: { name: '', valuation: 0, valueBasis: 'Hope' },
    });
    const report = await importAndWait(s, [bad]);
    expect(report.errors.map((e) => [e.fieldName, e.code, e.entityId])).toEqual([
      ['collateralCreateData.dealIds', 'MissingMandatoryField', null],
      ['collateralCreateData.dealIds', 'MissingEntity', 'unknown-deal'],
      ['collateralCreateData.subType', 'ValidationError', null],
      ['collateralCreateData.address.fullAddress', 'ValidationError', null],
      ['collateralCreateData.propertyType', 'MissingMandatoryField', null],
      ['alternativeValuationCreateData.name', 'MissingMandatoryField', null],
      ['alternativeValuationCreateData.valuation', 'ValidationError', null],
      ['alternativeValuationCreateData.valueBasis', 'ValidationError', null],
    ]);
    expect(report.errors.every((e) => e.clientItemId === bad.clientItemId && e.bulkOperationType === 'Create')).toBe(true);
  });

  it('answers Existing for a migrationReference imported before or earlier in the same request', async () => {
    const first = item([dealId], { migrationReference: 'LEGACY-4711' });
    const [created] = (await importAndWait(s, [first])).createdEntities;

    const again = item([dealId], { migrationReference: 'LEGACY-4711' });
    const twiceA = item([dealId], { migrationReference: 'LEGACY-4712' });
    const twiceB = item([dealId], { migrationReference: 'LEGACY-4712' });
    const before = await rowCounts(s);
    const report = await importAndWait(s, [again, twiceA, twiceB]);

    expect(report.createdEntities.map((e) => e.clientItemId)).toEqual([twiceA.clientItemId]);
    const twiceAId = report.createdEntities[0]!.entityId;
    expect(report.errors).toEqual([
      expect.objectContaining({ clientItemId: again.clientItemId, code: 'Existing', fieldName: 'migrationReference', entityId: created!.entityId }),
      expect.objectContaining({ clientItemId: twiceB.clientItemId, code: 'Existing', fieldName: 'migrationReference', entityId: twiceAId }),
    ]);
    expect(await rowCounts(s)).toEqual({
      collaterals: before.collaterals! + 1,
      components: before.components! + 1,
      alternative_valuations: before.alternative_valuations! + 1,
      deal_collaterals: before.deal_collaterals! + 1,
    });
  });

  it('leaves no collateral, component, valuation or deal link of an invalid item behind', async () => {
    const before = await rowCounts(s);
    const good = item([dealId, otherDealId]);
    const report = await importAndWait(s, [
      item([dealId, 'missing-deal']),
      item([dealId, otherDealId], { valuation: { valuation: -5 } }),
      good,
      item([otherDealId], { collateral: { address: { fullAddress: '??' } } }),
    ]);
    expect(report.createdEntities.map((e) => e.clientItemId)).toEqual([good.clientItemId]);
    expect(report.errors).toHaveLength(3);
    // Only the good item's rows: one collateral, component and valuation, and a link to each of its two deals.
    expect(await rowCounts(s)).toEqual({
      collaterals: before.collaterals! + 1,
      components: before.components! + 1,
      alternative_valuations: before.alternative_valuations! + 1,
      deal_collaterals: before.deal_collaterals! + 2,
    });
  });

  it('imports a collateral without an alternative valuation when none is sent', async () => {
    const { alternativeValuationCreateData: _, ...bare } = item([otherDealId]);
    const before = await rowCounts(s);
    const report = await importAndWait(s, [bare]);
    expect(report.errors).toEqual([]);
    expect(await rowCounts(s)).toMatchObject({ collaterals: before.collaterals! + 1, alternative_valuations: before.alternative_valuations });
  });

  it('answers an empty import with a report that completes with nothing in it', async () => {
    const report = await importAndWait(s, []);
    expect(report).toMatchObject({ success: true, status: 'Completed', createdEntities: [], errors: [] });
  });

  describe('refuses a malformed request at once, storing no report', () => {
    const good = () => item(['any-deal']);
    const cases: { rule: string; body: unknown; code: string; target: string; fieldName?: string }[] = [
      { rule: 'a body that is not JSON', body: '{"collaterals": [', code: 'ValidationError', target: 'body' },
      { rule: 'a body that is an array', body: [good()], code: 'ValidationError', target: 'body' },
      { rule: 'a body without collaterals', body: {}, code: 'MissingMandatoryField', target: 'collaterals' },
      { rule: 'collaterals that is not an array', body: { collaterals: 'all of them' }, code: 'ValidationError', target: 'collaterals' },
      { rule: 'an item without clientItemId', body: { collaterals: [{ ...good(), clientItemId: undefined }] }, code: 'MissingMandatoryField', target: 'collaterals.0.clientItemId', fieldName: 'clientItemId' },
      { rule: 'an item without collateralCreateData', body: { collaterals: [{ ...good(), collateralCreateData: undefined }] }, code: 'MissingMandatoryField', target: 'collaterals.0.collateralCreateData', fieldName: 'collateralCreateData' },
      { rule: 'a valuation that is a string', body: { collaterals: [item(['d'], { valuation: { valuation: '4000000' } })] }, code: 'ValidationError', target: 'collaterals.0.alternativeValuationCreateData.valuation', fieldName: 'alternativeValuationCreateData.valuation' },
      { rule: 'dealIds that is not an array', body: { collaterals: [item(['d'], { collateral: { dealIds: 'd' } })] }, code: 'ValidationError', target: 'collaterals.0.collateralCreateData.dealIds', fieldName: 'collateralCreateData.dealIds' },
      { rule: 'a propertyType outside the enumeration', body: { collaterals: [item(['d'], { collateral: { propertyType: 'Castle' } })] }, code: 'ValidationError', target: 'collaterals.0.collateralCreateData.propertyType', fieldName: 'collateralCreateData.propertyType' },
      { rule: 'an impossible asOfDate', body: { collaterals: [item(['d'], { valuation: { asOfDate: '2025-02-30' } })] }, code: 'ValidationError', target: 'collaterals.0.alternativeValuationCreateData.asOfDate', fieldName: 'alternativeValuationCreateData.asOfDate' },
      { rule: 'a blank clientItemId', body: { collaterals: [{ ...good(), clientItemId: ' ' }] }, code: 'MissingMandatoryField', target: 'collaterals.0.clientItemId', fieldName: 'clientItemId' },
      { rule: 'a clientItemId used twice', body: { collaterals: [{ ...good(), clientItemId: 'same' }, { ...good(), clientItemId: 'same' }] }, code: 'ValidationError', target: 'collaterals.1.clientItemId', fieldName: 'clientItemId' },
    ];

    it.each(cases)('$rule gives $code on $target', async (c) => {
      const reports = await count(s, 'import_reports');
      const res = await s.api('POST', '/importCollaterals', c.body);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: false, error: { code: c.code, target: c.target } });
      expect(res.body.reportId).toBeUndefined();
      if (c.fieldName) expect(res.body.error).toMatchObject({ fieldName: c.fieldName, bulkOperationType: 'Create' });
      expect(await count(s, 'import_reports')).toBe(reports);
    });
  });

  it('answers MissingEntity for an unknown reportId', async () => {
    const res = await s.api('GET', '/getImportReport/00000000-0000-4000-8000-000000000000');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, error: { target: 'reportId', code: 'MissingEntity', message: expect.any(String), details: [] } });
  });
});

describe('import reports across restarts', () => {
  it('completes a pending import after the service restarts on the same data directory', async () => {
    const dir = tempDir();
    try {
      const first = await startTestService({ dataDir: dir.path });
      let reportId: string;
      let deal: string;
      let good: ReturnType<typeof item>;
      try {
        deal = await createDeal(first, 'Restart Deal');
        good = item([deal]);
        // Held: the service stops before it processes the import.
        holdImportProcessing(first.store);
        reportId = await startImport(first, [good, item([deal], { valuation: { valuation: 0 } })]);
        expect((await readReport(first, reportId)).status).toBe('Pending');
      } finally {
        await first.stop();
      }

      const second = await startTestService({ dataDir: dir.path });
      try {
        const report = await completedReport(second, reportId);
        expect(report.createdEntities.map((e) => e.clientItemId)).toEqual([good.clientItemId]);
        expect(report.errors.map((e) => e.fieldName)).toEqual(['alternativeValuationCreateData.valuation']);
        const summaries = await collateralSummaries(second, deal);
        expect(summaries.map((c) => c.id)).toContain(report.createdEntities[0]!.entityId);
      } finally {
        await second.stop();
      }
    } finally {
      dir.remove();
    }
  });

  it('does not create twice an item a crashed import had already created', async () => {
    const dir = tempDir();
    try {
      const first = await startTestService({ dataDir: dir.path });
      let deal: string;
      let done: ReturnType<typeof item>;
      let rest: ReturnType<typeof item>;
      let doneId: string;
      const reportId = 'b7a0f4c2-3f7e-4d0a-9a57-crashed00001';
      try {
        deal = await createDeal(first, 'Crash Deal');
        done = item([deal], { migrationReference: 'CRASH-1' });
        rest = item([deal], { migrationReference: 'CRASH-2' });
        doneId = (await importAndWait(first, [done])).createdEntities[0]!.entityId;
        // The row a crash leaves behind: item 0 written and logged in its transaction, item 1 not yet.
        await first.sql(`INSERT INTO import_reports (id, status, request, created_entities, errors) VALUES (?, 'Pending', ?, ?, '[]')`, [
          reportId,
          JSON.stringify({ collaterals: [done, rest] }),
          JSON.stringify([{ clientItemId: done.clientItemId, entityId: doneId, itemIndex: 0 }]),
        ]);
      } finally {
        await first.stop();
      }

      const second = await startTestService({ dataDir: dir.path });
      try {
        const report = await completedReport(second, reportId);
        expect(report.errors).toEqual([]);
        expect(report.createdEntities.map((e) => e.clientItemId)).toEqual([done.clientItemId, rest.clientItemId]);
        expect(report.createdEntities[0]!.entityId).toBe(doneId);
        const refs = await second.sql(`SELECT migration_reference AS ref, COUNT(*) AS n FROM collaterals WHERE migration_reference LIKE 'CRASH-%' GROUP BY ref ORDER BY ref`);
        expect(refs).toEqual([{ ref: 'CRASH-1', n: 1 }, { ref: 'CRASH-2', n: 1 }]);
      } finally {
        await second.stop();
      }
    } finally {
      dir.remove();
    }
  });
});
