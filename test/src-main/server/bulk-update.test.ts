import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BulkUpdateProperty,
  readDealProperty,
  SeedInfoResponseDto,
  UpdateDealsResponseDto,
  type UpdateEngineError,
} from '../../../src-main/contract';
import { OWNER, startTestService, tempDir, type TestService } from '../../support/service';

const OTHER_USER = 'analyst@example.com';
const LOANS_PACKAGE = 'pkg-2026-q1';

let s: TestService;
beforeAll(async () => {
  s = await startTestService({ users: [OWNER, OTHER_USER] });
  await s.sql('INSERT INTO loans_packages (id, name) VALUES (?, ?)', [LOANS_PACKAGE, 'Q1 2026 participation pool']);
});
afterAll(async () => s.stop());

let street = 100;
let fileNo = 0;

/** A fresh residential deal: Acquisition, $12.5M, 60 months, interest-only, SOFR at 0 %, State NewDeal. */
async function newDeal(service: TestService = s): Promise<string> {
  const res = await service.api('POST', '/createResidentialDeal', {
    ownerId: OWNER,
    dealName: 'Riverside Apartments',
    address: { fullAddress: `${street++} Congress Ave, Austin, TX 78701` },
    propertyType: 'Multi_Family_Apartments',
    loanType: 'Acquisition',
    loanAmount: 12_500_000,
    loanTerm: 60,
    residentialLivingUnitCreateDto: [{ frontEndGridLineNumber: '1', description: '1BR/1BA', bedrooms: 1, bathrooms: 1, unitSize: 720, numUnits: 40 }],
  });
  expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
  return res.body.createdEntityId as string;
}

/** A file uploaded under the deal's files. */
async function addFile(dealId: string): Promise<string> {
  const id = `file-${++fileNo}`;
  await s.sql('INSERT INTO files (id, deal_id, name, content_type) VALUES (?, ?, ?, ?)', [id, dealId, `photo-${fileNo}.jpg`, 'image/jpeg']);
  return id;
}

type Value = string | number | boolean | null;
interface Update {
  property: string;
  value: Value;
}

async function bulkUpdate(itemsToUpdate: { id: string; updates: Update[] }[], service: TestService = s): Promise<UpdateDealsResponseDto> {
  const res = await service.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate });
  expect(res.status).toBe(200);
  return UpdateDealsResponseDto.parse(res.body);
}

async function dealInfo(id: string, service: TestService = s): Promise<SeedInfoResponseDto> {
  const res = await service.api('GET', `/getDealInfo/${id}`);
  return SeedInfoResponseDto.parse(res.body);
}

const updates = (pairs: Record<string, Value>): Update[] => Object.entries(pairs).map(([property, value]) => ({ property, value }));

// --- every property, valid values --------------------------------------------------------------

/** A value, or one made for the deal under test (a file of that deal). */
type Given = Value | ((dealId: string) => Promise<string>);
type ValidCase = [property: BulkUpdateProperty, given: Given, readBack: unknown];

