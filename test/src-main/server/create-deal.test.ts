import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateResponseDto,
  HotelComponentInfoResponseDto,
  SeedInfoResponseDto,
} from '../../../src-main/contract';
import { OWNER, startTestService, type TestService } from '../../support/service';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => s.stop());

let street = 100;
/** A fresh, real address each call so creates do not collide as duplicates. */
const address = () => ({ fullAddress: `${street++} Congress Ave, Austin, TX 78701` });

const residential = () => ({
  ownerId: OWNER,
  dealName: 'Riverside Apartments',
  address: address(),
  propertyType: 'Multi_Family_Apartments',
  loanType: 'Acquisition',
  loanAmount: 12_500_000,
  loanTerm: 60,
  residentialLivingUnitCreateDto: [
    { frontEndGridLineNumber: '1', description: '1BR/1BA', bedrooms: 1, bathrooms: 1, unitSize: 720, numUnits: 40 },
    { frontEndGridLineNumber: '2', description: '2BR/2BA', bedrooms: 2, bathrooms: 2, unitSize: 1050, numUnits: 24 },
  ],
});
const commercial = () => ({
  ownerId: OWNER,
  dealName: 'Congress Office Center',
  address: address(),
  propertyType: 'Office',
  loanType: 'Refinance',
  loanAmount: 20_000_000,
  loanTerm: 120,
  commercialLivingUnitCreateDto: [
    { frontEndGridLineNumber: '1', description: 'Ground floor retail', suite: '100', floor: 1, unitSize: 4200 },
    { frontEndGridLineNumber: '2', description: 'Office', suite: '200', floor: 2, unitSize: 12000 },
  ],
});
const hotel = () => ({
  ownerId: OWNER,
  dealName: 'Capitol Hotel',
  address: address(),
  propertyType: 'Hotel',
  loanType: 'Bridge',
  loanAmount: 31_000_000,
  loanTerm: 36,
  hotelCreateDto: { totalRooms: 180, averageDailyRate: 215, occupancy: 0.74, totalSf: 120000 },
});

async function create(path: string, body: unknown) {
  const res = await s.api('POST', path, body);
  expect(res.status).toBe(200);
  return res.body;
}

describe('creating deals', () => {
  it('creates a residential deal with its collateral, component and unit mix', async () => {
    const body = CreateResponseDto.parse(await create('/createResidentialDeal', residential()));
    expect(body.createdEntityId).toMatch(/^[0-9a-f-]{36}$/);
    const deal = SeedInfoResponseDto.parse((await s.api('GET', `/getDealInfo/${body.createdEntityId}`)).body);
    expect(deal).toMatchObject({ seedName: 'Riverside Apartments', grossLoan: 12_500_000, loanTerm: 60, owner: OWNER });
    expect(deal.collateralTotals.totalUnit).toBe(64);
    expect(deal.collateralTotals.totalSF).toBe(40 * 720 + 24 * 1050);
    const components = (await s.api('GET', `/getDealComponentSummary/${body.createdEntityId}`)).body;
    expect(components.componentSummary).toHaveLength(1);
    const info = (await s.api('GET', `/getResidentialComponentInfo/${components.componentSummary[0].id}`)).body;
    expect(info.livingUnitsInfo.livingUnits.map((u: { numUnits: number }) => u.numUnits)).toEqual([40, 24]);
  });

  it('creates a commercial deal with its suites', async () => {
    const { createdEntityId } = CreateResponseDto.parse(await create('/createCommercialDeal', commercial()));
    const summary = (await s.api('GET', `/getDealComponentSummary/${createdEntityId}`)).body.componentSummary[0];
    expect(summary).toMatchObject({ componentType: 'Commercial', assetType: 'Office', totalUnits: 2, totalSf: 16200 });
  });

  it('creates a hotel deal whose hotel component reports RevPAR', async () => {
    const { createdEntityId } = CreateResponseDto.parse(await create('/createHotelDeal', hotel()));
    const summary = (await s.api('GET', `/getDealComponentSummary/${createdEntityId}`)).body.componentSummary[0];
    const info = HotelComponentInfoResponseDto.parse((await s.api('GET', `/getHotelComponentInfo/${summary.id}`)).body);
    expect(info.hotelInfo.totalRooms).toBe(180);
    expect(info.hotelInfo.revPar).toBeCloseTo(215 * 0.74, 10);
  });

  it.each(['/CreateResidentialDeal', '/CreateCommercialDeal', '/CreateHotelDeal'])('accepts the capitalised alias %s', async (path) => {
    const body = path.includes('Residential') ? residential() : path.includes('Commercial') ? commercial() : hotel();
    expect((await create(path, body)).success).toBe(true);
  });

  it('answers Duplicated for an address that already has a deal, however it is written', async () => {
    const first = residential();
    expect((await create('/createResidentialDeal', first)).success).toBe(true);
    const again = { ...residential(), address: { fullAddress: first.address.fullAddress.replace('Ave', 'Avenue').toUpperCase() } };
    const res = await create('/createResidentialDeal', again);
    expect(res).toMatchObject({ success: false, error: { code: 'Duplicated', target: 'address' } });
  });

  it('resolves an address from its placeId alone', async () => {
    const first = await create('/createCommercialDeal', commercial());
    const deal = (await s.api('GET', `/getDealCollateralSummary/${first.createdEntityId}`)).body;
    const placeId = deal.collateralSummaries[0].address.placeId;
    expect(placeId).toBeTruthy();
    const res = await create('/createCommercialDeal', { ...commercial(), address: { placeId } });
    expect(res.error.code).toBe('Duplicated');
  });
});

