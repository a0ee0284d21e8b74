import { createHash } from 'node:crypto';
import type {
  CollateralCashFlowResponseDto,
  CollateralSummaryResponseDto,
  CommercialComponentInfoResponseDto,
  CommercialRentRollInfoResponseDto,
  CompanyInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryResponseDto,
  DealFundsInfoResponseDto,
  HotelComponentInfoResponseDto,
  PersonInfoResponseDto,
  ResidentialComponentInfoResponseDto,
  ResidentialRentRollInfoResponseDto,
  SeedInfoResponseDto,
} from '../../../../src-main/contract';
import type { MemoComponent, MemoData } from '../../../../src-main/reports';
import type { TestService } from '../../../support/service';

/**
 * A deal's MemoData read over HTTP from the real server, the way a client of the API sees it:
 * every read of the deal's graph, plus the parts only the workstation knows (given here).
 */
export async function memoDataOverHttp(
  s: TestService,
  dealId: string,
  extra: Pick<MemoData, 'recommendation' | 'notes' | 'generatedAt' | 'productVersion'> & Partial<Pick<MemoData, 'analysis' | 'history' | 'preparedBy'>>,
): Promise<MemoData> {
  const get = async <T>(path: string): Promise<T> => {
    const res = await s.api<T & { success: boolean; error: unknown }>('GET', path);
    if (!res.body.success) throw new Error(`${path}: ${JSON.stringify(res.body.error)}`);
    return res.body;
  };
  const deal = await get<SeedInfoResponseDto>(`/getDealInfo/${dealId}`);
  const funds = await get<DealFundsInfoResponseDto>(`/getDealFunds/${dealId}`);
  const { collateralSummaries } = await get<CollateralSummaryResponseDto>(`/getDealCollateralSummary/${dealId}`);
  const collaterals: MemoData['collaterals'] = [];
  for (const summary of collateralSummaries) {
    const cashFlow = await get<CollateralCashFlowResponseDto>(`/getCollateralCashFlow/${summary.id}`);
    const { componentSummary } = await get<ComponentSummaryResponseDto>(`/getCollateralComponentSummary/${summary.id}`);
    const components: MemoComponent[] = [];
    for (const c of componentSummary) {
      if (c.componentType === 'Residential') {
        const info = await get<ResidentialComponentInfoResponseDto>(`/getResidentialComponentInfo/${c.id}`);
        const rentRolls = await Promise.all(info.rentRollsOrder.map((id) => get<ResidentialRentRollInfoResponseDto>(`/getResidentialRentrollInfo/${id}`)));
        components.push({ summary: c, kind: 'Residential', info, rentRolls });
      } else if (c.componentType === 'Commercial') {
        const info = await get<CommercialComponentInfoResponseDto>(`/getCommercialComponentInfo/${c.id}`);
        const rentRolls = await Promise.all(info.rentRollsOrder.map((id) => get<CommercialRentRollInfoResponseDto>(`/getCommercialRentrollInfo/${id}`)));
        components.push({ summary: c, kind: 'Commercial', info, rentRolls });
      } else if (c.componentType === 'Hotel') {
        components.push({ summary: c, kind: 'Hotel', info: await get<HotelComponentInfoResponseDto>(`/getHotelComponentInfo/${c.id}`) });
      } else {
        components.push({ summary: c, kind: 'Unknown', info: await get<ComponentInfoResponseDto>(`/getBaseComponentInfo/${c.id}`) });
      }
    }
    collaterals.push({ summary, cashFlow, components });
  }
  const people = await Promise.all(deal.personIds.map(async (id) => ({ info: await get<PersonInfoResponseDto>(`/getPersonInfo/${id}`) })));
  const companies = await Promise.all(deal.companyIds.map(async (id) => ({ info: await get<CompanyInfoResponseDto>(`/getCompanyInfo/${id}`) })));
  const reads = { deal, funds, collaterals, people, companies };
  return { ...reads, ...extra, dataHash: createHash('sha256').update(JSON.stringify(reads)).digest('hex') };
}

/** The ids of the demo deals whose property type satisfies `test`, in the API's order. */
export async function demoDealIds(s: TestService, test: (propertyType: string) => boolean): Promise<string[]> {
  const { body } = await s.api<{ dealIds: string[] }>('GET', '/getAllDealIds');
  const out: string[] = [];
  for (const id of body.dealIds) {
    const deal = (await s.api<SeedInfoResponseDto>('GET', `/getDealInfo/${id}`)).body;
    if (test(deal.propertyType ?? deal.componentType)) out.push(id);
  }
  return out;
}
