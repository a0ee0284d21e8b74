import type { Content } from 'pdfmake/interfaces';
import { format } from '../../contract';
import { COLORS, heading, keepTogether, keyValues, notice } from './layout';
import type { CompanyInfoResponseDto, PersonInfoResponseDto } from '../../contract';
import type { MemoData } from './types';

const { maskSsn, multiple, num, text, usd } = format;

function partyHeading(name: string, role: string | undefined): Content {
  return {
    text: [{ text: name }, ...(role ? [{ text: `   ${role.toUpperCase()}`, fontSize: 7, color: COLORS.accent, characterSpacing: 0.8 }] : [])],
    style: 'h3',
    margin: [0, 8, 0, 2],
  };
}

function companyCard(c: CompanyInfoResponseDto, role: string | undefined): Content[] {
  return [
    partyHeading(c.name, role),
    ...(c.description ? [{ text: c.description, style: 'small', margin: [0, 0, 0, 2] } as Content] : []),
    keyValues([
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
    ]),
  ];
}

function personCard(p: PersonInfoResponseDto, role: string | undefined): Content[] {
  return [
    partyHeading([p.firstName, p.middleName, p.lastName].filter(Boolean).join(' '), role),
    ...(p.description ? [{ text: p.description, style: 'small', margin: [0, 0, 0, 2] } as Content] : []),
    keyValues([
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
    ]),
  ];
}

/** Section 8: the deal's people and companies; social security numbers masked to the last four. */
export function partiesSection(data: MemoData): Content[] {
  const title = heading('Borrowers, sponsors and guarantors', { number: '8' });
  if (data.people.length === 0 && data.companies.length === 0) return [keepTogether(title, notice('No person or company is linked to this deal.'))];
  // Each card stays whole; the first of each list keeps its list's heading (and the first of
  // all the section's title) with it.
  const groups = [
    { heading: heading(`Companies (${data.companies.length})`, { level: 2 }), cards: data.companies.map((c) => companyCard(c.info, c.role)) },
    { heading: heading(`People (${data.people.length})`, { level: 2 }), cards: data.people.map((p) => personCard(p.info, p.role)) },
  ].filter((g) => g.cards.length > 0);
  return groups.flatMap((g, i) => g.cards.map((card, j) => keepTogether(...(j > 0 ? [] : i === 0 ? [title, g.heading] : [g.heading]), ...card)));
}
