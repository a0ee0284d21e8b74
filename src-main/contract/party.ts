import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AddressDto } from './address';
import { envelope } from './error';
import { usd } from './scalars';

// Our server sends base64; one spec sample shows an array of strings, accepted when reading.
const binary = (what: string) =>
  z.union([z.string(), z.array(z.string())]).nullable().describe(`${what}, base64 bytes`);

export const PersonInfoResponseDto = envelope(lazyShape(() => ({
  id: z.string(),
  contactId: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  socialSecurityNumber: z.string().nullable().describe('Sensitive'),
  description: z.string().nullable(),
  primaryPhoneNumber: z.string().nullable(),
  primaryEmail: z.string().nullable(),
  image: binary('Photo'),
  address: AddressDto.nullable(),
  personalNetWorth: usd(),
  personalLiquidity: usd(),
  personalDSCR: z.number(),
  personalCashFlowAfterDebtService: usd(),
  personDebtRatio: z.number(),
}))).meta({ id: 'PersonInfoResponseDto' });
export type PersonInfoResponseDto = z.infer<typeof PersonInfoResponseDto>;

export const CompanyInfoResponseDto = envelope(lazyShape(() => ({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: binary('Logo'),
  address: AddressDto.nullable(),
  primaryEmail: z.string().nullable(),
  primaryPhoneNumber: z.string().nullable(),
  companyDebtService: usd('Annual debt service'),
  companyCashFlowAfterDebtService: usd(),
  companyDSCR: z.number().describe('Above 1.0 means income covers debt payments'),
  companyAssetSubtotal: usd(),
  companyLiabilitySubtotal: usd(),
  companyLiquidity: usd(),
  contactId: z.string().nullable(),
  riskRating: z.string().nullable().describe('Scale 1 to 8, lower means lower risk'),
  ein: z.string().nullable().optional().describe('Employer identification number; present in one variant of the response only'),
}))).meta({ id: 'CompanyInfoResponseDto' });
export type CompanyInfoResponseDto = z.infer<typeof CompanyInfoResponseDto>;