const VALID: ValidCase[] = [
  ['State', 'Prep', 'Prep'],
  ['State', 'Rejected', 'Rejected'],
  ['Owner', OTHER_USER, OTHER_USER],
  ['LoanType', 'Refinance_Construction', 'Refinance_Construction'],
  ['Status', 'Term Sheet', 'Term Sheet'],
  ['Priority', 'High', 'High'],
  ['SeedName', 'Riverside Apartments II', 'Riverside Apartments II'],
  ['Note', 'Sponsor asked for a 6-month extension option; see memo §4 ✓', 'Sponsor asked for a 6-month extension option; see memo §4 ✓'],
  ['Note', '', ''],
  ['MainImageFileId', addFile, 'file id'],
  ['ProjectTotalCost', '18250000.75', 18_250_000.75],
  ['ProjectTotalCost', '0', 0],
  ['GrossLoan', '11900000', 11_900_000],
  ['GrossLoan', 11_900_000.5, 11_900_000.5],
  ['IsSyndicatedLoan', 'true', true],
  ['IsSyndicatedLoan', 'false', false],
  ['IsSyndicatedLoan', true, true],
  ['ParticipationGrossLoan', '2500000', 2_500_000],
  ['OriginatedLoanAmount', '12000000.00', 12_000_000],
  ['RateSpread', '5.5', 0.055],
  ['RateSpread', '0.57', 0.0057],
  ['RateSpread', '100', 1],
  ['RateSpread', 2.25, 0.0225],
  ['LoanPaymentStructure', 'InterestOnly', 'InterestOnly'],
  ['IndexRate', '4.33', 0.0433],
  ['IndexRate', '0', 0],
  ['InterestRateFloor', '3.125', 0.03125],
  ['LoanTerm', '120', 120],
  ['LoanTerm', 84, 84],
  ['LoanTerm', '1', 1],
  ['ExtensionTerm', '12', 12],
  ['ExtensionTerm', '0', 0],
  ['AmortizationTerm', '360', 360],
  ['Description', 'Garden-style, 1998 vintage', 'Garden-style, 1998 vintage'],
  ['LoanId', 'LN-2026-00042', 'LN-2026-00042'],
  ['RateIndex', 'SOFR', 'SOFR'],
  ['RateIndex', 'Fixed', 'Fixed'],
  ['RateIndex', 'M_SOFR_TERM_1', 'M_SOFR_TERM_1'],
  ['OriginationDate', '2024-02-29', '2024-02-29'],
  ['ClosingDate', '2025-12-31', '2025-12-31'],
  ['ClosedDate', '2026-01-15', '2026-01-15'],
  ['RiskRating', '1', '1'],
  ['RiskRating', '8', '8'],
  ['RiskRating', 4, '4'],
  ['ProfileName', 'Bridge Lending', 'Bridge Lending'],
  ['UserSelectedLtv', 'Sales', 'Sales'],
  ['UserDebtService', '845000.25', 845_000.25],
  ['DebtServiceMethod', 'Manual', 'Manual'],
  ['RequestedLoanAmount', '13000000', 13_000_000],
  ['CustomField1', 'Jane Rivera', 'Jane Rivera'],
  ['CustomField1', '', ''],
  ['LoansPackageId', LOANS_PACKAGE, LOANS_PACKAGE],
];

describe('each property accepts its valid formats', () => {
  it('covers every property but CustomField2, which is not configured here (see the configured instance below)', () => {
    const covered = new Set(VALID.map(([p]) => p));
    expect(BulkUpdateProperty.options.filter((p) => !covered.has(p))).toEqual(['CustomField2']);
  });

  it.each(VALID)('%s accepts %j and reads it back', async (property, given, readBack) => {
    const id = await newDeal();
    const value = typeof given === 'function' ? await given(id) : given;
    const res = await bulkUpdate([{ id, updates: [{ property, value }] }]);
    expect(res).toEqual({ success: true, error: null, errors: [], updatedEntities: [id] });
    const deal = await dealInfo(id);
    expect(readDealProperty(deal, property)).toEqual(readBack === 'file id' ? value : readBack);
  });

  it('reads RateIndex back as the identifier and rateIndexType as its display string', async () => {
    const id = await newDeal();
    for (const [rateIndex, display] of [['SOFR', 'SOFR'], ['WSJ_Prime', 'WSJ Prime'], ['DAY_SOFR_90', '90 day SOFR'], ['Fixed', 'Fixed']]) {
      await bulkUpdate([{ id, updates: updates({ RateIndex: rateIndex! }) }]);
      expect(await dealInfo(id)).toMatchObject({ rateIndex, rateIndexType: display });
    }
  });

  it('reads UserDebtService and DebtServiceMethod back in collateralTotals, and Manual drives the debt service', async () => {
    const id = await newDeal();
    await bulkUpdate([{ id, updates: updates({ UserDebtService: '845000.25', DebtServiceMethod: 'Manual' }) }]);
    const deal = await dealInfo(id);
    expect(deal.collateralTotals).toMatchObject({ userDebtService: 845_000.25, debtServiceMethod: 'Manual', debtService: 845_000.25 });
    expect(deal.debtService).toBe(845_000.25);
  });

  it('changes many properties of one deal in one item', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([
      { id, updates: updates({ SeedName: 'Maple Court', Priority: 'Low', LoanType: 'Bridge', RiskRating: '3', ClosingDate: '2026-06-30', RequestedLoanAmount: '9000000' }) },
    ]);
    expect(res.updatedEntities).toEqual([id]);
    expect(await dealInfo(id)).toMatchObject({ seedName: 'Maple Court', priority: 'Low', loanType: 'Bridge', riskRating: '3', closingDate: '2026-06-30', requestedLoanAmount: 9_000_000 });
  });
});

