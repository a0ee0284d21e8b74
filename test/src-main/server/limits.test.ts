import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpdateDealsResponseDto } from '../../../src-main/contract';
import { OWNER, startTestService, type TestService } from '../../support/service';

// What cannot be stored exactly, or only by letting one client fill the store, is refused and
// named; nothing of it is kept.

let s: TestService;
let street = 200;
beforeAll(async () => {
  s = await startTestService({ users: [OWNER] });
});
afterAll(async () => s?.stop());

const residential = (overrides: Record<string, unknown> = {}) => ({
  ownerId: OWNER,
  dealName: 'Riverside Apartments',
  address: { fullAddress: `${street++} Congress Ave, Austin, TX 78701` },
  propertyType: 'Multi_Family_Apartments',
  loanType: 'Acquisition',
  loanAmount: 12_500_000,
  loanTerm: 60,
  ...overrides,
});

async function newDeal(): Promise<string> {
  const res = await s.api('POST', '/createResidentialDeal', residential());
  expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
  return res.body.createdEntityId as string;
}

/** One update; a value given as { json } goes out as that JSON text. */
async function update(id: string, property: string, value: unknown) {
  const wire = typeof value === 'object' && value !== null && 'json' in value ? (value as { json: string }).json : JSON.stringify(value);
  const res = await s.api('PATCH', '/bulkUpdateDeals', `{"itemsToUpdate":[{"id":${JSON.stringify(id)},"updates":[{"property":${JSON.stringify(property)},"value":${wire}}]}]}`);
  expect(res.status).toBe(200);
  return res.body;
}

// The limits the API documents (contract LIMITS), written out: the test states them.
const LIMITS = { nameLength: 200, emailLength: 254, addressLength: 500, textLength: 10_000 };
/** 2^53 + 1 as a client writes it: JSON.parse (and any double) rounds it to 2^53. */
const ABOVE_2_53 = '9007199254740993';

const dealInfo = async (id: string) => (await s.api('GET', `/getDealInfo/${id}`)).body;
const tenMegabytes = 'n'.repeat(10 * 2 ** 20);

describe('bulk update values', () => {
  it.each([
    ['GrossLoan', ABOVE_2_53, 'an integer above 2^53, rounded by a double'],
    ['GrossLoan', { json: ABOVE_2_53 }, 'the same as a JSON number'],
    ['GrossLoan', '1000000000000.01', 'an amount above a trillion dollars'],
    ['ProjectTotalCost', '1234567.1234567891', 'a number of 17 significant digits, kept as 1234567.1234567892'],
    ['RateSpread', '5.12345678901234567', 'a percentage of 18 significant digits'],
    ['SeedName', 'x'.repeat(LIMITS.nameLength + 1), `a deal name over ${LIMITS.nameLength} characters`],
  ])('refuses %s = %s (%s) for its deal as IllegalValue naming the property, and keeps the deal', async (property, value, _what) => {
    const id = await newDeal();
    const before = await dealInfo(id);
    const res = UpdateDealsResponseDto.parse(await update(id, property, value));
    expect(res.updatedEntities).toEqual([]);
    expect(res.errors).toEqual([expect.objectContaining({ id, errorType: 'IllegalValue', fieldName: property })]);
    expect(await dealInfo(id)).toEqual(before);
  });

  it('takes what is within the limits exactly: a trillion dollars, 17 digits a double holds, a 10,000-character note', async () => {
    const id = await newDeal();
    const note = 'n'.repeat(LIMITS.textLength);
    const res = await s.api('PATCH', '/bulkUpdateDeals', {
      itemsToUpdate: [{ id, updates: [
        { property: 'GrossLoan', value: '999999999999.99' },
        { property: 'ProjectTotalCost', value: '1000000000000' },
        // The shortest spelling of a double, as the sync sends a value it holds.
        { property: 'ParticipationGrossLoan', value: '0.30000000000000004' },
        { property: 'Note', value: note },
      ] }],
    });
    expect(res.body.errors).toEqual([]);
    expect(await dealInfo(id)).toMatchObject({ grossLoan: 999_999_999_999.99, projectTotalCost: 1e12, participationGrossLoan: 0.1 + 0.2, note });
  });

  it('refuses a 10 MB note as a ValidationError of the request naming the value, storing nothing', async () => {
    const id = await newDeal();
    const res = await update(id, 'Note', tenMegabytes);
    expect(res).toMatchObject({ success: false, error: { code: 'ValidationError', target: 'itemsToUpdate.0.updates.0.value' } });
    expect(res.error.message).toContain(`at most ${LIMITS.textLength} characters`);
    expect((await dealInfo(id)).note).not.toBe(tenMegabytes);
  });
});

describe('create bodies', () => {
  it.each([
    ['loanAmount', 2 ** 53 + 2],
    ['loanAmount', 2e12],
    ['dealName', 'x'.repeat(LIMITS.nameLength + 1)],
    ['ownerId', `${'a'.repeat(LIMITS.emailLength)}@example.com`],
    ['address.fullAddress', 'x'.repeat(LIMITS.addressLength + 1)],
    ['residentialLivingUnitCreateDto.0.description', tenMegabytes],
  ])('refuses %s beyond its limit with a ValidationError naming it', async (target, value) => {
    const [first, second, third] = target.split('.');
    const body: Record<string, unknown> = residential();
    if (first === 'address') body.address = { [second!]: value };
    else if (second !== undefined) body[first!] = [{ numUnits: 1, unitSize: 700, [third!]: value }];
    else body[first!] = value;
    const before = (await s.api('GET', '/getAllDealIds')).body.dealIds.length;
    const res = await s.api('POST', '/createResidentialDeal', body);
    expect(res.body).toMatchObject({ success: false, error: { code: 'ValidationError', target } });
    expect((await s.api('GET', '/getAllDealIds')).body.dealIds).toHaveLength(before);
  });
});

describe('import items', () => {
  it.each([
    ['collaterals.0.collateralCreateData.name', { collateralCreateData: { name: 'x'.repeat(LIMITS.nameLength + 1) } }],
    ['collaterals.0.collateralCreateData.description', { collateralCreateData: { description: tenMegabytes } }],
    ['collaterals.0.alternativeValuationCreateData.valuation', { collateralCreateData: {}, alternativeValuationCreateData: { valuation: 2 ** 53 + 2 } }],
    ['collaterals.0.clientItemId', { clientItemId: 'x'.repeat(LIMITS.nameLength + 1), collateralCreateData: {} }],
  ])('refuses %s beyond its limit with a ValidationError naming it', async (target, item) => {
    const res = await s.api('POST', '/importCollaterals', { collaterals: [{ clientItemId: 'row-1', ...item }] });
    expect(res.body).toMatchObject({ success: false, error: { code: 'ValidationError', target } });
  });
});
