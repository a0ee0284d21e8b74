import { describe, expect, it } from 'vitest';
import { checkForm, createRequest, emptyForm, refusalErrors, type NewDealForm } from '../../../../src-renderer/features/new-deal/new-deal-form';

const filled = (over: Partial<NewDealForm> = {}): NewDealForm => ({
  ...emptyForm('residential'),
  dealName: ' Empire Lofts ',
  ownerId: 'owner@example.com',
  fullAddress: '350 5th Ave, New York, NY 10118',
  loanType: 'Acquisition',
  loanAmount: 12_500_000,
  loanTerm: 120,
  units: [{ key: 0, numUnits: 30, unitSize: 850, bedrooms: 2, bathrooms: '', description: '' }],
  ...over,
});

describe('the New deal form', () => {
  it('names every empty mandatory field at once, by its request path', () => {
    expect(Object.keys(checkForm(emptyForm('residential'))).sort()).toEqual(
      ['address.fullAddress', 'dealName', 'loanAmount', 'loanTerm', 'loanType', 'ownerId', 'residentialLivingUnitCreateDto.0.numUnits', 'residentialLivingUnitCreateDto.0.unitSize'].sort(),
    );
    const commercial = emptyForm('commercial');
    expect(checkForm(commercial)).toMatchObject({ propertyType: 'Choose the property type.' });
    expect(checkForm(commercial)).not.toHaveProperty(['commercialLivingUnitCreateDto.0.unitSize']);
    expect(checkForm({ ...commercial, suites: [{ ...commercial.suites[0]!, suite: '200' }] })).toMatchObject({ 'commercialLivingUnitCreateDto.0.unitSize': 'Enter the size.' });
    expect(checkForm(filled())).toEqual({});
  });

  it('refuses values out of range before sending', () => {
    expect(checkForm(filled({ loanTerm: 1201 }))).toEqual({ loanTerm: 'A whole number of months from 1 to 1,200.' });
    expect(checkForm(filled({ loanTerm: 12.5 }))).toEqual({ loanTerm: 'A whole number of months from 1 to 1,200.' });
    expect(checkForm(filled({ loanAmount: 0 }))).toEqual({ loanAmount: 'The loan amount must be more than $0.' });
    const hotel = { ...filled(), kind: 'hotel' as const, hotel: { totalRooms: 10.5, averageDailyRate: '' as const, occupancyPct: 120, totalSf: '' as const } };
    expect(checkForm(hotel)).toEqual({ 'hotelCreateDto.occupancy': 'A percentage from 0 to 100.', 'hotelCreateDto.totalRooms': 'A whole number of rooms.' });
  });

  it('makes the create request of each kind, the hotel occupancy as a decimal', () => {
    expect(createRequest(filled())).toEqual({
      channel: 'deals.createResidential',
      body: {
        ownerId: 'owner@example.com',
        dealName: 'Empire Lofts',
        address: { fullAddress: '350 5th Ave, New York, NY 10118' },
        loanType: 'Acquisition',
        loanAmount: 12_500_000,
        loanTerm: 120,
        propertyType: 'Multi_Family_Apartments',
        residentialLivingUnitCreateDto: [{ frontEndGridLineNumber: '1', numUnits: 30, unitSize: 850, bedrooms: 2, bathrooms: undefined, description: undefined }],
      },
    });
    const hotel = createRequest({ ...filled(), kind: 'hotel', additionalFreeText: 'Tower B', hotel: { totalRooms: 120, averageDailyRate: 210, occupancyPct: 78, totalSf: '' } });
    expect(hotel).toMatchObject({
      channel: 'deals.createHotel',
      body: { propertyType: 'Hotel', address: { additionalFreeText: 'Tower B' }, hotelCreateDto: { totalRooms: 120, averageDailyRate: 210, occupancy: 0.78, totalSf: undefined } },
    });
    expect(createRequest({ ...filled(), kind: 'commercial', propertyType: 'Office' })).toMatchObject({ channel: 'deals.createCommercial', body: { propertyType: 'Office' } });
  });

  it('puts a refusal of the core next to the field it names, and what names none above the buttons', () => {
    const form = filled();
    expect(refusalErrors(form, 'A deal already exists at X.', { code: 'Duplicated', target: 'address' })).toEqual({ 'address.fullAddress': 'A deal already exists at X.' });
    expect(refusalErrors(form, 'Invalid input', { code: 'InvalidInput', issues: [{ path: 'loanTerm', message: 'Too big' }, { path: 'residentialLivingUnitCreateDto.0.unitSize', message: 'Too small' }] })).toEqual({
      loanTerm: 'Too big',
      'residentialLivingUnitCreateDto.0.unitSize': 'Too small',
    });
    expect(refusalErrors(form, 'ownerId must be…', { code: 'InvalidCreateValues', target: 'ownerId', error: { code: 'InvalidCreateValues', target: 'ownerId', message: 'No such user.', details: [] } })).toEqual({ ownerId: 'No such user.' });
    expect(refusalErrors(form, 'The store is locked.', { code: 'Internal' })).toEqual({ form: 'The store is locked.' });
  });
});
