import {
  type CallErrorDetails,
  type CommercialPropertyType,
  type CreateCommercialDealDto,
  type CreateHotelDealDto,
  type CreateResidentialDealDto,
  LIMITS,
  type LoanType,
} from '../../../src-main/contract';

/*
 * The New deal form's state, its checks before sending, the create request it makes, and where a
 * refusal of the core goes on the form. Pure: the screen (NewDeal.tsx) renders it.
 *
 * Field keys are the request's own paths (loanAmount, address.fullAddress,
 * residentialLivingUnitCreateDto.0.unitSize, hotelCreateDto.occupancy): the gateway's error
 * target and the channel's input issues name the same paths, so both land next to their input.
 */

export type DealKind = 'residential' | 'commercial' | 'hotel';
/** A number input: empty, or a number. */
export type NumberField = number | '';

export interface UnitRow {
  key: number;
  numUnits: NumberField;
  unitSize: NumberField;
  bedrooms: NumberField;
  bathrooms: NumberField;
  description: string;
}

export interface SuiteRow {
  key: number;
  suite: string;
  floor: NumberField;
  unitSize: NumberField;
  description: string;
}

export interface NewDealForm {
  kind: DealKind;
  dealName: string;
  ownerId: string | null;
  fullAddress: string;
  additionalFreeText: string;
  /** Commercial deals only (residential: Multi_Family_Apartments, hotel: Hotel). */
  propertyType: CommercialPropertyType | null;
  loanType: LoanType | null;
  loanAmount: NumberField;
  /** Months. */
  loanTerm: NumberField;
  units: UnitRow[];
  suites: SuiteRow[];
  hotel: { totalRooms: NumberField; averageDailyRate: NumberField; /** A percentage, 0-100. */ occupancyPct: NumberField; totalSf: NumberField };
}

export type FieldErrors = Record<string, string>;

export const UNITS_KEY = 'residentialLivingUnitCreateDto';
export const SUITES_KEY = 'commercialLivingUnitCreateDto';
export const HOTEL_KEY = 'hotelCreateDto';

export function emptyForm(kind: DealKind = 'residential'): NewDealForm {
  return {
    kind,
    dealName: '',
    ownerId: null,
    fullAddress: '',
    additionalFreeText: '',
    propertyType: null,
    loanType: null,
    loanAmount: '',
    loanTerm: '',
    units: [{ key: 0, numUnits: '', unitSize: '', bedrooms: '', bathrooms: '', description: '' }],
    suites: [{ key: 0, suite: '', floor: '', unitSize: '', description: '' }],
    hotel: { totalRooms: '', averageDailyRate: '', occupancyPct: '', totalSf: '' },
  };
}

const blank = (v: NumberField | string | null) => v === '' || v === null || (typeof v === 'string' && v.trim() === '');
const whole = (v: NumberField) => typeof v === 'number' && Number.isInteger(v);

/**
 * What can be told before sending: the mandatory fields left empty and values out of range,
 * every one at once (the core reports the first it meets). The core checks everything again.
 */
export function checkForm(form: NewDealForm): FieldErrors {
  const e: FieldErrors = {};
  if (blank(form.dealName)) e.dealName = 'Enter the deal name.';
  if (blank(form.ownerId)) e.ownerId = 'Choose the owner.';
  if (blank(form.fullAddress)) e['address.fullAddress'] = 'Enter the street address, city, state and ZIP code.';
  if (form.kind === 'commercial' && blank(form.propertyType)) e.propertyType = 'Choose the property type.';
  if (blank(form.loanType)) e.loanType = 'Choose the loan type.';
  if (blank(form.loanAmount)) e.loanAmount = 'Enter the loan amount.';
  else if ((form.loanAmount as number) <= 0) e.loanAmount = 'The loan amount must be more than $0.';
  if (blank(form.loanTerm)) e.loanTerm = 'Enter the loan term in months.';
  else if (!whole(form.loanTerm) || (form.loanTerm as number) < 1 || (form.loanTerm as number) > LIMITS.termMonths) {
    e.loanTerm = `A whole number of months from 1 to ${LIMITS.termMonths.toLocaleString('en-US')}.`;
  }
  if (form.kind === 'residential') {
    form.units.forEach((u, i) => {
      if (blank(u.numUnits)) e[`${UNITS_KEY}.${i}.numUnits`] = 'Enter the units.';
      else if (!whole(u.numUnits) || (u.numUnits as number) < 1) e[`${UNITS_KEY}.${i}.numUnits`] = 'A whole number, 1 or more.';
      if (blank(u.unitSize)) e[`${UNITS_KEY}.${i}.unitSize`] = 'Enter the size.';
      else if ((u.unitSize as number) <= 0) e[`${UNITS_KEY}.${i}.unitSize`] = 'More than 0 square feet.';
    });
  }
  if (form.kind === 'commercial') {
    form.suites.forEach((s, i) => {
      if (blankSuite(s)) return;
      if (blank(s.unitSize)) e[`${SUITES_KEY}.${i}.unitSize`] = 'Enter the size.';
      else if ((s.unitSize as number) <= 0) e[`${SUITES_KEY}.${i}.unitSize`] = 'More than 0 square feet.';
    });
  }
  if (form.kind === 'hotel') {
    const o = form.hotel.occupancyPct;
    if (!blank(o) && ((o as number) < 0 || (o as number) > 100)) e[`${HOTEL_KEY}.occupancy`] = 'A percentage from 0 to 100.';
    if (!blank(form.hotel.totalRooms) && !whole(form.hotel.totalRooms)) e[`${HOTEL_KEY}.totalRooms`] = 'A whole number of rooms.';
  }
  return e;
}

