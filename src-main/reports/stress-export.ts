import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type Breach,
  type CreditPolicy,
  type ErrorDto,
  format,
  type Metrics,
  type PortfolioStressRowDto,
  type PortfolioStressSummaryDto,
  type Scenario,
  StressPortfolioRequestDto,
} from '../contract';
import {
  type GatewayContext,
  type OpenedPortfolioStress,
  openPortfolioStress,
  parseBody,
  type PortfolioStressTotals,
} from '../gateway';
import { abortable } from './abortable';
import { writeAtomically } from './atomic-file';
import type { ColumnKind } from './columns';
import { csvLine, csvValue, UTF8_BOM } from './write-csv';

// The portfolio stress as a file: per deal its loan, its figures unstressed and under each
// scenario (DSCR, LTV, debt yield) and the limits each breaks; per scenario (and unstressed) the
// book's totals. The conventions of the cross-deal report's files: CSV in UTF-8 with a BOM, CRLF,
// full-precision numbers, formula-looking text defused; XLSX with typed, formatted cells and a
// print setup (landscape, one page wide, the header row on every page). Values as the screen
// shows them: every ratio (LTV, rate, debt yield) a decimal fraction (XLSX formats it as a
// percentage), breaches and the policy in words, scenarios under the names the screen gives them.

export const STRESS_FORMATS = ['csv', 'xlsx'] as const;
export type StressFormat = (typeof STRESS_FORMATS)[number];

export const STRESS_TITLE = 'Portfolio stress';
export const STRESS_DEALS_SHEET = 'Deals';
export const STRESS_SUMMARY_SHEET = 'Summary';

export interface StressExportOptions {
  format: StressFormat;
  file: string;
  /** Deals written so far and the deals expected (every batch and at the end). */
  onProgress?: (done: number, total: number) => void;
  now?: () => Date;
  /** Stops the export between batches (the signal's AbortError is thrown; no file is left at `file`). */
  signal?: AbortSignal;
  /** The scenarios' names in the file, in request order (default: scenarioTitle of each). */
  scenarioTitles?: readonly string[];
}

export interface StressExportResult {
  file: string;
  deals: number;
  totals: PortfolioStressTotals;
  profileName: string;
}

export interface StressColumn {
  title: string;
  kind: ColumnKind;
  width: number;
  value: (row: PortfolioStressRowDto) => unknown;
}

/** A scenario's name in a column title: its name, else its place in the request. */
export function scenarioTitle(scenario: Scenario, index: number): string {
  return scenario.name ?? `Scenario ${index + 1}`;
}

/**
 * The names the screen gives the scenarios: a shipped scenario (its name in the system
 * configuration) under its display label ("severe" is "Severe"), any other under the name its
 * user wrote (else its place in the request).
 */
export function displayScenarioTitles(scenarios: readonly Scenario[], shipped: readonly { name: string; label?: string | undefined }[]): string[] {
  return scenarios.map((s, k) => shipped.find((d) => d.name === s.name)?.label ?? scenarioTitle(s, k));
}

/** One breach in words, as the screen writes it: "DSCR 1.02x < 1.25x", "LTV 90.0% > 75.0%". */
export function breachText(breach: Breach): string {
  switch (breach.metric) {
    case 'Dscr':
      return `DSCR ${format.multiple(breach.value)} < ${format.multiple(breach.limit)}`;
    case 'DebtYield':
      return `Debt yield ${format.pctNumber(breach.value)} < ${format.pctNumber(breach.limit)}`;
    case 'Ltv':
      return breach.value === null ? 'LTV: no value left' : `LTV ${format.pct(breach.value, 1)} > ${format.pct(breach.limit, 1)}`;
    case 'Ltc':
      return `LTC ${format.pct(breach.value, 1)} > ${format.pct(breach.limit, 1)}`;
  }
}

/** Breaches in words: "DSCR 1.02x < 1.25x; LTV 81.0% > 75.0%". Empty when none. */
export function breachesText(breaches: readonly Breach[]): string {
  return breaches.map(breachText).join('; ');
}

/** A credit policy's limits in words: "max LTV 75.0%, min DSCR 1.25x, min debt yield 8.00%". */
export function policyText(policy: CreditPolicy): string {
  return [
    policy.maxLtv !== undefined ? `max LTV ${format.pct(policy.maxLtv, 1)}` : null,
    policy.maxLtc !== undefined ? `max LTC ${format.pct(policy.maxLtc, 1)}` : null,
    policy.minDscr !== undefined ? `min DSCR ${format.multiple(policy.minDscr)}` : null,
    policy.minDebtYield !== undefined ? `min debt yield ${format.pctNumber(policy.minDebtYield)}` : null,
  ]
    .filter(Boolean)
    .join(', ');
}

