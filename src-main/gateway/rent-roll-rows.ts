import type { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from '../contract';
import type { RentRollItemFigures } from '../domain';
import type { RentRollItemRow, RentRollRow } from '../store';

// One mapping per rent-roll shape, both directions: the reads turn rows into the DTOs, the sync
// client's working copy turns the platform's DTOs back into rows (docs/sync.md).

type ResidentialItemDto = ResidentialRentRollInfoResponseDto['rentRollItems'][number];
type CommercialItemDto = CommercialRentRollInfoResponseDto['rentRollItems'][number];
type RentRollHeaderDto = Pick<ResidentialRentRollInfoResponseDto, 'id' | 'componentId' | 'name' | 'fileId' | 'effectiveDate' | 'comment'>;
type ItemColumns = Omit<RentRollItemRow, 'createdAt' | 'updatedAt'>;

export function rentRollHeaderDto(row: RentRollRow): RentRollHeaderDto {
  return {
    id: row.id,
    componentId: row.componentId,
    name: row.name,
    fileId: row.fileId,
    effectiveDate: row.effectiveDate,
    comment: row.comment,
  };
}

/** The rent roll's own row; the read shows no effective date as null, the row keeps ''. */
export function rentRollColumns(dto: RentRollHeaderDto, kind: RentRollRow['kind'], position: number): Omit<RentRollRow, 'createdAt' | 'updatedAt'> {
  return {
    id: dto.id,
    componentId: dto.componentId,
    kind,
    name: dto.name,
    fileId: dto.fileId,
    effectiveDate: dto.effectiveDate ?? '',
    comment: dto.comment,
    position,
  };
}

export function residentialItemDto(i: RentRollItemRow & RentRollItemFigures): ResidentialItemDto {
  return {
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
  };
}

export function residentialItemColumns(item: ResidentialItemDto, rentRollId: string, position: number): ItemColumns {
  return {
    id: item.id,
    rentRollId,
    position,
    unitNumber: item.unitNumber,
    tenantName: item.tenantName,
    unitType: item.unitType,
    leaseType: null,
    floor: null,
    bedrooms: item.bedrooms,
    bathrooms: item.bathrooms,
    unitSize: item.unitSize,
    monthlyRent: item.monthlyRent,
    leaseStart: item.leaseStart,
    leaseEnd: item.leaseEnd,
  };
}

export function commercialItemDto(i: RentRollItemRow & RentRollItemFigures): CommercialItemDto {
  return {
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
  };
}

export function commercialItemColumns(item: CommercialItemDto, rentRollId: string, position: number): ItemColumns {
  return {
    id: item.id,
    rentRollId,
    position,
    unitNumber: item.suite,
    tenantName: item.tenantName,
    unitType: null,
    leaseType: item.leaseType,
    floor: item.floor,
    bedrooms: null,
    bathrooms: null,
    unitSize: item.unitSize,
    monthlyRent: item.monthlyRent,
    leaseStart: item.leaseStart,
    leaseEnd: item.leaseEnd,
  };
}
