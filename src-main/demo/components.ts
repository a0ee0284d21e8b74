// A collateral's components: each with its layout (units or suites), rent rolls, pro forma
// at underwritten and at market rents, and its market research.

import type { DemoContext } from './book';
import type { CollateralSpec, ComponentSpec, DealFacts } from './collateral';
import { addDays, addMonths, startOfMonth, yearOf } from './calendar';
import { addFile } from './documents';
import { slug } from './phrases';
import type { ZipArea } from './places';
import { componentProForma, drawAssumptions, type ComponentAssumptions, type ComponentProForma } from './proforma';
import { buildLayout, type ComponentContext, type PropertyLayout } from './property';
import { buildRentRolls, type RentRollPlan } from './rent-rolls';
import type { Rng } from './random';

/** One component as built, with what the collateral's valuations and sales comps need of it. */
export interface ComponentPart {
  spec: ComponentSpec;
  id: string;
  layout: PropertyLayout;
  assumptions: ComponentAssumptions;
  underwritten: ComponentProForma;
  market: ComponentProForma;
  ctx: ComponentContext;
}

/** Where the components sit: their collateral, its place, age and name, and its latest rent roll's date. */
export interface ComponentSite {
  collateralId: string;
  area: ZipArea;
  yearBuilt: number | null;
  name: string;
  latestRollDate: string;
}

/** Builds the components of `spec` in order, writing their rows; `targetValue` is the collateral's. */
export function buildComponents(demo: DemoContext, rng: Rng, deal: DealFacts, spec: CollateralSpec, targetValue: number, site: ComponentSite): ComponentPart[] {
  const { ids, out, research } = demo;
  const { collateralId, area, yearBuilt, name, latestRollDate } = site;
  const dataDate = deal.dataDate;
  const parts: ComponentPart[] = [];
  spec.components.forEach((c, index) => {
    const componentId = ids.next();
    const ctx: ComponentContext = {
      rng,
      ids,
      asOf: dataDate,
      metro: spec.metro,
      yearBuilt: yearBuilt ?? yearOf(dataDate) - 30,
      preLeasing: deal.preLeasing,
      leaseUp: deal.leaseUp,
      completionDate: deal.completionDate,
      targetValue: targetValue * c.share,
    };
    const layout = buildLayout(ctx, c.asset, componentId);
    const profile = layout.profile;
    // Rent rolls (none for hotels).
    let rrVacancy = 0;
    let selectedRentRollId: string | null = null;
    if (profile.kind !== 'Hotel') {
      const plans: RentRollPlan[] = [];
      // A building still under construction has no rent roll from a year ago.
      const count = !deal.preLeasing && rng.chance(profile.kind === 'Residential' ? 0.2 : 0.3) ? 2 : 1;
      for (let k = 0; k < count; k++) {
        const effectiveDate = k === 0 ? latestRollDate : addDays(startOfMonth(addMonths(latestRollDate, -11)), -1);
        const rollId = ids.next();
        const fileId = addFile(
          demo,
          rng,
          deal.dealId,
          `rent-roll-${slug(name)}${spec.components.length > 1 ? `-${slug(c.label ?? profile.kind)}` : ''}-${effectiveDate.slice(0, 7)}.xlsx`,
          'xlsx',
          [35_000, 420_000],
          effectiveDate > deal.createdDate ? effectiveDate : deal.createdDate,
        );
        plans.push({
          rollId,
          effectiveDate,
          name: deal.preLeasing && k === 0 ? `Pre-Leasing ${effectiveDate.slice(0, 7)}` : `Rent Roll ${effectiveDate.slice(0, 7)}`,
          fileId,
          position: k,
          rentLevel: k === 0 ? 1 : 1 / (1 + rng.float(0.015, 0.045)),
        });
      }
      const rr = buildRentRolls(ctx, layout, plans);
      out.rentRolls.push(...rr.rolls);
      out.rentRollItems.push(...rr.items);
      rrVacancy = rr.physicalVacancy;
      selectedRentRollId = plans[0]!.rollId;
    }
    const assumptions = drawAssumptions(rng, layout, spec.metro, area.kind === 'urban');
    const useRr = !deal.preLeasing;
    const underwritten = componentProForma(layout, assumptions, 'underwritten', rrVacancy, useRr, spec.components.length > 1 ? c.label : null);
    const market = componentProForma(layout, assumptions, 'market', rrVacancy, false, spec.components.length > 1 ? c.label : null);
    out.components.push({
      id: componentId,
      collateralId,
      componentType: profile.kind,
      assetType: c.asset,
      position: index,
      leaseToPreLeaseRatio: layout.leaseToPreLeaseRatio,
      marketVacancy: layout.marketVacancy,
      saleValueComputationType: profile.kind === 'Commercial' ? 'BySf' : 'ByUnit',
      selectedRentRollId,
      hotelTotalSf: layout.hotel?.totalSf ?? 0,
      hotelTotalRooms: layout.hotel?.rooms ?? 0,
      hotelAverageDailyRate: layout.hotel?.adr ?? 0,
      hotelOccupancy: layout.hotel?.occupancy ?? 0,
      hotelOtherRevenueRatio: layout.hotel?.otherRevenueRatio ?? 0,
    });
    out.livingUnits.push(...layout.units);
    const docs = research.documentsFor(area, profile, rng);
    out.marketData.push({
      componentId,
      trendSummary: docs.trendSummary,
      summary: docs.summary,
      mainMarket: docs.mainMarket,
      subMarket: docs.subMarket,
      forecast: docs.forecast,
    });
    parts.push({ spec: c, id: componentId, layout, assumptions, underwritten, market, ctx });
  });
  return parts;
}
