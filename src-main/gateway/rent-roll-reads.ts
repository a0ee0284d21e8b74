import type { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from '../contract';
import { residentialRentRollSummary } from '../domain';
import { itemsOfRentRolls, rentRollRow } from '../store/components';
import type { GatewayContext } from './context';
import { summarizeRentRoll } from './figures';
import { commercialItemDto, rentRollHeaderDto, residentialItemDto } from './rent-roll-rows';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

export async function getResidentialRentrollInfo(ctx: GatewayContext, id: string): Read<ResidentialRentRollInfoResponseDto> {
  const row = rentRollRow(ctx.db, id);
  if (!row || row.kind !== 'Residential') return missingEntity('id', 'residential rent roll');
  const items = itemsOfRentRolls(ctx.db, [id]);
  const { rentRollItems, ...summary } = residentialRentRollSummary({ items, effectiveDate: row.effectiveDate });
  return ok({
    ...rentRollHeaderDto(row),
    ...summary,
    rentRollItems: rentRollItems.map(residentialItemDto),
  });
}

export async function getCommercialRentrollInfo(ctx: GatewayContext, id: string): Read<CommercialRentRollInfoResponseDto> {
  const row = rentRollRow(ctx.db, id);
  if (!row || row.kind !== 'Commercial') return missingEntity('id', 'commercial rent roll');
  const { rentRollItems, ...summary } = summarizeRentRoll(row, itemsOfRentRolls(ctx.db, [id]));
  return ok({
    ...rentRollHeaderDto(row),
    ...summary,
    rentRollItems: rentRollItems.map(commercialItemDto),
  });
}