// --- every property, invalid values ------------------------------------------------------------

type InvalidCase = [property: string, given: Given, errorType: UpdateEngineError['errorType']];

const ILLEGAL = 'IllegalValue' as const;
const MISSING = 'MissingMandatoryField' as const;

const INVALID: InvalidCase[] = [
  ['State', 'Closed', ILLEGAL],
  ['State', 'newdeal', ILLEGAL],
  ['State', '', MISSING],
  ['Owner', 'stranger@example.com', ILLEGAL],
  ['Owner', '', MISSING],
  ['LoanType', 'Mortgage', ILLEGAL],
  ['LoanType', '', MISSING],
  ['Status', 'Funded', ILLEGAL], // a status of Originated; the deal is NewDeal
  ['Status', 'Screaming', ILLEGAL],
  ['Status', '', ILLEGAL],
  ['Priority', 'Urgent', ILLEGAL],
  ['Priority', null, MISSING],
  ['SeedName', '', MISSING],
  ['SeedName', '   ', MISSING],
  ['MainImageFileId', '', ILLEGAL],
  ['MainImageFileId', 'no-such-file', ILLEGAL],
  ['MainImageFileId', () => addFile(OTHER_DEAL), ILLEGAL],
  ['ProjectTotalCost', '-1', ILLEGAL],
  ['ProjectTotalCost', '1e6', ILLEGAL],
  ['ProjectTotalCost', '1,000,000', ILLEGAL],
  ['ProjectTotalCost', '', MISSING],
  ['GrossLoan', '-0.01', ILLEGAL],
  ['GrossLoan', 'Infinity', ILLEGAL],
  ['GrossLoan', '0x10', ILLEGAL],
  ['GrossLoan', ' 100', ILLEGAL],
  ['GrossLoan', true, ILLEGAL],
  ['GrossLoan', '', MISSING],
  ['GrossLoan', '1' + '0'.repeat(400), ILLEGAL],
  ['IsSyndicatedLoan', 'yes', ILLEGAL],
  ['IsSyndicatedLoan', 'TRUE', ILLEGAL],
  ['IsSyndicatedLoan', '1', ILLEGAL],
  ['IsSyndicatedLoan', '', MISSING],
  ['ParticipationGrossLoan', '-5', ILLEGAL],
  ['ParticipationGrossLoan', '', MISSING],
  ['OriginatedLoanAmount', 'twelve million', ILLEGAL],
  ['OriginatedLoanAmount', '', MISSING],
  ['RateSpread', '100.01', ILLEGAL],
  ['RateSpread', '-0.5', ILLEGAL],
  ['RateSpread', '5.5%', ILLEGAL],
  ['RateSpread', '', MISSING],
  ['LoanPaymentStructure', 'Amortizing', ILLEGAL],
  ['LoanPaymentStructure', '', MISSING],
  ['IndexRate', '101', ILLEGAL],
  ['IndexRate', 'NaN', ILLEGAL],
  ['IndexRate', '', MISSING],
  ['InterestRateFloor', '-1', ILLEGAL],
  ['InterestRateFloor', '150', ILLEGAL],
  ['InterestRateFloor', '', MISSING],
  ['LoanTerm', '0', ILLEGAL],
  ['LoanTerm', '12.5', ILLEGAL],
  ['LoanTerm', '-12', ILLEGAL],
  ['LoanTerm', '1201', ILLEGAL],
  ['LoanTerm', '', MISSING],
  ['ExtensionTerm', '-1', ILLEGAL],
  ['ExtensionTerm', '6.5', ILLEGAL],
  ['ExtensionTerm', '', MISSING],
  ['AmortizationTerm', '0', ILLEGAL],
  ['AmortizationTerm', '360.5', ILLEGAL],
  ['AmortizationTerm', '', MISSING],
  ['LoanId', '', ILLEGAL],
  ['LoanId', '  ', ILLEGAL],
  ['RateIndex', 'LIBOR', ILLEGAL],
  ['RateIndex', '1 M TERM SOFR', ILLEGAL], // the display string is read, the identifier written
  ['RateIndex', '', MISSING],
  ['OriginationDate', '2025-02-30', ILLEGAL],
  ['OriginationDate', '2025-13-01', ILLEGAL],
  ['OriginationDate', '01/02/2025', ILLEGAL],
  ['OriginationDate', '', ILLEGAL],
  ['ClosingDate', '2025-2-3', ILLEGAL],
  ['ClosedDate', '2023-02-29', ILLEGAL],
  ['RiskRating', '0', ILLEGAL],
  ['RiskRating', '9', ILLEGAL],
  ['RiskRating', '1.5', ILLEGAL],
  ['RiskRating', 'A', ILLEGAL],
  ['RiskRating', '', ILLEGAL],
  ['ProfileName', 'Aggressive Growth', ILLEGAL],
  ['ProfileName', '', ILLEGAL],
  ['UserSelectedLtv', 'Cost', ILLEGAL],
  ['UserSelectedLtv', '', MISSING],
  ['UserDebtService', '-100', ILLEGAL],
  ['UserDebtService', '', MISSING],
  ['DebtServiceMethod', 'Auto', ILLEGAL],
  ['DebtServiceMethod', '', MISSING],
  ['RequestedLoanAmount', '-1', ILLEGAL],
  ['RequestedLoanAmount', '', MISSING],
  ['CustomField2', 'East region', ILLEGAL],
  ['LoansPackageId', 'no-such-package', ILLEGAL],
  ['LoansPackageId', '', ILLEGAL],
  ['Colour', 'red', ILLEGAL],
  ['seedName', 'Lower-case property names are not the spec names', ILLEGAL],
];

