import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CrossDealCollateralReportFilterDto } from '../contract';
import { type GatewayContext, parseBody, type PlaceLookup, type ReportQuery } from '../gateway';
import { exportReport, REPORT_FORMATS, type ReportFormat } from '../reports';
import { closeSqliteStore, loadSystemConfig, openSqliteStore, STORE_FILE } from '../store';
import { parseCommandArgs, UsageError } from './args';

export const REPORT_HELP = `uw report — write the cross-deal collateral report of a data directory to a file

  --data-dir DIR      data directory holding the store (uw.sqlite)
  --format csv|xlsx   file format
  --out FILE          file to write; replaced only once the report is complete
  --filter JSON       which rows and in which order (default: every collateral of every deal),
                      e.g. '{"states":["Originated"],"minGrossLoan":1000000,"sortBy":"dscr","sortDirection":"desc"}'
                      fields: dealIds, states, propertyTypes, loanTypes, riskRatings, owners (lists),
                      city, usState, minGrossLoan, maxGrossLoan, sortBy (any row field), sortDirection
                      (asc|desc); page and pageSize do not apply: the file has every matching row

Progress goes to stderr; the last line on stdout is "wrote N rows to FILE".
`;

/** The report resolves no addresses: a read-only context needs no place lookup. */
const NO_PLACE_LOOKUP: PlaceLookup = {
  resolve: async () => ({ ok: false, target: 'address', message: 'uw report does not resolve addresses.' }),
};

/**
 * The --filter value as the contract's filter. Unknown fields are refused here (the API
 * ignores them): on a command line a misspelt criterion must not quietly widen the report.
 */
export function parseReportFilter(text: string | undefined): { query: ReportQuery; paging: boolean } {
  if (text === undefined) return { query: {}, paging: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`--filter is not valid JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = parseBody(CrossDealCollateralReportFilterDto.strict(), value);
  if (!parsed.ok) {
    const { target, message } = parsed.failure.error;
    const text = target === 'body' ? message.replace(/^(The request )?body\b/, 'the filter') : message;
    throw new UsageError(`--filter: ${text}`);
  }
  const { page: _page, pageSize: _pageSize, ...query } = parsed.value;
  const raw = value as Record<string, unknown>;
  return { query, paging: 'page' in raw || 'pageSize' in raw };
}

function checkArgs(args: { 'data-dir'?: string; format?: string; out?: string }): { dataDir: string; format: ReportFormat; out: string } {
  for (const flag of ['data-dir', 'format', 'out'] as const) {
    if (!args[flag]) throw new UsageError(`--${flag} is required (see uw report --help)`);
  }
  const format = args.format!.toLowerCase();
  if (!(REPORT_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be ${REPORT_FORMATS.join(' or ')}, not "${args.format}"`);
  }
  const dataDir = resolve(args['data-dir']!);
  if (!existsSync(join(dataDir, STORE_FILE))) throw new UsageError(`--data-dir ${dataDir} holds no store (${STORE_FILE} not found)`);
  const out = resolve(args.out!);
  if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory()) throw new UsageError(`--out: folder ${dirname(out)} does not exist`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`--out ${out} is a folder, not a file`);
  return { dataDir, format: format as ReportFormat, out };
}

/** Progress on stderr: one line rewritten in place on a terminal, a line per tenth otherwise. */
function progressPrinter(stream: NodeJS.WriteStream, what: string): { update(done: number, total: number): void; end(): void } {
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      const percent = total > 0 ? Math.floor((done / total) * 100) : 100;
      const line = `report: ${what} ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows (${percent}%)`;
      if (stream.isTTY) {
        stream.write(`\r${line}`);
        drawn = true;
      } else if (Math.floor(percent / 10) > lastTenth) {
        lastTenth = Math.floor(percent / 10);
        stream.write(`${line}\n`);
      }
    },
    end() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}

export async function report(argv: string[]): Promise<void> {
  const args = parseCommandArgs(argv, {
    'data-dir': { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    filter: { type: 'string' },
  });
  if (args.help) {
    process.stdout.write(REPORT_HELP);
    return;
  }
  const { dataDir, format, out } = checkArgs(args);
  const { query, paging } = parseReportFilter(args.filter);
  if (paging) process.stderr.write('report: page and pageSize do not apply to a file; writing every matching row\n');

  const config = loadSystemConfig(dataDir);
  const store = openSqliteStore({ file: join(dataDir, STORE_FILE) });
  const sorting = progressPrinter(process.stderr, `sorting by ${query.sortBy}:`);
  const progress = progressPrinter(process.stderr, 'writing');
  try {
    // This connection is the command's own: one read snapshot for the whole report, so the
    // rows and the totals agree even while a server writes to the same data directory.
    await store.snapshot(async (tx) => {
      const ctx: GatewayContext = { store: tx, places: NO_PLACE_LOOKUP, config, now: () => new Date() };
      const result = await exportReport(ctx, query, {
        format,
        file: out,
        ownConnection: true,
        onSortProgress: sorting.update,
        onProgress: (done, total) => {
          sorting.end();
          progress.update(done, total);
        },
      });
      progress.end();
      process.stdout.write(`wrote ${result.rows} rows to ${out}\n`);
    });
  } finally {
    await closeSqliteStore(store);
  }
}
