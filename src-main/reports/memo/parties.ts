import type { Content } from 'pdfmake/interfaces';
import { type CompanyInfoResponseDto, format, type PersonInfoResponseDto } from '../../contract';
import { COLORS, heading, keepTogether, keyValues, notice } from './layout';
import type { MemoData } from './types';

const { maskSsn, multiple, num, text, usd } = format;

function partyHeading(name: string, role: string | undefined): Content {
  return {
    text: [{ text: name }, ...(role ? [{ text: `   ${role.toUpperCase()}`, fontSize: 7, color: COLORS.accent, characterSpacing: 0.8 }] : [])],
    style: 'h3',
    margin: [0, 8, 0, 2],
  };
}

/** A party's card — its name (after `lead`, the headings above it), description and figures — kept whole. */
function card(lead: Content[], name: string, role: string | undefined, description: string | null, figures: [string, string][]): Content {
  const about: Content[] = description ? [{ text: description, style: 'small', margin: [0, 0, 0, 2] }] : [];
  return keepTogether(...lead, partyHeading(name, role), ...about, keyValues(figures));
}

function companyCard(lead: Content[], c: CompanyInfoResponseDto, role: string | undefined): Content {
  return card(lead, c.name, role, c.description, [
    ['Risk rating', text(c.riskRating)],
    ['Company DSCR', multiple(c.companyDSCR)],
    ['Assets', usd(c.companyAssetSubtotal)],
    ['Liabilities', usd(c.companyLiabilitySubtotal)],
    ['Liquidity', usd(c.companyLiquidity)],
    ['Debt service (annual)', usd(c.companyDebtService)],
    ['Cash flow after debt service', usd(c.companyCashFlowAfterDebtService)],
    ['EIN', text(c.ein)],
    ['Email', text(c.primaryEmail)],
    ['Phone', text(c.primaryPhoneNumber)],
    ['Address', text(c.address?.fullAddress)],
  ]);
}

function personCard(lead: Content[], p: PersonInfoResponseDto, role: string | undefined): Content {
  return card(lead, [p.firstName, p.middleName, p.lastName].filter(Boolean).join(' '), role, p.description, [
    // Masked here whatever the caller passed: the full number never reaches the document.
    ['Social security number', text(maskSsn(p.socialSecurityNumber))],
    ['Personal DSCR', multiple(p.personalDSCR)],
    ['Net worth', usd(p.personalNetWorth)],
    ['Liquidity', usd(p.personalLiquidity)],
    ['Cash flow after debt service', usd(p.personalCashFlowAfterDebtService)],
    ['Debt ratio', num(p.personDebtRatio)],
    ['Email', text(p.primaryEmail)],
    ['Phone', text(p.primaryPhoneNumber)],
    ['Address', text(p.address?.fullAddress)],
    ['Contact id', text(p.contactId)],
  ]);
}

/** Section 8: the deal's people and companies; social security numbers masked to the last four. */
export function partiesSection(data: MemoData): Content[] {
  const title = heading('Borrowers, sponsors and guarantors', { number: '8' });
  if (data.people.length === 0 && data.companies.length === 0) return [keepTogether(title, notice('No person or company is linked to this deal.'))];
  // The first card of each list carries its list's heading (and the first of all the section's title).
  const groups = [
    { heading: heading(`Companies (${data.companies.length})`, { level: 2 }), cards: data.companies.map((c) => (lead: Content[]) => companyCard(lead, c.info, c.role)) },
    { heading: heading(`People (${data.people.length})`, { level: 2 }), cards: data.people.map((p) => (lead: Content[]) => personCard(lead, p.info, p.role)) },
  ].filter((g) => g.cards.length > 0);
  return groups.flatMap((g, i) => g.cards.map((makeCard, j) => makeCard(j > 0 ? [] : i === 0 ? [title, g.heading] : [g.heading])));
}