let OTHER_DEAL: string;

describe('each property rejects each kind of invalid value', () => {
  beforeAll(async () => {
    OTHER_DEAL = await newDeal();
  });

  it('has invalid values for every property but the free-text ones', () => {
    const covered = new Set(INVALID.map(([p]) => p));
    expect(BulkUpdateProperty.options.filter((p) => !covered.has(p))).toEqual(['Note', 'Description', 'CustomField1']);
  });

  it.each(INVALID)('%s rejects %j with %s naming the property', async (property, given, errorType) => {
    const id = await newDeal();
    const before = await dealInfo(id);
    const value = typeof given === 'function' ? await given(id) : given;
    const res = await bulkUpdate([{ id, updates: [{ property, value }] }]);
    expect(res.success).toBe(true);
    expect(res.updatedEntities).toEqual([]);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ id, operation: 'Update', errorType, fieldName: property });
    expect(res.errors[0]!.description.length).toBeGreaterThan(10);
    expect(await dealInfo(id)).toEqual(before);
  });

  it('says why an unconfigured custom field cannot be set', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([{ id, updates: updates({ CustomField2: 'East region' }) }]);
    expect(res.errors[0]!.description).toMatch(/CustomField2 is not configured/);
  });

  it('names the allowed statuses of the State in the description', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([{ id, updates: updates({ Status: 'Funded' }) }]);
    expect(res.errors[0]!.description).toBe('Status must be one of the statuses configured for State NewDeal: Screening, Term Sheet, Application.');
  });

  it('rejects a property given twice in one item', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([{ id, updates: [{ property: 'GrossLoan', value: '1' }, { property: 'GrossLoan', value: '2' }] }]);
    expect(res.errors.map((e) => [e.errorType, e.fieldName])).toEqual([
      ['IllegalValue', 'GrossLoan'],
      ['IllegalValue', 'GrossLoan'],
    ]);
    expect((await dealInfo(id)).grossLoan).toBe(12_500_000);
  });
});

describe('custom fields on an installation that configures them', () => {
  let configured: TestService;
  const dir = tempDir();
  beforeAll(async () => {
    writeFileSync(join(dir.path, 'system-config.json'), JSON.stringify({ customFields: { CustomField1: null, CustomField2: { label: 'Region' } } }));
    configured = await startTestService({ dataDir: dir.path });
  });
  afterAll(async () => {
    await configured.stop();
    dir.remove();
  });

  it('accepts CustomField2 and refuses CustomField1 when only CustomField2 is configured', async () => {
    const id = await newDeal(configured);
    const ok = await bulkUpdate([{ id, updates: updates({ CustomField2: 'East region' }) }], configured);
    expect(ok.updatedEntities).toEqual([id]);
    expect((await dealInfo(id, configured)).customField2).toBe('East region');
    const refused = await bulkUpdate([{ id, updates: updates({ CustomField1: 'Jane Rivera' }) }], configured);
    expect(refused.errors).toMatchObject([{ errorType: 'IllegalValue', fieldName: 'CustomField1' }]);
  });
});