describe('create validation', () => {
  const mandatory = ['ownerId', 'dealName', 'address', 'propertyType', 'loanType', 'loanAmount', 'loanTerm'] as const;
  it.each(mandatory)('answers MissingMandatoryField naming %s when it is absent', async (field) => {
    const body: Record<string, unknown> = residential();
    delete body[field];
    const res = await create('/createResidentialDeal', body);
    expect(res).toMatchObject({ success: false, error: { code: 'MissingMandatoryField', target: field } });
  });

  it('answers MissingMandatoryField when the address has no locator', async () => {
    const res = await create('/createResidentialDeal', { ...residential(), address: { additionalFreeText: 'Suite 5' } });
    expect(res.error).toMatchObject({ code: 'MissingMandatoryField', target: 'address.fullAddress' });
  });

  it('answers MissingMandatoryField for a unit-mix row without numUnits', async () => {
    const body = residential();
    delete (body.residentialLivingUnitCreateDto[1] as Record<string, unknown>).numUnits;
    const res = await create('/createResidentialDeal', body);
    expect(res.error).toMatchObject({ code: 'MissingMandatoryField', target: 'residentialLivingUnitCreateDto.1.numUnits' });
  });

  it.each([
    ['loanAmount', 0, 'InvalidCreateValues'],
    ['loanAmount', -5, 'InvalidCreateValues'],
    ['loanTerm', 12.5, 'ValidationError'],
    ['loanType', 'Mortgage', 'InvalidCreateValues'],
    ['propertyType', 'Office', 'InvalidCreateValues'],
    ['loanAmount', 'a lot', 'ValidationError'],
    ['dealName', 42, 'ValidationError'],
  ])('rejects %s = %j with %s naming the field', async (field, value, code) => {
    const res = await create('/createResidentialDeal', { ...residential(), [field]: value });
    expect(res).toMatchObject({ success: false, error: { code, target: field } });
  });

  it('rejects a hotel propertyType on the commercial create', async () => {
    const res = await create('/createCommercialDeal', { ...commercial(), propertyType: 'Hotel' });
    expect(res.error).toMatchObject({ code: 'InvalidCreateValues', target: 'propertyType' });
  });

  it('rejects an occupancy above 1 on the hotel create', async () => {
    const res = await create('/createHotelDeal', { ...hotel(), hotelCreateDto: { totalRooms: 10, occupancy: 1.4 } });
    expect(res.error).toMatchObject({ code: 'InvalidCreateValues', target: 'hotelCreateDto.occupancy' });
  });

  it('rejects an owner who is not a user', async () => {
    const res = await create('/createResidentialDeal', { ...residential(), ownerId: 'stranger@example.com' });
    expect(res.error).toMatchObject({ code: 'InvalidCreateValues', target: 'ownerId' });
  });

  it('rejects an address the place lookup cannot locate', async () => {
    const res = await create('/createResidentialDeal', { ...residential(), address: { fullAddress: 'somewhere nice' } });
    expect(res.error).toMatchObject({ code: 'InvalidCreateValues', target: 'address.fullAddress' });
  });

  it('answers malformed JSON with HTTP 200 and a ValidationError envelope', async () => {
    const res = await s.api('POST', '/createResidentialDeal', '{"dealName": ');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: { code: 'ValidationError', target: 'body' } });
  });

  it('answers a JSON array body with a ValidationError envelope', async () => {
    const res = await s.api('POST', '/createResidentialDeal', []);
    expect(res.body).toMatchObject({ success: false, error: { code: 'ValidationError', target: 'body' } });
  });

  it('keeps nothing of a failed create', async () => {
    const before = (await s.api('GET', '/getAllDealIds')).body.dealIds.length;
    await create('/createResidentialDeal', { ...residential(), ownerId: 'stranger@example.com' });
    await create('/createResidentialDeal', { ...residential(), loanAmount: 0 });
    expect((await s.api('GET', '/getAllDealIds')).body.dealIds).toHaveLength(before);
  });
});
