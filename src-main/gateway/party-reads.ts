import type { CompanyInfoResponseDto, PersonInfoResponseDto } from '../contract';
import type { GatewayContext } from './context';
import { companyDto, personDto } from './party-rows';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

export async function getPersonInfo(ctx: GatewayContext, id: string): Read<PersonInfoResponseDto> {
  const p = await ctx.store.personRow(id);
  if (!p) return missingEntity('id', 'person');
  return ok(personDto(p));
}

export async function getCompanyInfo(ctx: GatewayContext, id: string): Read<CompanyInfoResponseDto> {
  const c = await ctx.store.companyRow(id);
  if (!c) return missingEntity('id', 'company');
  return ok(companyDto(c));
}