function metricColumns(prefix: string, metrics: (row: PortfolioStressRowDto) => Metrics, breaches: (row: PortfolioStressRowDto) => Breach[]): StressColumn[] {
  return [
    { title: `${prefix} NOI`, kind: 'money', width: 16, value: (r) => metrics(r).noi },
    { title: `${prefix} value`, kind: 'money', width: 18, value: (r) => metrics(r).value },
    { title: `${prefix} rate`, kind: 'rate', width: 10, value: (r) => metrics(r).interestRate },
    { title: `${prefix} debt service`, kind: 'money', width: 16, value: (r) => metrics(r).annualDebtService },
    { title: `${prefix} DSCR`, kind: 'multiple', width: 10, value: (r) => metrics(r).dscr },
    { title: `${prefix} LTV`, kind: 'ratio', width: 10, value: (r) => metrics(r).ltv },
    { title: `${prefix} debt yield`, kind: 'percentNumber', width: 12, value: (r) => metrics(r).debtYield },
    { title: `${prefix} breaches`, kind: 'text', width: 34, value: (r) => breachesText(breaches(r)) },
  ];
}

/** The per-deal columns: the deal, then Base, then each scenario (under `titles`, default scenarioTitle). */
export function stressColumns(scenarios: readonly Scenario[], titles?: readonly string[]): StressColumn[] {
  return [
    { title: 'Deal ID', kind: 'text', width: 38, value: (r) => r.dealId },
    { title: 'Deal name', kind: 'text', width: 32, value: (r) => r.seedName },
    { title: 'Loan amount', kind: 'money', width: 18, value: (r) => r.loanAmount },
    ...metricColumns('Base', (r) => r.base, (r) => r.baseBreaches),
    ...scenarios.flatMap((s, k) =>
      metricColumns(
        titles?.[k] ?? scenarioTitle(s, k),
        (r) => r.scenarios[k]!.stressed,
        (r) => r.scenarios[k]!.breaches,
      ),
    ),
  ];
}

type SummaryRow = PortfolioStressSummaryDto & { label: string; shocks: string };

export interface SummaryColumn {
  title: string;
  kind: ColumnKind;
  width: number;
  value: (s: SummaryRow) => unknown;
}

export const SUMMARY_COLUMNS: readonly SummaryColumn[] = [
  { title: 'Scenario', kind: 'text', width: 16, value: (s) => s.label },
  { title: 'Shocks', kind: 'text', width: 60, value: (s) => s.shocks },
  { title: 'Deals', kind: 'count', width: 10, value: (s) => s.deals },
  { title: 'Exposure', kind: 'money', width: 20, value: (s) => s.exposure },
  { title: 'DSCR below policy (deals)', kind: 'count', width: 14, value: (s) => s.dscrBelowPolicy.count },
  { title: 'DSCR below policy (exposure)', kind: 'money', width: 20, value: (s) => s.dscrBelowPolicy.exposure },
  { title: 'DSCR below 1.00x (deals)', kind: 'count', width: 14, value: (s) => s.dscrBelowOne.count },
  { title: 'DSCR below 1.00x (exposure)', kind: 'money', width: 20, value: (s) => s.dscrBelowOne.exposure },
  { title: 'LTV above policy (deals)', kind: 'count', width: 14, value: (s) => s.ltvAbovePolicy.count },
  { title: 'LTV above policy (exposure)', kind: 'money', width: 20, value: (s) => s.ltvAbovePolicy.exposure },
  { title: 'Weighted DSCR', kind: 'multiple', width: 12, value: (s) => s.weightedDscr },
  { title: 'Weighted LTV', kind: 'ratio', width: 12, value: (s) => s.weightedLtv },
];

const SHOCK_LABELS: [keyof Scenario, string, (v: number) => string][] = [
  ['rentChange', 'rent', (v) => `${pct(v)}`],
  ['vacancyChange', 'vacancy', (v) => `${v >= 0 ? '+' : ''}${round(v * 100)} points`],
  ['noiChange', 'NOI', (v) => `${pct(v)}`],
  ['capRateChangeBps', 'cap rate', (v) => `${v >= 0 ? '+' : ''}${round(v)} bp`],
  ['valueChange', 'value', (v) => `${pct(v)}`],
  ['rateChangeBps', 'rate', (v) => `${v >= 0 ? '+' : ''}${round(v)} bp`],
];
const round = (v: number) => Number(v.toFixed(4)).toString();
const pct = (v: number) => `${v >= 0 ? '+' : ''}${round(v * 100)} %`;