// --- atomicity, ids, cross-field rules ---------------------------------------------------------

describe('atomic updates per deal', () => {
  it('keeps none of the updates of a deal with one bad update while another deal in the same request changes', async () => {
    const bad = await newDeal();
    const good = await newDeal();
    const res = await bulkUpdate([
      { id: bad, updates: updates({ SeedName: 'Should not stick', GrossLoan: '9000000', LoanTerm: '12.5' }) },
      { id: good, updates: updates({ SeedName: 'Renamed', GrossLoan: '9000000' }) },
    ]);
    expect(res.success).toBe(true);
    expect(res.updatedEntities).toEqual([good]);
    expect(res.errors).toMatchObject([{ id: bad, errorType: 'IllegalValue', fieldName: 'LoanTerm' }]);
    expect(await dealInfo(bad)).toMatchObject({ seedName: 'Riverside Apartments', grossLoan: 12_500_000, loanTerm: 60 });
    expect(await dealInfo(good)).toMatchObject({ seedName: 'Renamed', grossLoan: 9_000_000 });
  });

  it('lists every failing update of a deal, not just the first', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([
      { id, updates: updates({ RateSpread: '120', Note: 'fine', Owner: 'nobody@example.com', SeedName: '', Colour: 'red', OriginationDate: '2025-02-30' }) },
    ]);
    expect(res.errors.map((e) => [e.fieldName, e.errorType])).toEqual([
      ['RateSpread', 'IllegalValue'],
      ['Owner', 'IllegalValue'],
      ['SeedName', 'MissingMandatoryField'],
      ['Colour', 'IllegalValue'],
      ['OriginationDate', 'IllegalValue'],
    ]);
    expect((await dealInfo(id)).note).toBeNull();
  });

  it('answers IdNotFound for unknown ids and still updates the known ones', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([
      { id: 'no-such-deal', updates: updates({ Priority: 'High' }) },
      { id, updates: updates({ Priority: 'High' }) },
      { id: '', updates: [] },
    ]);
    expect(res.updatedEntities).toEqual([id]);
    expect(res.errors).toEqual([
      { id: 'no-such-deal', operation: 'Update', errorType: 'IdNotFound', description: 'No deal exists with this id.', fieldName: 'id' },
      { id: '', operation: 'Update', errorType: 'IdNotFound', description: 'No deal exists with this id.', fieldName: 'id' },
    ]);
    expect((await dealInfo(id)).priority).toBe('High');
  });

  it('counts an existing deal with no updates as updated, writing nothing', async () => {
    const id = await newDeal();
    const before = await dealInfo(id);
    expect(await bulkUpdate([{ id, updates: [] }])).toMatchObject({ errors: [], updatedEntities: [id] });
    expect(await dealInfo(id)).toEqual(before);
  });

  it('answers an empty request with nothing updated', async () => {
    expect(await bulkUpdate([])).toEqual({ success: true, error: null, errors: [], updatedEntities: [] });
  });
});

