import { randomUUID } from 'node:crypto';
import {
  CREATE_DEAL_DTOS,
  type CreateCommercialDealDto,
  CREATED_FIELD,
  type CreateDealKind,
  type CreateHotelDealDto,
  type CreateResidentialDealDto,
  type CreateResponseDto,
  MANDATORY_CREATE_FIELDS,
} from '../contract';
import type { NewDealGraph } from '../store';
import { actorOf, type GatewayContext } from './context';
import { failure, ok, type Failure } from './result';
import { parseBody } from './validation';

type AnyCreate = CreateResidentialDealDto & CreateCommercialDealDto & CreateHotelDealDto;

const COMPONENT_TYPE: Record<CreateDealKind, 'Residential' | 'Commercial' | 'Hotel'> = {
  residential: 'Residential',
  commercial: 'Commercial',
  hotel: 'Hotel',
};

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function firstMissing(kind: CreateDealKind, body: AnyCreate): Failure | null {
  for (const field of MANDATORY_CREATE_FIELDS.deal[kind]) {
    if (isBlank(body[field])) return failure('MissingMandatoryField', field, `${field} is mandatory.`);
  }
  const address = body.address!;
  if (MANDATORY_CREATE_FIELDS.addressOneOf.every((f) => isBlank(address[f]))) {
    return failure('MissingMandatoryField', 'address.fullAddress', 'The address needs fullAddress, placeId or latLng.');
  }
  const rows: { key: string; list: Record<string, unknown>[]; fields: readonly string[] }[] = [
    { key: 'residentialLivingUnitCreateDto', list: body.residentialLivingUnitCreateDto ?? [], fields: MANDATORY_CREATE_FIELDS.unitMixRow },
    { key: 'commercialLivingUnitCreateDto', list: body.commercialLivingUnitCreateDto ?? [], fields: ['unitSize'] },
  ];
  for (const { key, list, fields } of rows) {
    for (const [i, row] of list.entries()) {
      const missing = fields.find((f) => isBlank(row[f]));
      if (missing) return failure('MissingMandatoryField', `${key}.${i}.${missing}`, `${missing} is mandatory on every unit-mix row.`);
    }
  }
  return null;
}

/** Creates a residential, commercial or hotel deal with its collateral, component and unit mix. */
export async function createDeal(ctx: GatewayContext, kind: CreateDealKind, input: unknown): Promise<CreateResponseDto | Failure> {
  const parsed = parseBody(CREATE_DEAL_DTOS[kind], input, 'InvalidCreateValues');
  if (!parsed.ok) return parsed.failure;
  const body = parsed.value as AnyCreate;
  const missing = firstMissing(kind, body);
  if (missing) return missing;
  if (!await ctx.store.userExists(body.ownerId!)) {
    return failure('InvalidCreateValues', 'ownerId', 'ownerId must be the id (e-mail address) of an existing user.');
  }
  const resolved = await ctx.places.resolve(body.address!);
  if (!resolved.ok) return failure('InvalidCreateValues', resolved.target, resolved.message);
  const place = resolved.place;

  const now = ctx.now().toISOString();
  const dealId = randomUUID();
  const collateralId = randomUUID();
  const componentId = randomUUID();
  const fundsId = randomUUID();
  const propertyType = body.propertyType!;
  const hotel = body.hotelCreateDto;
  const units: NewDealGraph['livingUnits'] = [
    ...(body.residentialLivingUnitCreateDto ?? []).map((u, i) => ({
      id: randomUUID(),
      componentId,
      frontEndGridLineNumber: u.frontEndGridLineNumber ?? String(i + 1),
      description: u.description ?? null,
      bedrooms: u.bedrooms ?? 0,
      bathrooms: u.bathrooms ?? 0,
      unitSize: u.unitSize!,
      numUnits: u.numUnits!,
    })),
    ...(body.commercialLivingUnitCreateDto ?? []).map((u, i) => ({
      id: randomUUID(),
      componentId,
      frontEndGridLineNumber: u.frontEndGridLineNumber ?? String(i + 1),
      description: u.description ?? null,
      suite: u.suite ?? null,
      floor: u.floor ?? null,
      unitSize: u.unitSize!,
      numUnits: 1,
    })),
  ];
  const graph: NewDealGraph = {
    deal: {
      id: dealId,
      seedName: body.dealName!.trim(),
      loanType: body.loanType!,
      propertyType,
      ownerId: body.ownerId!,
      grossLoan: body.loanAmount!,
      requestedLoanAmount: body.loanAmount!,
      loanTerm: body.loanTerm!,
      createdAt: now,
      updatedAt: now,
    },
    collateral: {
      id: collateralId,
      name: body.dealName!.trim(),
      propertyType,
      // A resolved Place carries exactly the collateral's address columns.
      ...place,
    },
    component: {
      id: componentId,
      collateralId,
      componentType: COMPONENT_TYPE[kind],
      assetType: propertyType,
      saleValueComputationType: kind === 'commercial' ? 'BySf' : 'ByUnit',
      hotelTotalRooms: hotel?.totalRooms ?? 0,
      hotelAverageDailyRate: hotel?.averageDailyRate ?? 0,
      hotelOccupancy: hotel?.occupancy ?? 0,
      hotelTotalSf: hotel?.totalSf ?? 0,
    },
    livingUnits: units,
    funds: { id: fundsId, dealId, balanceName: 'Balance' },
    // The requested loan is the first source; uses are entered by the underwriter.
    fundSources: [
      { id: randomUUID(), fundsId, sourcesOfFunds: 'Senior Loan', amount: body.loanAmount!, isLoan: true, isDefault: true },
    ],
    fundUses: [],
  };
  // Linked to a platform: the same transaction queues the create in the outbox.
  const result = await ctx.store.insertDealGraphForSync(graph, { kind, body }, {
    actor: await actorOf(ctx),
    at: now,
    change: { dealId, field: CREATED_FIELD, newValue: { name: graph.deal.seedName, kind, loanAmount: body.loanAmount!, address: place.fullAddress ?? null } },
  });
  if (!result.inserted) {
    return failure('Duplicated', 'address', `A deal already exists at ${place.fullAddress}.`);
  }
  return ok({ createdEntityId: dealId });
}
