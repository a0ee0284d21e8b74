import type { Content } from 'pdfmake/interfaces';
import { DEAL_PROPERTIES, format, type BulkUpdateProperty } from '../../contract';
import { dataTable, heading, keepTogether, keyValues, notice } from './layout';
import type { MemoData, MemoHistoryEntry, MemoValue } from './types';

const { date, int, label, months, pct, timestamp, usd } = format;

/** The most recent changes listed one by one; older ones are counted. */
export const HISTORY_ROWS = 40;

const MONEY = new Set<string>(['ProjectTotalCost', 'GrossLoan', 'ParticipationGrossLoan', 'OriginatedLoanAmount', 'UserDebtService', 'RequestedLoanAmount']);
const MONTHS = new Set<string>(['LoanTerm', 'ExtensionTerm', 'AmortizationTerm']);
const SSN_FIELD = /ssn|social/i;

/**
 * A recorded value as the deal page shows the field: money in dollars, rates (held as decimals,
 * as the deal read holds them) as percentages, terms in months, dates and identifiers in words.
 */
export function historyValue(field: string, value: MemoValue): string {
  if (value === null || value === '') return format.EMPTY;
  if (SSN_FIELD.test(field)) return format.maskSsn(String(value))!;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const spec = (DEAL_PROPERTIES as Record<string, (typeof DEAL_PROPERTIES)[BulkUpdateProperty] | undefined>)[field];
  const n = typeof value === 'number' ? value : Number.NaN;
  if (Number.isFinite(n)) {
    if (MONEY.has(field)) return usd(n);
    if (MONTHS.has(field)) return months(n);
    if (spec?.kind === 'percent') return pct(n, 3);
    return format.num(n, Number.isInteger(n) ? 0 : 2);
  }
  const s = String(value);
  if (spec?.kind === 'date' || /^\d{4}-\d{2}-\d{2}$/.test(s)) return date(s);
  if (spec?.kind === 'enum') return label(s);
  return s;
}

function countBy(entries: readonly MemoHistoryEntry[], key: (e: MemoHistoryEntry) => string): string {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([k, n]) => `${k} ${int(n)}`)
    .join(', ');
}

/** Section 9: how many changes, from which sources, and the latest ones field by field. */
export function historySection(data: MemoData): Content[] {
  const title = heading('History summary', { number: '9' });
  const history = [...(data.history ?? [])].sort((a, b) => b.at.localeCompare(a.at));
  if (history.length === 0) return [keepTogether(title, notice('No changes recorded for this deal.'))];
  const shown = history.slice(0, HISTORY_ROWS);
  const out: Content[] = [
    keepTogether(
      title,
      keyValues(
        [
          ['Changes recorded', int(history.length)],
          ['Period', `${timestamp(history[history.length - 1]!.at, { utc: true })} – ${timestamp(history[0]!.at, { utc: true })}`],
          ['By source', countBy(history, (e) => e.how)],
          ['By person', countBy(history, (e) => e.who)],
        ],
        1,
        { labelWidth: 110 },
      ),
    ),
    dataTable(
      shown,
      [
        { title: 'When (UTC)', cell: (e) => timestamp(e.at, { utc: true }).replace(' UTC', ''), width: 72 },
        { title: 'Who', cell: (e) => e.who, width: 108 },
        { title: 'How', cell: (e) => e.how, width: 56 },
        { title: 'Field', cell: (e) => label(e.field), width: 76 },
        { title: 'Old value', cell: (e) => historyValue(e.field, e.oldValue) },
        { title: 'New value', cell: (e) => historyValue(e.field, e.newValue) },
      ],
      { dense: true, caption: 'Latest changes, newest first' },
    ),
  ];
  if (history.length > shown.length) {
    out.push(notice(`The ${int(shown.length)} most recent changes are listed; ${int(history.length - shown.length)} earlier ones are in the deal’s full history.`));
  }
  return out;
}
