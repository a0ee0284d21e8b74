import { randomUUID } from 'node:crypto';
import type { AssetType, ErrorCode, ImportCollateralItemDto, ImportErrorDto, SystemConfig } from '../contract';
import type { ImportedCollateralGraph, ImportItemOutcome, StorePort } from '../store';
import type { GatewayContext } from './context';
import type { Place, PlaceResult } from './place-lookup/place-lookup';

// The checks the spec marks "checked asynchronously", run by the import queue after the call has
// answered. Every failing field of an item is reported, not only the first.

/** What the place lookup said about an item's address (resolved before its transaction). */
export type ItemPlace = PlaceResult | { ok: false; missing: true } | { ok: false; thrown: string };

export function isBlank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

/** A blank optional string counts as not given. */
function given(value: string | null | undefined): string | null {
  return isBlank(value) ? null : value!.trim();
}

const ADDRESS_FIELDS = ['fullAddress', 'placeId', 'latLng'] as const;

export async function resolveItemAddress(ctx: GatewayContext, item: ImportCollateralItemDto): Promise<ItemPlace> {
  const address = item.collateralCreateData.address;
  if (!address || ADDRESS_FIELDS.every((f) => (f === 'latLng' ? !address.latLng : isBlank(address[f])))) {
    return { ok: false, missing: true };
  }
  try {
    return await ctx.places.resolve(address);
  } catch (err) {
    return { ok: false, thrown: err instanceof Error ? err.message : String(err) };
  }
}

/** Builds the import ErrorDto of one item: target is the full request path, fieldName the item's. */
export function itemError(
  itemIndex: number,
  item: Pick<ImportCollateralItemDto, 'clientItemId'>,
  fieldName: string,
  code: ErrorCode,
  message: string,
  options: { entityId?: string | null; targetSuffix?: string } = {},
): ImportErrorDto {
  return {
    target: `collaterals.${itemIndex}.${fieldName}${options.targetSuffix ?? ''}`,
    code,
    message,
    details: [],
    entityId: options.entityId ?? null,
    fieldName,
    clientItemId: item.clientItemId,
    bulkOperationType: 'Create',
  };
}

const COMPONENT_TYPE: Partial<Record<AssetType, 'Residential' | 'Hotel'>> = {
  Multi_Family_Apartments: 'Residential',
  Senior_Housing: 'Residential',
  Hotel: 'Hotel',
};

export function componentTypeOf(propertyType: AssetType): 'Residential' | 'Commercial' | 'Hotel' {
  return COMPONENT_TYPE[propertyType] ?? 'Commercial';
}