describe('a loan id names one loan', () => {
  it('refuses a loan id another deal already holds, with IllegalValue on LoanId naming that deal, and keeps the rest of the request', async () => {
    const holder = await newDeal();
    const other = await newDeal();
    const bystander = await newDeal();
    expect((await bulkUpdate([{ id: holder, updates: updates({ LoanId: 'LN-DUP-0001' }) }])).updatedEntities).toEqual([holder]);

    const res = await bulkUpdate([
      { id: other, updates: updates({ LoanId: 'LN-DUP-0001', Priority: 'High' }) },
      { id: bystander, updates: updates({ Priority: 'High' }) },
    ]);
    expect(res.updatedEntities).toEqual([bystander]);
    expect(res.errors).toHaveLength(1);
    expect(res.errors[0]).toMatchObject({ id: other, operation: 'Update', errorType: 'IllegalValue', fieldName: 'LoanId' });
    expect(res.errors[0]!.description).toContain('LN-DUP-0001');
    expect(res.errors[0]!.description).toContain(holder);
    expect(await dealInfo(other)).toMatchObject({ loanId: null, priority: 'Medium' });
    expect((await dealInfo(holder)).loanId).toBe('LN-DUP-0001');
  });

  it('refuses, for every deal concerned, a loan id the request gives to two deals', async () => {
    const [a, b, c] = [await newDeal(), await newDeal(), await newDeal()];
    const res = await bulkUpdate([
      { id: a, updates: updates({ LoanId: 'LN-DUP-0002' }) },
      { id: b, updates: updates({ LoanId: 'LN-DUP-0002' }) },
      { id: c, updates: updates({ LoanId: 'LN-UNIQUE-0002' }) },
    ]);
    expect(res.updatedEntities).toEqual([c]);
    expect(res.errors.map((e) => [e.id, e.errorType, e.fieldName])).toEqual([
      [a, 'IllegalValue', 'LoanId'],
      [b, 'IllegalValue', 'LoanId'],
    ]);
    expect((await dealInfo(a)).loanId).toBeNull();
    expect((await dealInfo(b)).loanId).toBeNull();
  });

  it('compares loan ids ignoring case and surrounding spaces, as an import finds a deal by its loan id', async () => {
    const holder = await newDeal();
    const other = await newDeal();
    await bulkUpdate([{ id: holder, updates: updates({ LoanId: 'LN-DUP-0003' }) }]);
    const res = await bulkUpdate([{ id: other, updates: updates({ LoanId: ' ln-dup-0003' }) }]);
    expect(res.errors).toMatchObject([{ id: other, errorType: 'IllegalValue', fieldName: 'LoanId' }]);
  });

  it("lets a deal keep or re-case its own loan id, and a later item take a loan id an earlier item gave up", async () => {
    const a = await newDeal();
    const b = await newDeal();
    await bulkUpdate([{ id: a, updates: updates({ LoanId: 'LN-MOVE-0004' }) }]);
    expect((await bulkUpdate([{ id: a, updates: updates({ LoanId: 'LN-MOVE-0004' }) }])).updatedEntities).toEqual([a]);
    expect((await bulkUpdate([{ id: a, updates: updates({ LoanId: 'ln-move-0004' }) }])).updatedEntities).toEqual([a]);
    const res = await bulkUpdate([
      { id: a, updates: updates({ LoanId: 'LN-MOVE-0005' }) },
      { id: b, updates: updates({ LoanId: 'LN-MOVE-0004' }) },
    ]);
    expect(res).toMatchObject({ errors: [], updatedEntities: [a, b] });
    expect((await dealInfo(a)).loanId).toBe('LN-MOVE-0005');
    expect((await dealInfo(b)).loanId).toBe('LN-MOVE-0004');
  });

  it('gives a loan id to only one of two deals when two requests race for it', async () => {
    const a = await newDeal();
    const b = await newDeal();
    const [first, second] = await Promise.all([
      bulkUpdate([{ id: a, updates: updates({ LoanId: 'LN-RACE-0006' }) }]),
      bulkUpdate([{ id: b, updates: updates({ LoanId: 'LN-RACE-0006' }) }]),
    ]);
    expect(first.updatedEntities.length + second.updatedEntities.length).toBe(1);
    expect([...first.errors, ...second.errors]).toMatchObject([{ errorType: 'IllegalValue', fieldName: 'LoanId' }]);
    const holders = await s.sql<{ id: string }>('SELECT id FROM deals WHERE loan_id = ?', ['LN-RACE-0006']);
    expect(holders).toHaveLength(1);
  });
});

describe('Status and State', () => {
  it('checks Status against the State set in the same item, whatever the order of the updates', async () => {
    const a = await newDeal();
    const b = await newDeal();
    const res = await bulkUpdate([
      { id: a, updates: updates({ Status: 'Funded', State: 'Originated' }) },
      { id: b, updates: updates({ State: 'Originated', Status: 'Funded' }) },
    ]);
    expect(res).toMatchObject({ errors: [], updatedEntities: [a, b] });
    expect(await dealInfo(a)).toMatchObject({ state: 'Originated', status: 'Funded' });
  });

  it('rejects a Status of the old State when the item moves the State', async () => {
    const id = await newDeal();
    await bulkUpdate([{ id, updates: updates({ Status: 'Screening' }) }]);
    const res = await bulkUpdate([{ id, updates: updates({ State: 'Rejected', Status: 'Screening' }) }]);
    expect(res.errors).toMatchObject([{ errorType: 'IllegalValue', fieldName: 'Status' }]);
    expect(res.errors[0]!.description).toMatch(/State Rejected: Declined, Withdrawn, Lost to Competitor/);
    expect(await dealInfo(id)).toMatchObject({ state: 'NewDeal', status: 'Screening' });
  });

  it('does not judge the Status when the State beside it is invalid', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([{ id, updates: updates({ State: 'Closed', Status: 'Funded' }) }]);
    expect(res.errors.map((e) => e.fieldName)).toEqual(['State']);
  });

  it("clears a Status that does not belong to the deal's new State", async () => {
    const id = await newDeal();
    await bulkUpdate([{ id, updates: updates({ Status: 'Screening' }) }]);
    await bulkUpdate([{ id, updates: updates({ State: 'Prep' }) }]);
    expect(await dealInfo(id)).toMatchObject({ state: 'Prep', status: null });
  });
});

