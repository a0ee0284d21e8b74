// The demo's words: how a deal, a collateral and a loan are described, the status a deal is in,
// and the note on it. Pure text from figures; where a phrase is drawn, the caller's stream is used
// at the same point as always.

import type { PropertyAsset } from './assets';
import { DEMO_STATUS_BY_STATE, type DemoAssetType, type DemoLoanType, type DemoState } from './book';
import type { CollateralResult, CollateralSpec } from './collateral';
import type { Rng } from './random';

export const ASSET_PHRASES: Record<PropertyAsset, string> = {
  Multi_Family_Apartments: 'apartment community',
  Senior_Housing: 'senior housing community',
  Office: 'office building',
  Flex_Office: 'flex office park',
  Retail: 'shopping center',
  Industrial: 'industrial building',
  Distribution_Warehouse: 'distribution warehouse',
  Self_Storage: 'self-storage facility',
  Land: 'ground-leased land parcel',
  Special_Purpose: 'special-purpose property',
  Hotel: 'hotel',
};
export const ASSET_LABELS: Record<PropertyAsset, string> = {
  Multi_Family_Apartments: 'Multifamily',
  Senior_Housing: 'Senior Housing',
  Office: 'Office',
  Flex_Office: 'Flex',
  Retail: 'Retail',
  Industrial: 'Industrial',
  Distribution_Warehouse: 'Logistics',
  Self_Storage: 'Self Storage',
  Land: 'Land',
  Special_Purpose: 'Special Purpose',
  Hotel: 'Hospitality',
};
export const LOAN_PHRASES: Record<DemoLoanType, string> = {
  Acquisition: 'Acquisition financing for',
  Acquisition_Construction: 'Acquisition and renovation financing for',
  Refinance: 'Refinance of',
  Refinance_Construction: 'Refinance and renovation financing for',
  Construction: 'Ground-up construction financing for',
  Stabilization: 'Lease-up (stabilization) loan on',
  Bridge: 'Bridge loan on',
  Permanent: 'Permanent loan on',
  Unknown: 'Financing request for',
};

/** "a" or "an" before a phrase such as "80-key" or "11,500 SF" (read as eighty, eleven thousand). */
export function article(phrase: string): 'a' | 'an' {
  const lead = /^[\d,]+/.exec(phrase)?.[0];
  if (lead) {
    const group = lead.split(',')[0]!;
    return group.startsWith('8') || group === '11' || group === '18' ? 'an' : 'a';
  }
  return /^[aeiou]/i.test(phrase) ? 'an' : 'a';
}

