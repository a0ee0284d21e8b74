import type ExcelJS from 'exceljs';

/*
 * How every workbook a lender sends prints: landscape, one page wide (as many pages down as it
 * takes), the header row on every page, the title and the time it was produced at the top, a
 * line of context (the filter, the credit policy) and the page number at the bottom.
 */

export type PrintSetup = Pick<Partial<ExcelJS.AddWorksheetOptions>, 'pageSetup' | 'headerFooter'>;

/** Text inside an Excel header or footer, where & starts a code. */
export const headerText = (text: string) => text.replaceAll('&', '&&');
/** Excel refuses a header or footer longer than this. */
export const MAX_HEADER_FOOTER = 255;
/** The right end of every footer. */
export const FOOTER_END = '&RPage &P of &N';
/** What a footer's left part may hold, codes included. */
export const FOOTER_BUDGET = MAX_HEADER_FOOTER - '&L'.length - FOOTER_END.length;

/** `title` and `footer` are plain text; `footer` must already fit FOOTER_BUDGET once escaped. */
export function landscapePrintSetup(title: string, producedAt: Date, footer: string): PrintSetup {
  const produced = `${producedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return {
    pageSetup: {
      orientation: 'landscape',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: '1:1',
      margins: { left: 0.4, right: 0.4, top: 0.6, bottom: 0.6, header: 0.3, footer: 0.3 },
    },
    headerFooter: {
      oddHeader: `&L&"-,Bold"${headerText(title)}&RProduced ${produced}`,
      oddFooter: `&L${headerText(footer)}${FOOTER_END}`,
    },
  };
}
