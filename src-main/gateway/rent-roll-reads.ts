import type { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from '../contract';
import { residentialRentRollSummary } from '../domain';
import type { RentRollRow } from '../store/components';
import type { GatewayContext } from './context';
import { summarizeRentRoll } from '../figures';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

function header(row: RentRollRow) {
  return {
    id: row.id,
    componentId: row.componentId,
    name: row.name,
    fileId: row.fileId,
    effectiveDate: row.effectiveDate,
    comment: row.comment,
  };
}

export async function getResidentialRentrollInfo(ctx: GatewayContext, id: string): Read<ResidentialRentRollInfoResponseDto> {
  const row = await ctx.store.rentRollRow(id);
  if (!row || row.kind !== 'Residential') return missingEntity('id', 'residential rent roll');
  const items = await ctx.store.itemsOfRentRolls([id]);
  const { rentRollItems, ...summary } = residentialRentRollSummary({ items, effectiveDate: row.effectiveDate });
  return ok({
    ...header(row),
    ...summary,
    rentRollItems: rentRollItems.map((i) => ({
      id: i.id,
      unitNumber: i.unitNumber ?? '',
      tenantName: i.tenantName,
      unitType: i.unitType ?? '',
      monthlyRent: i.monthlyRent,
      unitSize: i.unitSize,
      annualRent: i.annualRent,
      monthlyRentPerSf: i.monthlyRentPerSf,
      annualRentPerSf: i.annualRentPerSf,
      bedrooms: i.bedrooms ?? 0,
      bathrooms: i.bathrooms ?? 0,
      leaseStart: i.leaseStart,
      leaseEnd: i.leaseEnd,
    })),
  });
}

export async function getCommercialRentrollInfo(ctx: GatewayContext, id: string): Read<CommercialRentRollInfoResponseDto> {
  const row = await ctx.store.rentRollRow(id);
  if (!row || row.kind !== 'Commercial') return missingEntity('id', 'commercial rent roll');
  const { rentRollItems, ...summary } = summarizeRentRoll(row, await ctx.store.itemsOfRentRolls([id]));
  return ok({
    ...header(row),
    ...summary,
    rentRollItems: rentRollItems.map((i) => ({
      id: i.id,
      suite: i.unitNumber ?? '',
      tenantName: i.tenantName,
      leaseType: i.leaseType,
      floor: i.floor,
      unitSize: i.unitSize,
      monthlyRent: i.monthlyRent,
      annualRent: i.annualRent,
      monthlyRentPerSf: i.monthlyRentPerSf,
      annualRentPerSf: i.annualRentPerSf,
      leaseStart: i.leaseStart,
      leaseEnd: i.leaseEnd,
    })),
  });
}
