import ExcelJS from 'exceljs';
import { type DealComparison, label } from '../contract';
import { writeAtomically } from './atomic-file';
import { fileValue } from './columns';
import { landscapePrintSetup } from './print-setup';
import { XLSX_FORMATS } from './write-xlsx';

export const COMPARISON_SHEET = 'Deal comparison';

/** The fill of a figure whose values differ between the deals (the screen's highlight). */
const DIFFERS_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF3BF' } };
const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, color: { argb: 'FFFFFFFF' } },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } },
  alignment: { vertical: 'middle', wrapText: true },
};

/**
 * Writes the comparison as one sheet: a column per deal, a row per figure, typed cells (money,
 * percentages, multiples as number formats over the full-precision value; every ratio, debt
 * yield included, a decimal fraction under a percentage format), a last column
 * "Differs" and the rows whose values differ filled as on the screen. Atomic: a failed write
 * leaves no partial file under the target name.
 */
export async function writeDealComparisonXlsx(comparison: DealComparison, file: string, producedAt: Date): Promise<void> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = producedAt;
  const sheet = workbook.addWorksheet(COMPARISON_SHEET, {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1 }],
    // Printed like the other workbooks a lender sends; the deals compared in the footer.
    ...landscapePrintSetup(COMPARISON_SHEET, producedAt, `Deals: ${comparison.deals.map((d) => d.seedName).join(', ')}`.slice(0, 200)),
  });
  const n = comparison.deals.length;
  sheet.columns = [{ width: 24 }, ...comparison.deals.map(() => ({ width: 22 })), { width: 10 }];

  const header = sheet.addRow(['Figure', ...comparison.deals.map((d) => d.seedName), 'Differs']);
  header.eachCell((cell) => (cell.style = HEADER_STYLE));
  sheet.addRow(['Loan id', ...comparison.deals.map((d) => d.loanId ?? ''), '']);
  sheet.addRow(['Loan type', ...comparison.deals.map((d) => label(d.loanType)), '']);

  for (const figure of comparison.figures) {
    // As the screen shows them: the property type in words, debt yield as the fraction its
    // percentage number stands for (0.105 under the same percentage format as LTV and LTC).
    const values = figure.values.map((v) => (typeof v === 'string' && figure.key === 'propertyType' ? label(v) : fileValue(v, figure.kind)));
    const row = sheet.addRow([figure.label, ...values, figure.differs ? 'yes' : 'no']);
    const numFmt = XLSX_FORMATS[figure.kind];
    for (let i = 0; i < n; i++) {
      const cell = row.getCell(i + 2);
      if (numFmt && typeof cell.value === 'number') cell.numFmt = numFmt;
      if (figure.differs) cell.fill = DIFFERS_FILL;
    }
    if (figure.differs) row.getCell(1).fill = DIFFERS_FILL;
  }
  sheet.addRow([]);
  sheet.addRow([`Produced ${producedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Highlighted: figures that differ between the deals.`]);
  await writeAtomically(file, (temp) => workbook.xlsx.writeFile(temp));
}