describe('the P_I_Amortization rule', () => {
  it('refuses P_I_Amortization without an index rate or an amortization term, on LoanPaymentStructure', async () => {
    const id = await newDeal(); // SOFR at 0 %, amortization term 0
    const res = await bulkUpdate([{ id, updates: updates({ LoanPaymentStructure: 'P_I_Amortization' }) }]);
    expect(res.errors).toMatchObject([{ errorType: 'IllegalValue', fieldName: 'LoanPaymentStructure' }]);
    expect(res.errors[0]!.description).toMatch(/valid index rate.*AmortizationTerm above 0/);
    expect((await dealInfo(id)).loanPaymentStructure).toBe('InterestOnly');
  });

  it('accepts P_I_Amortization with the index rate and terms set in the same item, and amortizes the debt service', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([
      { id, updates: updates({ LoanPaymentStructure: 'P_I_Amortization', IndexRate: '4.5', RateSpread: '2', AmortizationTerm: '360' }) },
    ]);
    expect(res.errors).toEqual([]);
    const deal = await dealInfo(id);
    expect(deal).toMatchObject({ loanPaymentStructure: 'P_I_Amortization', amortizationTerm: 360, loanTerm: 60 });
    const i = 0.065 / 12;
    expect(deal.debtService).toBeCloseTo((12 * 12_500_000 * i) / (1 - (1 + i) ** -360), 6);
  });

  it('accepts a fixed-rate P_I_Amortization loan without an index rate', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([{ id, updates: updates({ RateIndex: 'Fixed', RateSpread: '6.25', AmortizationTerm: '300', LoanPaymentStructure: 'P_I_Amortization' }) }]);
    expect(res.errors).toEqual([]);
    expect(await dealInfo(id)).toMatchObject({ interestRate: 0.0625, rateIndexType: 'Fixed', loanPaymentStructure: 'P_I_Amortization' });
  });

  it('refuses P_I_Amortization when the loan term exceeds the amortization term', async () => {
    const id = await newDeal();
    const res = await bulkUpdate([{ id, updates: updates({ LoanPaymentStructure: 'P_I_Amortization', IndexRate: '4', LoanTerm: '400', AmortizationTerm: '360' }) }]);
    expect(res.errors).toMatchObject([{ fieldName: 'LoanPaymentStructure', errorType: 'IllegalValue' }]);
    expect(res.errors[0]!.description).toMatch(/LoanTerm not above the AmortizationTerm \(it would have LoanTerm 400 and AmortizationTerm 360 months\)/);
    expect(await dealInfo(id)).toMatchObject({ loanTerm: 60, amortizationTerm: 0, indexRate: 0 });
  });

  describe('on a deal that already amortizes (60 of 360 months, SOFR at 4 %)', () => {
    let id: string;
    beforeAll(async () => {
      id = await newDeal();
      const res = await bulkUpdate([{ id, updates: updates({ LoanPaymentStructure: 'P_I_Amortization', IndexRate: '4', AmortizationTerm: '360' }) }]);
      expect(res.errors).toEqual([]);
    });

    it.each([
      ['LoanTerm', '480', /LoanTerm 480 and AmortizationTerm 360/],
      ['AmortizationTerm', '48', /LoanTerm 60 and AmortizationTerm 48/],
      ['IndexRate', '0', /valid index rate/],
    ])('blames %s = %s for breaking it', async (property, value, description) => {
      const res = await bulkUpdate([{ id, updates: [{ property, value }] }]);
      expect(res.errors).toMatchObject([{ errorType: 'IllegalValue', fieldName: property }]);
      expect(res.errors[0]!.description).toMatch(description);
      expect(await dealInfo(id)).toMatchObject({ loanTerm: 60, amortizationTerm: 360, indexRate: 0.04 });
    });

    it('accepts a longer loan term together with a longer amortization term', async () => {
      const res = await bulkUpdate([{ id, updates: updates({ LoanTerm: '480', AmortizationTerm: '480' }) }]);
      expect(res.errors).toEqual([]);
      expect(await dealInfo(id)).toMatchObject({ loanTerm: 480, amortizationTerm: 480 });
    });

    it('accepts any terms once the loan goes back to interest-only', async () => {
      const res = await bulkUpdate([{ id, updates: updates({ AmortizationTerm: '12', LoanPaymentStructure: 'InterestOnly', IndexRate: '0' }) }]);
      expect(res.errors).toEqual([]);
    });
  });
});

