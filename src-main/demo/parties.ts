// The deal's parties: people (principals and guarantors) and sponsor companies, drawn from
// pools shared across the book (a pool member is created the first time a deal draws it), and
// each deal's single-purpose borrower.

import type { PropertyAsset } from './assets';
import type { DemoAssetType, DemoContext } from './book';
import type { CollateralResult, CollateralSpec } from './collateral';
import { MIDDLE_INITIALS, personName, placeWord, sponsorCompanyName } from './names';
import { ASSET_LABELS, slug } from './phrases';
import { anyAddress, pickZip, type Metro } from './places';
import { roundTo, type Rng } from './random';

export interface PersonState {
  id: string;
  contactId: string;
  areaCode: string;
}

const ssn = (rng: Rng) =>
  `9${String(rng.int(0, 99)).padStart(2, '0')}-${String(rng.int(1, 99)).padStart(2, '0')}-${String(rng.int(1, 9_999)).padStart(4, '0')}`;
const phone = (rng: Rng, areaCode: string) => `(${areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
const ein = (rng: Rng) => `9${rng.int(0, 9)}-${String(rng.int(0, 9_999_999)).padStart(7, '0')}`;

/** The people and sponsors of the book: pools shared across deals, created when first used. */
export class PartyPools {
  readonly peoplePoolSize: number;
  readonly sponsorPoolSize: number;
  private readonly people = new Map<number, PersonState>();
  private readonly sponsors = new Map<number, string>();
  private readonly usedEmails = new Set<string>();

  constructor(
    private readonly ctx: DemoContext,
    private readonly partyRng: Rng,
    dealCount: number,
  ) {
    this.peoplePoolSize = Math.max(10, Math.ceil(dealCount * 0.55));
    this.sponsorPoolSize = Math.max(6, Math.ceil(dealCount * 0.3));
  }

  personFor(index: number, metro: Metro, loan: number): PersonState {
    const { ids, out } = this.ctx;
    const { people, usedEmails } = this;
    let p = people.get(index);
    if (p) return p;
    const rng = this.partyRng;
    const id = ids.next();
    const contactId = `CT-${String(people.size + 1).padStart(6, '0')}`;
    const { firstName, lastName } = personName(rng);
    const netWorth = roundTo(Math.max(rng.logNormal(25_000_000, 0.8), loan * rng.float(1, 2.5)), 10_000);
    const liquidity = roundTo(Math.max(netWorth * rng.float(0.06, 0.2), loan * rng.float(0.1, 0.15)), 1_000);
    const dscr = roundTo(rng.float(1.2, 2.8), 0.01);
    const debtService = netWorth * rng.float(0.01, 0.04);
    const home = anyAddress(rng, pickZip(rng, metro, ['suburban', 'urban']));
    let email = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com';
    for (let n = 2; usedEmails.has(email); n++) email = `${firstName}.${lastName}${n}`.toLowerCase().replace(/[^a-z0-9.]/g, '') + '@example.com';
    usedEmails.add(email);
    out.people.push({
      id,
      contactId,
      firstName,
      middleName: rng.chance(0.5) ? rng.pick(MIDDLE_INITIALS) : null,
      lastName,
      socialSecurityNumber: ssn(rng),
      description: rng.pick(['Managing principal and guarantor', 'Key principal', 'Co-sponsor and guarantor', 'Limited partner', 'Principal and loan guarantor']),
      primaryPhoneNumber: phone(rng, metro.areaCode),
      primaryEmail: email,
      image: null,
      ...home,
      personalNetWorth: netWorth,
      personalLiquidity: liquidity,
      personalDSCR: dscr,
      personalCashFlowAfterDebtService: roundTo(debtService * (dscr - 1), 100),
      personDebtRatio: roundTo(rng.float(0.15, 0.6), 0.01),
    });
    p = { id, contactId, areaCode: metro.areaCode };
    people.set(index, p);
    return p;
  }

  sponsorFor(index: number, metro: Metro, principal: PersonState, loan: number): string {
    const { ids, out } = this.ctx;
    const { sponsors } = this;
    let id = sponsors.get(index);
    if (id) return id;
    const rng = this.partyRng;
    id = ids.next();
    const name = sponsorCompanyName(rng);
    const debtService = roundTo(Math.max(loan * 0.5, rng.logNormal(6_000_000, 0.8)), 1_000);
    const dscr = roundTo(rng.float(1.2, 2.2), 0.01);
    const assets = roundTo(debtService * rng.float(12, 25), 10_000);
    const office = anyAddress(rng, pickZip(rng, metro, ['urban', 'suburban']), `Suite ${rng.int(2, 30)}00`);
    out.companies.push({
      id,
      name,
      description: rng.pick([
        'Vertically integrated owner-operator',
        'Private real estate investment firm',
        'Regional developer and sponsor',
        'Family office real estate platform',
        'Value-add fund manager',
      ]),
      logo: null,
      ...office,
      primaryEmail: `info@${slug(name)}.example.com`,
      primaryPhoneNumber: phone(rng, metro.areaCode),
      companyDebtService: debtService,
      companyCashFlowAfterDebtService: roundTo(debtService * (dscr - 1), 1_000),
      companyDSCR: dscr,
      companyAssetSubtotal: assets,
      companyLiabilitySubtotal: roundTo(assets * rng.float(0.35, 0.7), 10_000),
      companyLiquidity: roundTo(assets * rng.float(0.03, 0.12), 10_000),
      contactId: principal.contactId,
      riskRating: String(rng.weighted([[1, 1], [2, 3], [3, 5], [4, 5], [5, 3], [6, 1]] as const)),
      ein: ein(rng),
    });
    sponsors.set(index, id);
    return id;
  }
}

/** What a deal's borrower is drawn from. */
export interface DealPartyFacts {
  dealId: string;
  metro: Metro;
  assetType: DemoAssetType;
  specs: readonly CollateralSpec[];
  collateralResults: readonly CollateralResult[];
  originalLoan: number;
  grossLoan: number;
  noi: number;
  value: number;
  debtService: number;
  dscr: number;
  riskRating: string;
}

/** The deal's people, its borrower and maybe a sponsor, as rows; answers the deal's name (its seed name). */
export function addDealParties(ctx: DemoContext, pools: PartyPools, rng: Rng, facts: DealPartyFacts): string {
  const { ids, out } = ctx;
  const { peoplePoolSize, sponsorPoolSize } = pools;
  const { dealId, metro, assetType, specs, collateralResults, originalLoan, grossLoan, noi, value, debtService, dscr, riskRating } = facts;
  const personFor = pools.personFor.bind(pools);
  const sponsorFor = pools.sponsorFor.bind(pools);
  const personCount = rng.weighted([[1, 50], [2, 35], [3, 15]] as const);
  const personIndexes = new Set<number>();
  while (personIndexes.size < Math.min(personCount, peoplePoolSize)) {
    personIndexes.add(Math.floor(peoplePoolSize * Math.pow(rng.next(), 1.4)));
  }
  const dealPeopleStates = [...personIndexes].map((k) => personFor(k, metro, originalLoan));
  for (const p of dealPeopleStates) out.dealPeople.push({ dealId, personId: p.id });
  const primary = collateralResults[0]!;
  const seedName =
    assetType === 'Portfolio'
      ? `${placeWord(rng)} ${new Set(specs.map((s) => s.asset)).size === 1 ? ASSET_LABELS[specs[0]!.asset as PropertyAsset] : 'Diversified'} Portfolio`
      : specs.length > 1
        ? primary.name.replace(/ Phase I$/, '')
        : primary.name;
  // The borrower: a single-purpose entity per deal.
  const borrowerId = ids.next();
  out.companies.push({
    id: borrowerId,
    name: `${seedName} ${rng.pick(['Owner LLC', 'Borrower LLC', 'Holdings LLC', 'Investors LP'])}`,
    description: 'Single-purpose borrowing entity',
    logo: null,
    ...primary.address,
    additionalFreeText: null,
    primaryEmail: null,
    primaryPhoneNumber: null,
    companyDebtService: Math.round(debtService),
    companyCashFlowAfterDebtService: Math.round(noi - debtService),
    companyDSCR: roundTo(dscr, 0.01),
    companyAssetSubtotal: roundTo(value, 1_000),
    companyLiabilitySubtotal: grossLoan,
    companyLiquidity: roundTo(value * rng.float(0.005, 0.03), 1_000),
    contactId: dealPeopleStates[0]!.contactId,
    riskRating,
    ein: ein(rng),
  });
  out.dealCompanies.push({ dealId, companyId: borrowerId });
  if (rng.chance(0.65)) {
    const sponsorIndex = Math.floor(sponsorPoolSize * Math.pow(rng.next(), 1.3));
    out.dealCompanies.push({ dealId, companyId: sponsorFor(sponsorIndex, metro, dealPeopleStates[0]!, originalLoan) });
  }
  return seedName;
}
