import type { ReportQuery } from '../gateway';
import { columnTitle } from './columns';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Lists at most this many values of a criterion, then "and N more". */
const MAX_LISTED = 25;

function listed(values: readonly string[]): string {
  const shown = values.slice(0, MAX_LISTED).join(', ');
  return values.length > MAX_LISTED ? `${shown} and ${values.length - MAX_LISTED} more` : shown;
}

/**
 * The filter of a report in words, one [criterion, value] pair per line, for the "Report info"
 * sheet and the command's summary. An empty list places no restriction, like an absent one.
 */
export function describeFilter(query: ReportQuery): [string, string][] {
  const lines: [string, string][] = [];
  const list = (label: string, values: readonly string[] | undefined) => {
    if (values && values.length) lines.push([label, listed(values)]);
  };
  list(`Deals (${query.dealIds?.length ?? 0})`, query.dealIds);
  list('Deal states', query.states);
  list('Collateral property types', query.propertyTypes);
  list('Loan types', query.loanTypes);
  list('Risk ratings', query.riskRatings);
  list('Owners', query.owners);
  if (query.city !== undefined) lines.push(['Collateral city', query.city]);
  if (query.usState !== undefined) lines.push(['Collateral US state', query.usState]);
  const { minGrossLoan: min, maxGrossLoan: max } = query;
  if (min !== undefined && max !== undefined) lines.push(['Deal gross loan', `from ${usd.format(min)} to ${usd.format(max)}`]);
  else if (min !== undefined) lines.push(['Deal gross loan', `at least ${usd.format(min)}`]);
  else if (max !== undefined) lines.push(['Deal gross loan', `at most ${usd.format(max)}`]);
  if (lines.length === 0) lines.push(['Filter', 'none: every collateral of every deal']);
  const direction = query.sortDirection === 'desc' ? 'descending' : 'ascending';
  lines.push([
    'Sorted by',
    query.sortBy
      ? `${columnTitle(query.sortBy)} (${query.sortBy}), ${direction}; empty values last, ties in the default order`
      : 'default order: deals by creation, then each deal’s collaterals',
  ]);
  return lines;
}

/** The report's title, in the files and on their printed pages. */
export const REPORT_TITLE = 'Cross-deal collateral report';

/**
 * The filter on one line (criteria only, not the order), at most `maxLength` characters: the
 * rest is cut with an ellipsis (the file's "Report info" sheet has it whole).
 */
export function filterLine(query: ReportQuery, maxLength: number): string {
  const line = describeFilter(query)
    .filter(([criterion]) => criterion !== 'Sorted by')
    .map(([criterion, value]) => `${criterion}: ${value}`)
    .join('; ');
  return line.length <= maxLength ? line : `${line.slice(0, Math.max(0, maxLength - 1)).trimEnd()}…`;
}