/** A suite row left entirely empty: suites are optional, such a row is not sent. */
export function blankSuite(s: SuiteRow): boolean {
  return blank(s.suite) && blank(s.floor) && blank(s.unitSize) && blank(s.description);
}

/** The form's index of each suite the request sends (blank rows are left out). */
function sentSuites(form: NewDealForm): number[] {
  return form.suites.flatMap((s, i) => (blankSuite(s) ? [] : [i]));
}

const num = (v: NumberField) => (v === '' ? undefined : v);
const str = (v: string) => (v.trim() === '' ? undefined : v.trim());

export type CreateRequest =
  | { channel: 'deals.createResidential'; body: CreateResidentialDealDto }
  | { channel: 'deals.createCommercial'; body: CreateCommercialDealDto }
  | { channel: 'deals.createHotel'; body: CreateHotelDealDto };

/** The create request of the form (empty optional fields left out). */
export function createRequest(form: NewDealForm): CreateRequest {
  const deal = {
    ownerId: form.ownerId ?? undefined,
    dealName: str(form.dealName),
    address: { fullAddress: str(form.fullAddress), ...(str(form.additionalFreeText) ? { additionalFreeText: str(form.additionalFreeText) } : {}) },
    loanType: form.loanType ?? undefined,
    loanAmount: num(form.loanAmount),
    loanTerm: num(form.loanTerm),
  };
  switch (form.kind) {
    case 'residential':
      return {
        channel: 'deals.createResidential',
        body: {
          ...deal,
          propertyType: 'Multi_Family_Apartments',
          residentialLivingUnitCreateDto: form.units.map((u, i) => ({
            frontEndGridLineNumber: String(i + 1),
            numUnits: num(u.numUnits),
            unitSize: num(u.unitSize),
            bedrooms: num(u.bedrooms),
            bathrooms: num(u.bathrooms),
            description: str(u.description),
          })),
        },
      };
    case 'commercial':
      return {
        channel: 'deals.createCommercial',
        body: {
          ...deal,
          propertyType: form.propertyType ?? undefined,
          commercialLivingUnitCreateDto: sentSuites(form).map((index) => form.suites[index]!).map((s, i) => ({
            frontEndGridLineNumber: String(i + 1),
            suite: str(s.suite),
            floor: num(s.floor),
            unitSize: num(s.unitSize),
            description: str(s.description),
          })),
        },
      };
    case 'hotel': {
      const h = form.hotel;
      return {
        channel: 'deals.createHotel',
        body: {
          ...deal,
          propertyType: 'Hotel',
          hotelCreateDto: {
            totalRooms: num(h.totalRooms),
            averageDailyRate: num(h.averageDailyRate),
            // The form takes a percentage; the API a decimal (0.78).
            occupancy: h.occupancyPct === '' ? undefined : h.occupancyPct / 100,
            totalSf: num(h.totalSf),
          },
        },
      };
    }
  }
}

/**
 * The form field a path of the request belongs to: the address as a whole is its street input,
 * a suite of the request the form's row it came from (blank rows are not sent).
 */
export function fieldOf(form: NewDealForm, path: string): string {
  if (path === 'address' || path === 'address.placeId' || path === 'address.latLng') return 'address.fullAddress';
  const suite = new RegExp(`^${SUITES_KEY}\\.(\\d+)(\\..*)?$`).exec(path);
  if (suite) {
    const index = sentSuites(form)[Number(suite[1])];
    return index === undefined ? path : `${SUITES_KEY}.${index}${suite[2] ?? ''}`;
  }
  return path;
}

/**
 * Where a refusal of the core goes: each input issue (InvalidInput) or the gateway's target
 * (ValidationError, MissingMandatoryField, InvalidCreateValues, Duplicated) on its field; what
 * names no field of the form under `form`.
 */
export function refusalErrors(form: NewDealForm, message: string, details: CallErrorDetails | undefined): FieldErrors {
  const fields = formFields(form);
  const e: FieldErrors = {};
  const place = (path: string | undefined, text: string) => {
    const field = path ? fieldOf(form, path) : '';
    if (fields.has(field)) e[field] ??= text;
    else e.form ??= text;
  };
  if (details?.issues?.length) for (const issue of details.issues) place(issue.path, issue.message);
  else place(details?.target, details?.error?.message ?? message);
  return e;
}

/** Every field key the form shows, for refusalErrors. */
export function formFields(form: NewDealForm): Set<string> {
  const keys = ['dealName', 'ownerId', 'address.fullAddress', 'address.additionalFreeText', 'propertyType', 'loanType', 'loanAmount', 'loanTerm'];
  if (form.kind === 'residential') form.units.forEach((_, i) => ['numUnits', 'unitSize', 'bedrooms', 'bathrooms', 'description'].forEach((f) => keys.push(`${UNITS_KEY}.${i}.${f}`)));
  if (form.kind === 'commercial') form.suites.forEach((_, i) => ['suite', 'floor', 'unitSize', 'description'].forEach((f) => keys.push(`${SUITES_KEY}.${i}.${f}`)));
  if (form.kind === 'hotel') ['totalRooms', 'averageDailyRate', 'occupancy', 'totalSf'].forEach((f) => keys.push(`${HOTEL_KEY}.${f}`));
  return new Set(keys);
}
