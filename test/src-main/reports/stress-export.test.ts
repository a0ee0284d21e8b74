import ExcelJS from 'exceljs';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Scenario, StressPortfolioResponseDto } from '../../../src-main/contract';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { fillCollateralFigures } from '../../../src-main/figures';
import { GATEWAY, type GatewayContext } from '../../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { breachesText, exportPortfolioStress, policyText, STRESS_DEALS_SHEET, STRESS_SUMMARY_SHEET } from '../../../src-main/reports/stress-export';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { UTF8_BOM } from '../../../src-main/reports/write-csv';
import { tempDir } from '../../support/service';

/*
 * The portfolio stress files show what the screen shows: every ratio one convention (a decimal
 * fraction, formatted as a percentage in XLSX), breaches and the policy in words, the shipped
 * scenarios under their labels and a custom one under the name its user wrote. Read back with
 * exceljs and papaparse, and compared with the endpoint's answer for the same request.
 */

let db: Db;
let ctx: GatewayContext;
let dir: { path: string; remove(): void };
let api: StressPortfolioResponseDto;
const CUSTOM = 'Rates up 200 bp, rents –5 %';
let request: { scenarios: Scenario[]; policy: Record<string, number> };

beforeAll(async () => {
  dir = tempDir('uw-stress-export-');
  db = openDb({ file: ':memory:' });
  await seedDemoPortfolio(createSqliteStore(db), { deals: 8 });
  await fillCollateralFigures(createSqliteStore(db));
  ctx = { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(), now: () => new Date() };
  const { label: _l, source: _s, ...severe } = ctx.config.stressScenarios.find((s) => s.name === 'severe')!;
  // A policy every deal breaks, so that every kind of breach is written.
  request = { scenarios: [severe, { name: CUSTOM, rateChangeBps: 200, rentChange: -0.05 }], policy: { maxLtv: 0.1, minDscr: 9, minDebtYield: 90 } };
  api = (await GATEWAY.stressPortfolio!(ctx, { params: {}, body: { ...request, pageSize: 100 } })) as StressPortfolioResponseDto;
  expect(api.success, JSON.stringify(api.error)).toBe(true);
}, 60_000);
afterAll(() => {
  closeDb(db);
  dir.remove();
});

describe('the portfolio stress CSV', () => {
  it('writes every ratio as a decimal fraction, breaches in words, and the scenarios under the names the screen shows', async () => {
    const file = join(dir.path, 'stress.csv');
    await exportPortfolioStress(ctx, request, { format: 'csv', file });
    const text = readFileSync(file, 'utf8').slice(UTF8_BOM.length);
    const [deals] = text.split('\r\n\r\n');
    const parsed = Papa.parse<Record<string, string>>(deals!, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toContain('Severe DSCR');
    expect(parsed.meta.fields).toContain(`${CUSTOM} debt yield`);
    expect(parsed.meta.fields).not.toContain('severe DSCR');
    expect(parsed.data).toHaveLength(api.rows.length);
    for (const row of api.rows) {
      const line = parsed.data.find((d) => d['Deal ID'] === row.dealId)!;
      const stressed = row.scenarios[0]!.stressed;
      expect(Number(line['Severe LTV'])).toBe(stressed.ltv);
      // Debt yield in the same convention as LTV: 12.7 % is 0.127.
      if (stressed.debtYield !== null) expect(Number(line['Severe debt yield'])).toBeCloseTo(stressed.debtYield / 100, 15);
      expect(Number(line['Severe rate'])).toBe(stressed.interestRate);
      expect(line['Severe breaches']).toBe(breachesText(row.scenarios[0]!.breaches));
    }
    const breaches = parsed.data.map((d) => d['Base breaches']!).join('; ');
    expect(breaches).toMatch(/DSCR \d+\.\d\dx < 9\.00x/);
    expect(breaches).toMatch(/LTV \d+\.\d% > 10\.0%/);
    expect(breaches).toMatch(/Debt yield \d+\.\d\d% < 90\.00%/);
    expect(breaches).not.toMatch(/Dscr|Ltv|DebtYield/);
  });

  it('names the scenarios in the summary as the screen does', async () => {
    const file = join(dir.path, 'summary.csv');
    await exportPortfolioStress(ctx, request, { format: 'csv', file });
    const [, summary] = readFileSync(file, 'utf8').slice(UTF8_BOM.length).split('\r\n\r\n');
    const parsed = Papa.parse<Record<string, string>>(summary!, { header: true, skipEmptyLines: true });
    expect(parsed.data.map((r) => r['Scenario'])).toEqual(['Base', 'Severe', CUSTOM]);
    expect(Number(parsed.data[1]!['Weighted LTV'])).toBe(api.scenarios[0]!.weightedLtv);
  });
});

describe('the portfolio stress XLSX', () => {
  it('holds every ratio as a fraction under a percentage format, and the policy and breaches in words', async () => {
    const file = join(dir.path, 'stress.xlsx');
    await exportPortfolioStress(ctx, request, { format: 'xlsx', file });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.getWorksheet(STRESS_DEALS_SHEET)!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const col = (title: string) => header.indexOf(title) + 1;
    expect(col('Severe LTV')).toBeGreaterThan(0);
    expect(col(`${CUSTOM} DSCR`)).toBeGreaterThan(0);
    const row = api.rows.find((r) => r.base.debtYield !== null && r.base.ltv !== null)!;
    const line = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(1).value === row.dealId)!;
    expect(line.getCell(col('Base LTV')).value).toBe(row.base.ltv);
    expect(line.getCell(col('Base debt yield')).value).toBeCloseTo(row.base.debtYield! / 100, 15);
    for (const title of ['Base LTV', 'Base debt yield', 'Severe LTV', 'Severe debt yield']) expect(line.getCell(col(title)).numFmt).toBe('0.00%');
    expect(line.getCell(col('Base breaches')).value).toBe(breachesText(row.baseBreaches));

    const summary = workbook.getWorksheet(STRESS_SUMMARY_SHEET)!;
    const firstColumn = summary.getColumn(1).values.slice(1);
    expect(firstColumn.slice(0, 4)).toEqual(['Scenario', 'Base', 'Severe', CUSTOM]);
    const policyRow = summary.getRow(firstColumn.indexOf('Credit policy') + 1);
    expect(policyRow.getCell(2).value).toBe(`${api.profileName}: ${policyText(api.policy)}`);
    expect(policyText(api.policy)).toContain('max LTV 10.0%');
    expect(policyText(api.policy)).toContain('min DSCR 9.00x');
    expect(policyText(api.policy)).toContain('min debt yield 90.00%');
  });
});