describe('figures computed from the updated terms', () => {
  it('changes interestRate and debtService when IndexRate and RateSpread change', async () => {
    const id = await newDeal();
    await bulkUpdate([{ id, updates: updates({ IndexRate: '4.33', RateSpread: '2.5' }) }]);
    let deal = await dealInfo(id);
    expect(deal.interestRate).toBeCloseTo(0.0683, 12);
    expect(deal.debtService).toBeCloseTo(12_500_000 * 0.0683, 4); // interest-only, 30/360
    await bulkUpdate([{ id, updates: updates({ RateSpread: '3' }) }]);
    deal = await dealInfo(id);
    expect(deal.interestRate).toBeCloseTo(0.0733, 12);
    expect(deal.debtService).toBeCloseTo(12_500_000 * 0.0733, 4);
  });

  it('applies the InterestRateFloor to a floating rate', async () => {
    const id = await newDeal();
    await bulkUpdate([{ id, updates: updates({ IndexRate: '3', RateSpread: '2', InterestRateFloor: '6' }) }]);
    expect((await dealInfo(id)).interestRate).toBeCloseTo(0.06, 12);
  });

  it('changes ltc when ProjectTotalCost and GrossLoan change', async () => {
    const id = await newDeal();
    await bulkUpdate([{ id, updates: updates({ ProjectTotalCost: '20000000', GrossLoan: '15000000' }) }]);
    expect((await dealInfo(id)).ltc).toBeCloseTo(0.75, 12);
  });
});

describe('malformed requests', () => {
  it.each([
    ['itemsToUpdate is not an array', { itemsToUpdate: 'all of them' }, 'ValidationError', 'itemsToUpdate'],
    ['an id is a number', { itemsToUpdate: [{ id: 42, updates: [] }] }, 'ValidationError', 'itemsToUpdate.0.id'],
    ['a value is an object', { itemsToUpdate: [{ id: 'd', updates: [{ property: 'Note', value: { text: 'x' } }] }] }, 'ValidationError', 'itemsToUpdate.0.updates.0.value'],
    ['a property is a number', { itemsToUpdate: [{ id: 'd', updates: [{ property: 7, value: 'x' }] }] }, 'ValidationError', 'itemsToUpdate.0.updates.0.property'],
    ['itemsToUpdate is absent', {}, 'MissingMandatoryField', 'itemsToUpdate'],
    ['a value is absent', { itemsToUpdate: [{ id: 'd', updates: [{ property: 'Note' }] }] }, 'MissingMandatoryField', 'itemsToUpdate.0.updates.0.value'],
  ])('answers the envelope with success false when %s', async (_, body, code, target) => {
    const res = await s.api('PATCH', '/bulkUpdateDeals', body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: { code, target } });
  });

  it('answers malformed JSON with a ValidationError envelope', async () => {
    const res = await s.api('PATCH', '/bulkUpdateDeals', '{"itemsToUpdate": [');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: { code: 'ValidationError', target: 'body' } });
  });

  it('changes nothing when the request is malformed', async () => {
    const id = await newDeal();
    await s.api('PATCH', '/bulkUpdateDeals', { itemsToUpdate: [{ id, updates: updates({ Priority: 'High' }) }, { id: 7, updates: [] }] });
    expect((await dealInfo(id)).priority).toBe('Medium');
  });
});
