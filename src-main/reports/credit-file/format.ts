import { createHash } from 'node:crypto';
import type { UnderwritingSettings } from '../../contract';
import { dataHashOf, type DealReads, type MemoExtras, type RecordedRead } from '../memo/gather';

// The sealed credit file (docs/credit-memo.md, "The credit file"): a zip holding the memo, every
// read of the deal's graph as the API answered it, the derived figures, what only the
// workstation knows (notes, history, analysis, where recorded) and a manifest with the SHA-256
// of each of those files. Everything here is plain data and pure functions.

/** A credit file that is not one, or whose seal is broken: the message names what and where. */
export class CreditFileError extends Error {}

export const CREDIT_FILE_FORMAT = 'uw-credit-file';
export const CREDIT_FILE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const MEMO_FILE = 'memo.pdf';
export const FIGURES_FILE = 'figures.json';
export const EXTRAS_FILES = { notes: 'notes.json', history: 'history.json' } as const;

export interface ManifestEntry {
  path: string;
  sha256: string;
  bytes: number;
}

export interface CreditFileManifest {
  format: typeof CREDIT_FILE_FORMAT;
  formatVersion: number;
  dealId: string;
  loanId: string | null;
  dealName: string | null;
  /** When the file was made (ISO 8601, UTC); the engine's "today" when its figures are recomputed. */
  createdAt: string;
  productVersion: string;
  /** How many store migrations the writing store had applied. */
  schemaVersion: number;
  /** The underwriting settings in force (they enter the figures). */
  settings: UnderwritingSettings;
  /** SHA-256 of the data the memo was made from, as printed in its footers. */
  memoDataHash: string;
  /** Every other file of the zip, with its SHA-256 (hex) and size. */
  files: ManifestEntry[];
}

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The JSON text of a file of the credit file: indented, so a reviewer can read it. */
export function jsonFile(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
}

/** Where a read is kept in the zip: reads/<endpoint>/<id>.json. */
export function readPath(read: Pick<RecordedRead, 'name' | 'params' | 'body'>): string {
  const body = (read.body ?? {}) as { dealIds?: string[]; dealId?: string; scenario?: { name?: string } };
  const id = Object.values(read.params)[0] ?? [...(body.dealIds ?? []), body.dealId, body.scenario?.name].filter(Boolean).join('-');
  return `reads/${read.name}/${id.replace(/[^A-Za-z0-9._-]/g, '_')}.json`;
}

export type FigureValue = number | string | null;

// The derived figures named in figures.json: what the engine computes from the inputs and the
// memo's reader looks at first. (Every other derived value is checked too, read by read.)
const DEAL_FIGURES = ['interestRate', 'debtService', 'ltv', 'ltc', 'maturityDate'] as const;
const DEAL_TOTAL_FIGURES = [
  'incomeValuation',
  'alternativeValuation',
  'salesValuation',
  'netOperatingIncome',
  'netIncome',
  'debtService',
  'netCashFlow',
  'dscr',
  'debtYield',
  'totalSF',
  'totalUnit',
] as const;
const COLLATERAL_FIGURES = ['netIncome', 'netOperatingIncome', 'incomeValuation', 'alternativeValuation', 'salesValuation', 'totalSF', 'totalUnit'] as const;

function responseOf(reads: DealReads, name: string, id: string): Record<string, unknown> | undefined {
  return reads.reads.find((r) => r.name === name && Object.values(r.params)[0] === id)?.response as Record<string, unknown> | undefined;
}

const figure = (value: unknown): FigureValue => (typeof value === 'number' || typeof value === 'string' ? value : null);

/** The named derived figures of a deal's reads: "deal.dscr", "collateral <id>.netOperatingIncome", ... */
export function figuresOfReads(reads: DealReads): Record<string, FigureValue> {
  const out: Record<string, FigureValue> = {};
  const deal = responseOf(reads, 'getDealInfo', reads.dealId);
  if (!deal) return out;
  for (const name of DEAL_FIGURES) out[`deal.${name}`] = figure(deal[name]);
  const totals = (deal.collateralTotals ?? {}) as Record<string, unknown>;
  for (const name of DEAL_TOTAL_FIGURES) out[`deal.collateralTotals.${name}`] = figure(totals[name]);
  const summary = responseOf(reads, 'getDealCollateralSummary', reads.dealId) as { collateralSummaries?: Record<string, unknown>[] } | undefined;
  for (const c of summary?.collateralSummaries ?? []) {
    for (const name of COLLATERAL_FIGURES) out[`collateral ${String(c.id)}.${name}`] = figure(c[name]);
  }
  // The analysis: the sized loan and, per stress scenario, the stressed DSCR and LTV.
  for (const r of reads.reads) {
    const answer = r.response as Record<string, unknown> & { success?: boolean };
    if (!answer?.success) continue;
    if (r.name === 'sizeLoan') {
      out['sizing.maxLoan'] = figure(answer.maxLoan);
      out['sizing.bindingConstraint'] = figure(answer.bindingConstraint);
    } else if (r.name === 'stressDeal') {
      const name = (r.body as { scenario?: { name?: string } }).scenario?.name ?? '?';
      const stressed = (answer.stressed ?? {}) as Record<string, unknown>;
      for (const metric of ['noi', 'dscr', 'debtYield', 'ltv'] as const) out[`stress ${name}.${metric}`] = figure(stressed[metric]);
    }
  }
  return out;
}

/** The first place two JSON values differ: its path ("" for the root) and both values; null when equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): { path: string; a: unknown; b: unknown } | null {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return { path, a, b };
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const d = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(ra), ...Object.keys(rb)])]) {
    const d = firstDifference(ra[key], rb[key], path ? `${path}.${key}` : key);
    if (d) return d;
  }
  return null;
}

/** A value for a one-line message: JSON, cut short. */
export function shown(value: unknown): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The extras a credit file holds (notes, history, analysis files), as the memo was given them. */
export function extrasOfFiles(files: ReadonlyMap<string, Buffer>): MemoExtras {
  const json = <T>(path: string): T | undefined => {
    const bytes = files.get(path);
    if (!bytes) return undefined;
    try {
      return JSON.parse(bytes.toString('utf8')) as T;
    } catch {
      throw new CreditFileError(`${path}: not JSON`);
    }
  };
  const notes = json<{ recommendation: string; notes: MemoExtras['notes'] }>(EXTRAS_FILES.notes);
  const history = json<MemoExtras['history']>(EXTRAS_FILES.history);
  return { ...(notes ? { recommendation: notes.recommendation, notes: notes.notes } : {}), ...(history ? { history } : {}) };
}

/** The memo data hash of a credit file's reads and extras (as printed in the memo's footers). */
export function dataHashOfFile(reads: DealReads, files: ReadonlyMap<string, Buffer>): string {
  return dataHashOf(reads, extrasOfFiles(files));
}
