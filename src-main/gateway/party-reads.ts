import type { CompanyInfoResponseDto, PersonInfoResponseDto } from '../contract';
import { companyRow, personRow } from '../store/parties';
import type { GatewayContext } from './context';
import { companyDto, personDto } from './party-rows';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

export async function getPersonInfo(ctx: GatewayContext, id: string): Read<PersonInfoResponseDto> {
  const p = personRow(ctx.db, id);
  if (!p) return missingEntity('id', 'person');
  return ok(personDto(p));
}

export async function getCompanyInfo(ctx: GatewayContext, id: string): Read<CompanyInfoResponseDto> {
  const c = companyRow(ctx.db, id);
  if (!c) return missingEntity('id', 'company');
  return ok(companyDto(c));
}