const oneOf = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** Every rule of one item, checked against the store as the item's transaction sees it. */
export async function checkImportItem(
  tx: StorePort,
  config: SystemConfig,
  item: ImportCollateralItemDto,
  itemIndex: number,
  place: ItemPlace,
): Promise<ImportErrorDto[]> {
  const errors: ImportErrorDto[] = [];
  const error = (fieldName: string, code: ErrorCode, message: string, options?: { entityId?: string | null; targetSuffix?: string }) =>
    errors.push(itemError(itemIndex, item, fieldName, code, message, options));
  const data = item.collateralCreateData;

  // dealIds: not blank, each must exist.
  const dealIds = data.dealIds ?? [];
  if (dealIds.length === 0) {
    error('collateralCreateData.dealIds', 'MissingMandatoryField', 'collateralCreateData.dealIds must name at least one deal.');
  }
  const existing = await tx.existingDealIdSet(dealIds.filter((id) => !isBlank(id)).map((id) => id.trim()));
  dealIds.forEach((id, j) => {
    const at = { targetSuffix: `.${j}` };
    if (isBlank(id)) error('collateralCreateData.dealIds', 'MissingMandatoryField', `collateralCreateData.dealIds[${j}] is blank.`, at);
    else if (!existing.has(id.trim()))
      error('collateralCreateData.dealIds', 'MissingEntity', `No deal exists with id ${id.trim()}.`, { ...at, entityId: id.trim() });
  });

  const subType = given(data.subType);
  if (subType !== null && !config.collateralSubTypes.includes(subType)) {
    error('collateralCreateData.subType', 'ValidationError', `collateralCreateData.subType must be one of the configured sub-types: ${oneOf(config.collateralSubTypes)}.`);
  }

  if ('missing' in place) {
    error('collateralCreateData.address', 'MissingMandatoryField', 'collateralCreateData.address needs fullAddress, placeId or latLng.');
  } else if ('thrown' in place) {
    error('collateralCreateData.address', 'ValidationError', `The place lookup failed: ${place.thrown}`);
  } else if (!place.ok) {
    error(`collateralCreateData.${place.target}`, 'ValidationError', place.message);
  }

  if (!data.propertyType) {
    error('collateralCreateData.propertyType', 'MissingMandatoryField', 'collateralCreateData.propertyType is mandatory: the asset type of the collateral.');
  }

  const valuation = item.alternativeValuationCreateData;
  if (valuation) {
    if (isBlank(valuation.name)) {
      error('alternativeValuationCreateData.name', 'MissingMandatoryField', 'alternativeValuationCreateData.name must not be blank.');
    }
    if (valuation.valuation === undefined) {
      error('alternativeValuationCreateData.valuation', 'MissingMandatoryField', 'alternativeValuationCreateData.valuation is mandatory (USD, greater than 0).');
    } else if (!(valuation.valuation > 0)) {
      error('alternativeValuationCreateData.valuation', 'ValidationError', 'alternativeValuationCreateData.valuation must be greater than 0.');
    }
    const valueBasis = given(valuation.valueBasis);
    if (valueBasis !== null && !config.valueBases.includes(valueBasis)) {
      error('alternativeValuationCreateData.valueBasis', 'ValidationError', `alternativeValuationCreateData.valueBasis must be one of the configured value bases: ${oneOf(config.valueBases)}.`);
    }
  }

  const migrationReference = given(item.migrationReference);
  if (migrationReference !== null) {
    const existingId = await tx.collateralIdByMigrationReference(migrationReference);
    if (existingId) {
      error('migrationReference', 'Existing', `A collateral was already imported with migrationReference ${migrationReference}.`, { entityId: existingId });
    }
  }
  return errors;
}

/** The rows a valid item creates. Call only when checkImportItem found nothing. */
export function buildImportedCollateral(item: ImportCollateralItemDto, place: Place, now: string): ImportedCollateralGraph {
  const data = item.collateralCreateData;
  const valuation = item.alternativeValuationCreateData;
  const propertyType = data.propertyType!;
  const componentType = componentTypeOf(propertyType);
  const collateralId = randomUUID();
  return {
    collateral: {
      id: collateralId,
      name: given(data.name) ?? place.fullAddress,
      description: given(data.description),
      propertyType,
      subType: given(data.subType),
      subStatus: given(data.subStatus),
      // A resolved Place carries exactly the collateral's address columns.
      ...place,
      migrationReference: given(item.migrationReference),
      createdAt: now,
      updatedAt: now,
    },
    component: {
      id: randomUUID(),
      collateralId,
      componentType,
      assetType: propertyType,
      saleValueComputationType: componentType === 'Commercial' ? 'BySf' : 'ByUnit',
      createdAt: now,
      updatedAt: now,
    },
    // The collateral is new, so its only alternative valuation is its main one.
    alternativeValuation: valuation
      ? {
          id: randomUUID(),
          collateralId,
          isMain: true,
          name: valuation.name!.trim(),
          valuation: valuation.valuation!,
          description: given(valuation.description),
          asOfDate: valuation.asOfDate ?? null,
          valueBasis: given(valuation.valueBasis),
        }
      : null,
    dealIds: [...new Set((data.dealIds ?? []).map((id) => id.trim()))],
  };
}

/** Decides one item inside its transaction: its errors, or the rows it creates. */
export async function decideImportItem(
  tx: StorePort,
  config: SystemConfig,
  item: ImportCollateralItemDto,
  itemIndex: number,
  place: ItemPlace,
  now: string,
): Promise<ImportItemOutcome> {
  const errors = await checkImportItem(tx, config, item, itemIndex, place);
  if (errors.length > 0 || !place.ok) return { kind: 'failed', errors };
  return { kind: 'created', clientItemId: item.clientItemId, graph: buildImportedCollateral(item, place.place, now) };
}
