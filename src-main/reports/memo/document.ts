import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { format } from '../../contract';
import { analysisSection } from './analysis';
import { collateralSection } from './collateral';
import { componentsSection } from './components';
import { historySection } from './history';
import { COLORS, PAGE, STYLES } from './layout';
import { fundsSection, loanTermsSection } from './loan';
import { partiesSection } from './parties';
import { redactStrings, ssnRedactor } from './redact';
import { rentRollSection } from './rent-roll';
import { summarySection, titleBlock } from './summary';
import type { MemoData } from './types';

/** The font the memo embeds (pdfmake ships Roboto; registered under this name by render.ts). */
export const MEMO_FONT = 'Roboto';

/** Footer of every page: the deal, the date, the page, and the hash of the data it was made from. */
function footer(data: MemoData) {
  const deal = `${data.deal.seedName} · ${data.deal.loanId ?? data.deal.id}`;
  const generated = `Generated ${format.timestamp(data.generatedAt, { utc: true })}`;
  return (currentPage: number, pageCount: number, pageSize: { width: number }): Content => ({
    margin: [PAGE.marginX, 10, PAGE.marginX, 0],
    stack: [
      { canvas: [{ type: 'line', x1: 0, y1: 0, x2: pageSize.width - 2 * PAGE.marginX, y2: 0, lineWidth: 0.5, lineColor: COLORS.rule }] },
      {
        columns: [
          { text: `${deal}  ·  ${generated}`, width: '*' },
          { text: `Page ${currentPage} of ${pageCount}`, width: 'auto', bold: true, color: COLORS.ink },
        ],
        margin: [0, 4, 0, 0],
      },
      { text: `Data SHA-256 ${data.dataHash}  ·  Underwriting Workstation ${data.productVersion}`, fontSize: 6.5, margin: [0, 1, 0, 0] },
    ],
    fontSize: 7,
    color: COLORS.muted,
  });
}

/** Header of every page but the first (which carries the title block). */
function header(data: MemoData) {
  return (currentPage: number): Content =>
    currentPage === 1
      ? ''
      : {
          margin: [PAGE.marginX, 22, PAGE.marginX, 0],
          columns: [
            { text: `Credit memorandum — ${data.deal.seedName}`, width: '*' },
            { text: 'CONFIDENTIAL', width: 'auto', color: COLORS.fail, characterSpacing: 1 },
          ],
          fontSize: 7,
          color: COLORS.muted,
        };
}

/**
 * The memo as a pdfmake document definition: pure (no I/O), so the same data always gives the
 * same definition, and — with the creation date taken from the data — the same PDF bytes.
 * Every string in it has been through the SSN redactor.
 */
export function memoDocument(data: MemoData): TDocumentDefinitions {
  const content: Content[] = [
    ...titleBlock(data),
    ...summarySection(data),
    ...loanTermsSection(data),
    ...fundsSection(data),
    ...analysisSection(data),
    ...collateralSection(data),
    ...componentsSection(data),
    ...rentRollSection(data),
    ...partiesSection(data),
    ...historySection(data),
  ];
  const doc: TDocumentDefinitions = {
    pageSize: 'LETTER',
    pageOrientation: 'portrait',
    pageMargins: [PAGE.marginX, PAGE.marginTop, PAGE.marginX, PAGE.marginBottom],
    info: {
      title: `Credit memorandum — ${data.deal.seedName}`,
      subject: `Credit memorandum for deal ${data.deal.loanId ?? data.deal.id}; data SHA-256 ${data.dataHash}`,
      author: data.preparedBy ?? 'Underwriting Workstation',
      creator: `Underwriting Workstation ${data.productVersion}`,
      producer: 'pdfmake',
      creationDate: new Date(data.generatedAt),
    },
    content,
    header: header(data),
    footer: footer(data),
    styles: STYLES,
    defaultStyle: { font: MEMO_FONT, fontSize: 9, color: COLORS.ink, lineHeight: 1.15 },
  };
  const known = data.people.map((p) => p.info.socialSecurityNumber);
  return redactStrings(doc, ssnRedactor(known));
}
