import type { CompanyInfoResponseDto, PersonInfoResponseDto } from '../contract';
import { optionalAddressDto } from './address';
import type { GatewayContext } from './context';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

export async function getPersonInfo(ctx: GatewayContext, id: string): Read<PersonInfoResponseDto> {
  const p = await ctx.store.personRow(id);
  if (!p) return missingEntity('id', 'person');
  return ok({
    id: p.id,
    contactId: p.contactId,
    firstName: p.firstName,
    middleName: p.middleName,
    lastName: p.lastName,
    socialSecurityNumber: p.socialSecurityNumber,
    description: p.description,
    primaryPhoneNumber: p.primaryPhoneNumber,
    primaryEmail: p.primaryEmail,
    image: p.image,
    address: optionalAddressDto(p),
    personalNetWorth: p.personalNetWorth,
    personalLiquidity: p.personalLiquidity,
    personalDSCR: p.personalDSCR,
    personalCashFlowAfterDebtService: p.personalCashFlowAfterDebtService,
    personDebtRatio: p.personDebtRatio,
  });
}

export async function getCompanyInfo(ctx: GatewayContext, id: string): Read<CompanyInfoResponseDto> {
  const c = await ctx.store.companyRow(id);
  if (!c) return missingEntity('id', 'company');
  return ok({
    id: c.id,
    name: c.name,
    description: c.description,
    logo: c.logo,
    address: optionalAddressDto(c),
    primaryEmail: c.primaryEmail,
    primaryPhoneNumber: c.primaryPhoneNumber,
    companyDebtService: c.companyDebtService,
    companyCashFlowAfterDebtService: c.companyCashFlowAfterDebtService,
    companyDSCR: c.companyDSCR,
    companyAssetSubtotal: c.companyAssetSubtotal,
    companyLiabilitySubtotal: c.companyLiabilitySubtotal,
    companyLiquidity: c.companyLiquidity,
    contactId: c.contactId,
    riskRating: c.riskRating,
    ein: c.ein,
  });
}
