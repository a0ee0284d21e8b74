import type { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from '../contract';
import { residentialRentRollSummary } from '../domain';
import type { GatewayContext } from './context';
import { summarizeRentRoll } from '../figures';
import { commercialItemDto, rentRollHeaderDto, residentialItemDto } from './rent-roll-rows';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

export async function getResidentialRentrollInfo(ctx: GatewayContext, id: string): Read<ResidentialRentRollInfoResponseDto> {
  const row = await ctx.store.rentRollRow(id);
  if (!row || row.kind !== 'Residential') return missingEntity('id', 'residential rent roll');
  const items = await ctx.store.itemsOfRentRolls([id]);
  const { rentRollItems, ...summary } = residentialRentRollSummary({ items, effectiveDate: row.effectiveDate });
  return ok({
    ...rentRollHeaderDto(row),
    ...summary,
    rentRollItems: rentRollItems.map(residentialItemDto),
  });
}

export async function getCommercialRentrollInfo(ctx: GatewayContext, id: string): Read<CommercialRentRollInfoResponseDto> {
  const row = await ctx.store.rentRollRow(id);
  if (!row || row.kind !== 'Commercial') return missingEntity('id', 'commercial rent roll');
  const { rentRollItems, ...summary } = summarizeRentRoll(row, await ctx.store.itemsOfRentRolls([id]));
  return ok({
    ...rentRollHeaderDto(row),
    ...summary,
    rentRollItems: rentRollItems.map(commercialItemDto),
  });
}
