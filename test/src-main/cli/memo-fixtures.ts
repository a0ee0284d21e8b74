import type { PersonInfoResponseDto, SeedInfoResponseDto } from '../../../src-main/contract';
import { multiple } from '../../../src-main/contract/format';
import type { TestService } from '../../support/service';

export interface DealWithPeople {
  id: string;
  name: string;
  /** The DSCR as the screens show it, e.g. "1.31x". */
  dscr: string;
  ssns: string[];
}

/** The first demo deal with a named person who has an SSN, read over the real API. */
export async function dealWithPeople(s: TestService): Promise<DealWithPeople> {
  const { body } = await s.api<{ dealIds: string[] }>('GET', '/getAllDealIds');
  for (const id of body.dealIds) {
    const deal = (await s.api<SeedInfoResponseDto>('GET', `/getDealInfo/${id}`)).body;
    if (deal.personIds.length === 0 || !deal.seedName || deal.collateralTotals.dscr === null) continue;
    const people = await Promise.all(deal.personIds.map(async (p) => (await s.api<PersonInfoResponseDto>('GET', `/getPersonInfo/${p}`)).body));
    const ssns = people.map((p) => p.socialSecurityNumber).filter((n): n is string => !!n);
    if (ssns.length > 0) return { id, name: deal.seedName, dscr: multiple(deal.collateralTotals.dscr), ssns };
  }
  throw new Error('no demo deal with a person holding an SSN');
}

/** How the memo prints an SSN: masked to its last four digits. */
export const masked = (ssn: string) => `***-**-${ssn.replace(/\D/g, '').slice(-4)}`;
