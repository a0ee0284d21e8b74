// Child process: the report-export ceiling. One raw prepared statement reads the report's rows
// (every deal x collateral link, in the report's default order, the stored columns of the deal
// and the collateral) and plain CSV lines are written to a file, with back-pressure.

// eslint-disable-next-line no-restricted-imports -- the ceiling is a raw prepared statement by definition
import Database from 'better-sqlite3';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { childArgs, reply } from '../support/child';
import { peakRssKiB } from '../support/peak-rss';

const args = childArgs<{ file: string; out: string }>();

const SELECT = `SELECT d.id, d.seed_name, d.loan_id, d.state, d.owner_id, d.loan_type, d.gross_loan, d.rate_spread,
    d.loan_term, d.origination_date, d.risk_rating, c.id, c.name, c.full_address, c.city, c.state, c.zip_code,
    c.property_type, d.index_rate, d.interest_rate_floor, d.amortization_term, d.project_total_cost,
    d.user_debt_service, d.user_selected_ltv, d.loan_payment_structure, d.debt_service_method, d.priority
  FROM deal_collaterals dc
  JOIN deals d ON d.id = dc.deal_id
  JOIN collaterals c ON c.id = dc.collateral_id
  ORDER BY d.created_at, d.id, dc.position, c.id`;

function field(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const started = performance.now();
const db = new Database(args.file, { readonly: true, fileMustExist: true });
const out = createWriteStream(args.out);
let rows = 0;
let chunk = '';
for (const values of db.prepare(SELECT).raw().iterate() as IterableIterator<unknown[]>) {
  chunk += values.map(field).join(',') + '\r\n';
  if (++rows % 1000 === 0) {
    if (!out.write(chunk)) await once(out, 'drain');
    chunk = '';
  }
}
out.end(chunk);
await once(out, 'finish');
db.close();
const ms = performance.now() - started;
reply({ ms, rows, maxRssKiB: peakRssKiB() });
