import type {
  AssetType,
  CommercialComponentInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentType,
  HotelComponentInfoResponseDto,
  ResidentialComponentInfoResponseDto,
  RevenueDto,
  SaleValueComputationType,
} from '../contract';
import { ratio, sum } from '../domain';
import type { LivingUnitRow } from '../store';
import { addressDto } from './address';
import type { GatewayContext } from './context';
import { computeComponents, type ComponentComputed } from '../figures';
import { missingEntity, ok, type Failure } from './result';

type Read<T> = Promise<T | Failure>;

/** Monthly revenue at `monthlyRentPerUnit` for `units` units of `sfPerUnit`, expressed six ways. */
function revenue(monthly: number, units: number, sf: number): RevenueDto {
  const annual = 12 * monthly;
  return {
    monthly,
    monthlyPerSf: ratio(monthly, sf),
    monthlyPerUnit: ratio(monthly, units),
    annual,
    annualPerSf: ratio(annual, sf),
    annualPerUnit: ratio(annual, units),
  };
}

function unitRevenues(u: LivingUnitRow) {
  const sf = u.unitSize * u.numUnits;
  return {
    compsRevenue: revenue(u.compsMonthlyRent * u.numUnits, u.numUnits, sf),
    concludedRevenue: revenue(u.concludedMonthlyRent * u.numUnits, u.numUnits, sf),
  };
}

function unitTotals(c: ComponentComputed) {
  const monthlyAt = (rent: (u: LivingUnitRow) => number) => sum(c.units.map((u) => rent(u) * u.numUnits));
  return {
    marketVacancy: c.row.marketVacancy,
    totalUnits: c.totalUnits,
    totalSf: c.totalSf,
    averageUnitSize: ratio(c.totalSf, c.totalUnits),
    concludedTotalRevenue: revenue(monthlyAt((u) => u.concludedMonthlyRent), c.totalUnits, c.totalSf),
    compsTotalRevenue: revenue(monthlyAt((u) => u.compsMonthlyRent), c.totalUnits, c.totalSf),
  };
}

async function load(ctx: GatewayContext, id: string, kind?: ComponentType): Promise<ComponentComputed | null> {
  const row = await ctx.store.componentRow(id);
  if (!row || (kind && row.componentType !== kind)) return null;
  return (await computeComponents(ctx.store, [row.collateralId])).find((c) => c.row.id === id) ?? null;
}

async function baseInfo(ctx: GatewayContext, c: ComponentComputed): Promise<ComponentInfoResponseDto> {
  const collateral = (await ctx.store.collateralRow(c.row.collateralId))!;
  const market = await ctx.store.marketDataOf(c.row.id);
  return ok({
    id: c.row.id,
    collateralId: c.row.collateralId,
    selectedRentRollId: c.row.selectedRentRollId,
    address: addressDto(collateral),
    assetType: c.row.assetType as AssetType,
    componentType: c.row.componentType as ComponentType,
    marketTrendSummary: (market?.trendSummary ?? null) as ComponentInfoResponseDto['marketTrendSummary'],
    marketSummary: (market?.summary ?? null) as ComponentInfoResponseDto['marketSummary'],
    marketData: market
      ? ({ mainMarket: market.mainMarket, subMarket: market.subMarket } as ComponentInfoResponseDto['marketData'])
      : null,
    marketForecast: (market?.forecast ?? null) as ComponentInfoResponseDto['marketForecast'],
    leaseToPreLeaseRatio: c.row.leaseToPreLeaseRatio,
    totalRentRollAnnualRevenue: c.totalRentRollAnnualRevenue,
    rentRollVacancy: c.rentRollVacancy,
    rentRollsOrder: c.rentRolls.map((r) => r.id),
    saleValueComputationType: c.row.saleValueComputationType as SaleValueComputationType,
    salesCompUnitValuation: c.sales.salesCompUnitValuation,
    salesCompSFValuation: c.sales.salesCompSFValuation,
  });
}

export async function getBaseComponentInfo(ctx: GatewayContext, id: string): Read<ComponentInfoResponseDto> {
  const c = await load(ctx, id);
  return c ? baseInfo(ctx, c) : missingEntity('id', 'component');
}

export async function getCommercialComponentInfo(ctx: GatewayContext, id: string): Read<CommercialComponentInfoResponseDto> {
  const c = await load(ctx, id, 'Commercial');
  if (!c) return missingEntity('id', 'commercial component');
  return {
    ...(await baseInfo(ctx, c)),
    expiringLeases: c.selectedRentRoll?.summary.expiringLeases ?? {},
    livingUnitsInfo: {
      livingUnits: c.units.map((u) => ({
        id: u.id,
        description: u.description ?? '',
        suite: u.suite ?? '',
        floor: u.floor ?? 0,
        unitSize: u.unitSize,
        ...unitRevenues(u),
      })),
      ...unitTotals(c),
      averageSqft: ratio(c.totalSf, c.totalUnits),
    },
  };
}

export async function getResidentialComponentInfo(ctx: GatewayContext, id: string): Read<ResidentialComponentInfoResponseDto> {
  const c = await load(ctx, id, 'Residential');
  if (!c) return missingEntity('id', 'residential component');
  return {
    ...(await baseInfo(ctx, c)),
    expiringLeases: c.selectedRentRoll?.summary.expiringLeases ?? {},
    livingUnitsInfo: {
      livingUnits: c.units.map((u) => ({
        id: u.id,
        description: u.description ?? '',
        bedrooms: u.bedrooms ?? 0,
        bathrooms: u.bathrooms ?? 0,
        unitSize: u.unitSize,
        numUnits: u.numUnits,
        ...unitRevenues(u),
      })),
      ...unitTotals(c),
    },
  };
}

export async function getHotelComponentInfo(ctx: GatewayContext, id: string): Read<HotelComponentInfoResponseDto> {
  const c = await load(ctx, id, 'Hotel');
  if (!c || !c.hotel) return missingEntity('id', 'hotel component');
  return {
    ...(await baseInfo(ctx, c)),
    hotelInfo: {
      totalRooms: c.row.hotelTotalRooms,
      averageDailyRate: c.row.hotelAverageDailyRate,
      occupancy: c.row.hotelOccupancy,
      ...c.hotel,
    },
  };
}
