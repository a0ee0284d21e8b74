import ExcelJS from 'exceljs';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { OpenedPortfolioStress } from '../gateway';
import { writeAtomically } from './atomic-file';
import { fileValue } from './columns';
import { landscapePrintSetup, type PrintSetup } from './print-setup';
import {
  policyText,
  STRESS_DEALS_SHEET,
  STRESS_SUMMARY_SHEET,
  STRESS_TITLE,
  stressColumns,
  SUMMARY_COLUMNS,
  summaryRows,
  type StressExportOptions,
} from './stress-export';
import { XLSX_FORMATS } from './write-xlsx';

const HEADER_STYLE: Partial<ExcelJS.Style> = {
  font: { bold: true, color: { argb: 'FFFFFFFF' } },
  fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF1F3A5F' } },
  alignment: { vertical: 'middle', wrapText: true },
};

/** As the cross-deal report prints, with the credit policy in the footer. */
function printSetup(sheetTitle: string, producedAt: Date, profileName: string): PrintSetup {
  return landscapePrintSetup(`${STRESS_TITLE}: ${sheetTitle}`, producedAt, `Credit policy: ${profileName}`.slice(0, 200));
}

/** A value as a cell: numbers as numbers (the column's format shows them), null and non-finite empty, the rest text. */
function cell(value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return String(value);
}

function header(sheet: ExcelJS.Worksheet, titles: string[]): void {
  const row = sheet.addRow(titles);
  row.height = 30;
  row.eachCell((c) => (c.style = HEADER_STYLE));
  row.commit();
}

/**
 * Sheet "Deals": one row per deal, a frozen header with an autofilter, typed cells (money in $,
 * LTV, rate and debt yield as decimal fractions under a percentage format, DSCR as 1.25x,
 * breaches in words). Sheet
 * "Summary": the book unstressed and under each scenario, with the policy it was tested against.
 * Streamed with exceljs's writer: rows are committed as they come. Returns the deals written.
 */
export async function writeStressXlsx(run: OpenedPortfolioStress, options: StressExportOptions): Promise<number> {
  const producedAt = (options.now ?? (() => new Date()))();
  return writeAtomically(options.file, async (temp) => {
    const stream = createWriteStream(temp);
    let streamError: Error | undefined;
    stream.on('error', (err) => (streamError = err));
    try {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false, zip: { zlib: { level: 1 } } });
      workbook.creator = 'Underwriting Workstation';
      workbook.created = producedAt;

      const columns = stressColumns(run.scenarios, options.scenarioTitles);
      const deals = workbook.addWorksheet(STRESS_DEALS_SHEET, {
        views: [{ state: 'frozen', xSplit: 2, ySplit: 1, topLeftCell: 'C2', activeCell: 'C2' }],
        ...printSetup('deals', producedAt, run.profileName),
      });
      deals.columns = columns.map((c) => ({ width: c.width, style: XLSX_FORMATS[c.kind] ? { numFmt: XLSX_FORMATS[c.kind]! } : {} }));
      header(deals, columns.map((c) => c.title));
      options.onProgress?.(0, run.totalDeals);
      let written = 0;
      for await (const batch of run.batches) {
        for (const row of batch) {
          if (streamError) throw streamError;
          const added = deals.addRow(columns.map((c) => cell(fileValue(c.value(row), c.kind))));
          columns.forEach((c, i) => {
            const numFmt = XLSX_FORMATS[c.kind];
            if (numFmt) added.getCell(i + 1).numFmt = numFmt;
          });
          added.commit();
        }
        written += batch.length;
        options.onProgress?.(written, Math.max(run.totalDeals, written));
      }
      deals.autoFilter = { from: { row: 1, column: 1 }, to: { row: written + 1, column: columns.length } };
      deals.commit();

      const summary = workbook.addWorksheet(STRESS_SUMMARY_SHEET, {
        views: [{ state: 'frozen', xSplit: 1, ySplit: 1, topLeftCell: 'B2', activeCell: 'B2' }],
        ...printSetup('summary', producedAt, run.profileName),
      });
      summary.columns = SUMMARY_COLUMNS.map((c) => ({ width: c.width }));
      header(summary, SUMMARY_COLUMNS.map((c) => c.title));
      for (const s of summaryRows(run.totals(), options.scenarioTitles)) {
        const added = summary.addRow(SUMMARY_COLUMNS.map((c) => cell(fileValue(c.value(s), c.kind))));
        SUMMARY_COLUMNS.forEach((c, i) => {
          const numFmt = XLSX_FORMATS[c.kind];
          if (numFmt) added.getCell(i + 1).numFmt = numFmt;
        });
        added.commit();
      }
      summary.addRow([]).commit();
      summary.addRow(['Credit policy', `${run.profileName}: ${policyText(run.policy)}`]).commit();
      summary.addRow(['Produced at (ISO 8601)', producedAt.toISOString()]).commit();
      summary.addRow(['Ratios', 'LTV, rates and debt yield are decimal fractions shown as percentages: 0.105 is 10.50%']).commit();
      summary.commit();

      await workbook.commit();
      if (!stream.writableFinished) await once(stream, 'finish');
      if (streamError) throw streamError;
      return written;
    } catch (err) {
      if (!stream.closed) {
        const closed = once(stream, 'close').catch(() => undefined);
        stream.destroy();
        await closed;
      }
      throw err;
    }
  });
}