/** A scenario's shocks in words, in the order they apply: "rent -5 %, vacancy +3 points, value -10 %, rate +100 bp". */
export function shocksText(scenario: Scenario): string {
  return SHOCK_LABELS.filter(([k]) => typeof scenario[k] === 'number' && scenario[k] !== 0)
    .map(([k, label, fmt]) => `${label} ${fmt(scenario[k] as number)}`)
    .join(', ');
}

export function summaryRows(totals: PortfolioStressTotals, titles?: readonly string[]): SummaryRow[] {
  return [
    { ...totals.base, label: 'Base', shocks: 'none' },
    ...totals.scenarios.map((s, k) => ({ ...s, label: titles?.[k] ?? scenarioTitle(s.scenario, k), shocks: shocksText(s.scenario) })),
  ];
}

/** CSV: the per-deal table, an empty line, then the summary table (its own header row). */
async function* csvChunks(run: OpenedPortfolioStress, options: StressExportOptions, count: { deals: number }) {
  const columns = stressColumns(run.scenarios, options.scenarioTitles);
  yield UTF8_BOM + csvLine(columns.map((c) => csvValue(c.title, { kind: 'text' })));
  options.onProgress?.(0, run.totalDeals);
  for await (const batch of run.batches) {
    let chunk = '';
    for (const row of batch) chunk += csvLine(columns.map((c) => csvValue(c.value(row), c)));
    count.deals += batch.length;
    yield chunk;
    options.onProgress?.(count.deals, Math.max(run.totalDeals, count.deals));
  }
  let summary = '\r\n' + csvLine(SUMMARY_COLUMNS.map((c) => csvValue(c.title, { kind: 'text' })));
  for (const s of summaryRows(run.totals(), options.scenarioTitles)) summary += csvLine(SUMMARY_COLUMNS.map((c) => csvValue(c.value(s), c)));
  yield summary;
}

/**
 * Writes an opened portfolio stress to a CSV or XLSX file (through a temporary file next to it:
 * the file appears only once complete).
 */
export async function writePortfolioStress(run: OpenedPortfolioStress, options: StressExportOptions): Promise<StressExportResult> {
  const count = { deals: 0 };
  if (options.format === 'csv') {
    await writeAtomically(options.file, (temp) => pipeline(Readable.from(csvChunks(run, options, count), { objectMode: false }), createWriteStream(temp)));
  } else {
    count.deals = await (await import('./stress-xlsx')).writeStressXlsx(run, options);
  }
  options.onProgress?.(count.deals, count.deals);
  return { file: options.file, deals: count.deals, totals: run.totals(), profileName: run.profileName };
}

/** A request the portfolio stress refuses: the envelope's error (target names the field). */
export class StressRequestError extends Error {
  constructor(readonly error: ErrorDto) {
    super(`${error.target}: ${error.message}`);
    this.name = 'StressRequestError';
  }
}

/**
 * The portfolio stress of `request` (the body of POST stressPortfolio; its paging does not apply:
 * the file has every matching deal) written to a CSV or XLSX file. A bad request throws a
 * StressRequestError naming the field; nothing is written to the store.
 */
export async function exportPortfolioStress(ctx: GatewayContext, request: unknown, options: StressExportOptions): Promise<StressExportResult> {
  const parsed = parseBody(StressPortfolioRequestDto, request);
  if (!parsed.ok) throw new StressRequestError(parsed.failure.error);
  options.signal?.throwIfAborted();
  const opened = await openPortfolioStress(ctx, parsed.value);
  if (!opened.ok) throw new StressRequestError(opened.failure.error);
  const run = opened.value;
  const batches = abortable(run.batches, options.signal);
  options = { ...options, scenarioTitles: options.scenarioTitles ?? displayScenarioTitles(run.scenarios, ctx.config.stressScenarios ?? []) };
  if (!parsed.value.breachesOnly) return writePortfolioStress({ ...run, batches }, options);
  // breachesOnly: the file keeps the deals that break a limit under some scenario; totals cover every deal.
  async function* breaching() {
    for await (const batch of batches) yield batch.filter((row) => row.scenarios.some((s) => s.breaches.length > 0));
  }
  return writePortfolioStress({ ...run, batches: breaching() }, options);
}