/** "Garden apartment community", "CBD office building", "Full-service hotel", ... */
export function collateralHead(subType: string | null, asset: PropertyAsset): string {
  switch (subType) {
    case null:
      return ASSET_PHRASES[asset];
    case 'CBD Office':
      return 'CBD office building';
    case 'Suburban Office':
      return 'suburban office building';
    case 'Neighborhood Center':
      return 'neighborhood shopping center';
    case 'Strip Center':
      return 'strip shopping center';
    case 'Warehouse':
      return asset === 'Distribution_Warehouse' ? 'distribution warehouse' : 'industrial warehouse';
    case 'Flex':
      return asset === 'Flex_Office' ? 'flex office park' : 'industrial flex building';
    case 'Full Service':
      return 'full-service hotel';
    case 'Limited Service':
      return 'limited-service hotel';
    case 'Climate Controlled':
      return 'climate-controlled self-storage facility';
    case 'Assisted Living':
      return 'assisted living community';
    case 'Raw Land':
      return 'ground-leased land parcel';
    default:
      return `${subType.toLowerCase()} ${ASSET_PHRASES[asset]}`;
  }
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function plural(n: number, noun: readonly [string, string]): string {
  return `${n} ${n === 1 ? noun[0] : noun[1]}`;
}

export function suiteNoun(asset: PropertyAsset): readonly [string, string] {
  if (asset === 'Self_Storage') return ['building', 'buildings'];
  if (asset === 'Land') return ['pad', 'pads'];
  return ['suite', 'suites'];
}

export function thousands(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function pickStatus(rng: Rng, state: DemoState, watchList: boolean, monthsSinceOrigination: number): string {
  const set = DEMO_STATUS_BY_STATE[state];
  switch (state) {
    case 'Originated':
      // Just closed, then funded, then handed to servicing after the first year.
      if (watchList || monthsSinceOrigination >= 12) return 'Servicing';
      return monthsSinceOrigination < 2 ? 'Closed' : 'Funded';
    case 'Completed':
      return rng.weighted([['Paid Off', 85], ['Sold', 15]] as const);
    case 'Rejected':
      return rng.weighted([['Declined', 55], ['Withdrawn', 25], ['Lost to Competitor', 20]] as const);
    default:
      return rng.pick(set);
  }
}

export function dealNote(rng: Rng, state: DemoState, status: string, payoffDate: string | null, dscr: number, ltv: number, watchList: boolean): string | null {
  const x = (v: number) => `${v.toFixed(2)}x`;
  const p = (v: number) => `${(v * 100).toFixed(1)}%`;
  switch (state) {
    case 'Originated':
      if (watchList) return `Watch list: DSCR of ${x(dscr)} is below the 1.20x covenant at the last test.`;
      return rng.chance(0.4) ? rng.pick(['Annual site inspection completed.', 'Financials received for the last quarter.', 'Insurance certificate renewed.']) : null;
    case 'Completed':
      return status === 'Sold' ? `Collateral sold; loan repaid on ${payoffDate}.` : `Paid off on ${payoffDate}.`;
    case 'Rejected':
      if (status === 'Declined') {
        return dscr < 1.2 ? `Declined: DSCR of ${x(dscr)} is below the 1.20x minimum.` : `Declined: leverage of ${p(ltv)} is above policy.`;
      }
      return status === 'Withdrawn' ? 'Borrower withdrew the request.' : 'Lost to a competing lender offering higher proceeds.';
    case 'Prep':
      return rng.chance(0.6) ? rng.pick(['Credit memo in progress; site visit completed.', 'Awaiting the appraisal and the Phase I report.', 'Committee scheduled; sponsor financials reviewed.']) : null;
    case 'NewDeal':
      return rng.chance(0.6) ? rng.pick(['Initial screening; awaiting the T-12 and the rent roll.', 'Broker submission; sponsor call scheduled.', 'Quoted indicative terms.']) : null;
  }
}

/** "Acquisition financing for a 240-unit apartment community built in 1998 in Austin, TX." */
export function dealDescription(
  assetType: DemoAssetType,
  loanType: DemoLoanType,
  specs: readonly CollateralSpec[],
  collateralResults: readonly CollateralResult[],
): string {
  const primary = collateralResults[0]!;
  const first = specs[0]!;
  const markets = new Set(collateralResults.map((c) => c.area.metro.key)).size;
  const cityState = markets > 1 ? `${markets} markets` : `${primary.address.city}, ${primary.address.state}`;
  const what =
    assetType === 'Portfolio'
      ? `a portfolio of ${specs.length} ${new Set(specs.map((s) => s.asset)).size === 1 ? ASSET_PHRASES[first.asset as PropertyAsset].replace(/y$/, 'ie') + 's' : 'properties of different types'}`
      : assetType === 'Mixed'
        ? `${article(primary.sizePhrase)} ${primary.sizePhrase} mixed-use property built in ${primary.yearBuilt}`
        : `${article(primary.sizePhrase)} ${primary.sizePhrase} ${ASSET_PHRASES[first.asset as PropertyAsset]}${
            primary.yearBuilt === null ? '' : loanType === 'Construction' ? ` delivering in ${primary.yearBuilt}` : ` built in ${primary.yearBuilt}`
          }`;
  const description = `${LOAN_PHRASES[loanType]} ${what} in ${cityState}.`;
  return description;
}
