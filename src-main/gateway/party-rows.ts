import type { CompanyInfoResponseDto, PersonInfoResponseDto } from '../contract';
import type { CompanyRow, PersonRow } from '../store';
import { addressColumnsOf, optionalAddressDto } from './address';

// One mapping per party shape, both directions: the gateway's reads turn a row into its DTO,
// the sync client's working copy turns the platform's DTO back into the row (docs/sync.md).
// The fields both sides name alike are listed once; only the address and the picture differ.

export type PersonBody = Omit<PersonInfoResponseDto, 'success' | 'error'>;
export type CompanyBody = Omit<CompanyInfoResponseDto, 'success' | 'error'>;
type Columns<Row> = Omit<Row, 'createdAt' | 'updatedAt'>;

const PERSON_FIELDS = [
  'id',
  'contactId',
  'firstName',
  'middleName',
  'lastName',
  'socialSecurityNumber',
  'description',
  'primaryPhoneNumber',
  'primaryEmail',
  'personalNetWorth',
  'personalLiquidity',
  'personalDSCR',
  'personalCashFlowAfterDebtService',
  'personDebtRatio',
] as const satisfies readonly (keyof PersonRow & keyof PersonBody)[];

const COMPANY_FIELDS = [
  'id',
  'name',
  'description',
  'primaryEmail',
  'primaryPhoneNumber',
  'companyDebtService',
  'companyCashFlowAfterDebtService',
  'companyDSCR',
  'companyAssetSubtotal',
  'companyLiabilitySubtotal',
  'companyLiquidity',
  'contactId',
  'riskRating',
] as const satisfies readonly (keyof CompanyRow & keyof CompanyBody)[];

function pick<T, K extends keyof T>(from: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
}

/** The spec allows binary fields as an array of base64 strings; the row keeps one string. */
function binaryText(value: string | string[] | null): string | null {
  return Array.isArray(value) ? value.join('') : value;
}

export function personDto(p: PersonRow): PersonBody {
  return { ...pick(p, PERSON_FIELDS), image: p.image, address: optionalAddressDto(p) };
}

export function personColumns(p: PersonBody): Columns<PersonRow> {
  return { ...pick(p, PERSON_FIELDS), image: binaryText(p.image), ...addressColumnsOf(p.address) };
}

export function companyDto(c: CompanyRow): CompanyBody {
  return { ...pick(c, COMPANY_FIELDS), logo: c.logo, address: optionalAddressDto(c), ein: c.ein };
}

export function companyColumns(c: CompanyBody): Columns<CompanyRow> {
  return { ...pick(c, COMPANY_FIELDS), logo: binaryText(c.logo), ...addressColumnsOf(c.address), ein: c.ein ?? null };
}
