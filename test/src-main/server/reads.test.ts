import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CollateralCashFlowResponseDto,
  CollateralSummaryResponseDto,
  CommercialComponentInfoResponseDto,
  CommercialRentRollInfoResponseDto,
  CompanyInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryResponseDto,
  DealFundsInfoResponseDto,
  DealIdsResponseDto,
  HotelComponentInfoResponseDto,
  PersonInfoResponseDto,
  ResidentialComponentInfoResponseDto,
  ResidentialRentRollInfoResponseDto,
  SeedInfoResponseDto,
} from '../../../src-main/contract';
import { startTestService, type TestService } from '../../support/service';

let s: TestService;
beforeAll(async () => {
  s = await startTestService({ demoDeals: 40 });
}, 60_000);
afterAll(async () => s.stop());

/** Reads an endpoint and checks the body against its contract schema, strictly (no unknown keys). */
async function read<S extends z.ZodObject>(schema: S, path: string): Promise<z.infer<S>> {
  const res = await s.api('GET', path);
  expect(res.status).toBe(200);
  expect(res.body.success, `${path}: ${JSON.stringify(res.body.error)}`).toBe(true);
  const parsed = schema.safeParse(res.body);
  expect(parsed.success, `${path}: ${parsed.success ? '' : JSON.stringify(parsed.error.issues.slice(0, 3))}`).toBe(true);
  return parsed.data!;
}

describe('every read endpoint on the demo portfolio', () => {
  it('returns a spec-shaped DTO for every record of the demo graph', async () => {
    const { dealIds } = await read(DealIdsResponseDto, '/getAllDealIds');
    expect(dealIds).toHaveLength(40);
    const seen = { Residential: 0, Commercial: 0, Hotel: 0, residentialRolls: 0, commercialRolls: 0, people: 0, companies: 0 };
    for (const id of dealIds) {
      const deal = await read(SeedInfoResponseDto, `/getDealInfo/${id}`);
      expect(deal.id).toBe(id);
      await read(DealFundsInfoResponseDto, `/getDealFunds/${id}`);
      const { collateralSummaries } = await read(CollateralSummaryResponseDto, `/getDealCollateralSummary/${id}`);
      expect(collateralSummaries.length).toBeGreaterThan(0);
      const dealComponents = await read(ComponentSummaryResponseDto, `/getDealComponentSummary/${id}`);
      let components = 0;
      for (const collateral of collateralSummaries) {
        await read(CollateralCashFlowResponseDto, `/getCollateralCashFlow/${collateral.id}`);
        const { componentSummary } = await read(ComponentSummaryResponseDto, `/getCollateralComponentSummary/${collateral.id}`);
        components += componentSummary.length;
        for (const component of componentSummary) {
          const base = await read(ComponentInfoResponseDto, `/getBaseComponentInfo/${component.id}`);
          seen[component.componentType as 'Residential' | 'Commercial' | 'Hotel']++;
          if (component.componentType === 'Hotel') await read(HotelComponentInfoResponseDto, `/getHotelComponentInfo/${component.id}`);
          if (component.componentType === 'Residential') {
            await read(ResidentialComponentInfoResponseDto, `/getResidentialComponentInfo/${component.id}`);
            for (const rollId of base.rentRollsOrder) {
              await read(ResidentialRentRollInfoResponseDto, `/getResidentialRentrollInfo/${rollId}`);
              seen.residentialRolls++;
            }
          }
          if (component.componentType === 'Commercial') {
            await read(CommercialComponentInfoResponseDto, `/getCommercialComponentInfo/${component.id}`);
            for (const rollId of base.rentRollsOrder) {
              await read(CommercialRentRollInfoResponseDto, `/getCommercialRentrollInfo/${rollId}`);
              seen.commercialRolls++;
            }
          }
        }
      }
      expect(dealComponents.componentSummary).toHaveLength(components);
      for (const personId of deal.personIds) {
        await read(PersonInfoResponseDto, `/getPersonInfo/${personId}`);
        seen.people++;
      }
      for (const companyId of deal.companyIds) {
        await read(CompanyInfoResponseDto, `/getCompanyInfo/${companyId}`);
        seen.companies++;
      }
    }
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
  }, 120_000);
});

describe('unknown ids', () => {
  const paths = [
    '/getDealInfo/nope',
    '/getDealFunds/nope',
    '/getDealCollateralSummary/nope',
    '/getDealComponentSummary/nope',
    '/getCollateralComponentSummary/nope',
    '/getCollateralCashFlow/nope',
    '/getBaseComponentInfo/nope',
    '/getCommercialComponentInfo/nope',
    '/getResidentialComponentInfo/nope',
    '/getHotelComponentInfo/nope',
    '/getResidentialRentrollInfo/nope',
    '/getCommercialRentrollInfo/nope',
    '/getPersonInfo/nope',
    '/getCompanyInfo/nope',
  ];
  it.each(paths)('%s answers HTTP 200 with MissingEntity', async (path) => {
    const res = await s.api('GET', path);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: { code: 'MissingEntity' } });
  });

  it('answers MissingEntity when a component id is read through the endpoint of another component type', async () => {
    const [dealId] = (await s.api('GET', '/getAllDealIds')).body.dealIds;
    const summary = (await s.api('GET', `/getDealComponentSummary/${dealId}`)).body.componentSummary[0];
    const wrong = summary.componentType === 'Hotel' ? 'Residential' : 'Hotel';
    const res = await s.api('GET', `/get${wrong}ComponentInfo/${summary.id}`);
    expect(res.body.error.code).toBe('MissingEntity');
  });
});
