import type { ReactNode } from 'react';
import type { PipelineRow } from '../../../src-main/contract';
import type { ColumnSpec } from '../../shared/column-prefs';
import { WaitingToSyncMark } from '../../shared/components/DealSyncMarks';
import { label, multiple, pct, pctNumber, text, usd } from '../../shared/format';
import { routePath } from '../../shared/router';
import { figureCell, type SortKey } from './pipeline-view';

export interface Column extends ColumnSpec {
  key: SortKey;
  numeric?: boolean;
  render: (row: PipelineRow) => ReactNode;
  tooltip?: (row: PipelineRow) => string | undefined;
}

// Rows are plain DOM styled by styles.css (.uw-state, .uw-priority): thousands of Mantine
// components mounting while a 10,000-row list flies by would drop frames.

/** A figure, "—" when not measured, or a quiet marker while the main process is still computing it. */
function pending(value: number | null, format: (v: number) => string): ReactNode {
  const cell = figureCell(value, format);
  return cell.pending ? (
    <span className="uw-pending" title="Being computed">
      {cell.text}
    </span>
  ) : (
    cell.text
  );
}

// Default widths: every column fits the grid at a 1280 px window (1,050 px beside the navigation).
export const COLUMNS: Column[] = [
  {
    key: 'seedName',
    title: 'Deal',
    width: 128,
    minWidth: 100,
    alwaysShown: true,
    render: (r) => (
      <span style={{ display: 'flex', alignItems: 'center', minWidth: 0 }}>
        <a href={routePath({ name: 'deal', id: r.id, tab: 'terms' })} className="uw-ellipsis" tabIndex={-1}>
          {r.seedName}
        </a>
        <WaitingToSyncMark dealId={r.id} />
      </span>
    ),
    tooltip: (r) => `${r.seedName}${r.loanId ? ` · ${r.loanId}` : ''}`,
  },
  {
    key: 'state',
    title: 'State',
    width: 84,
    render: (r) => (
      <span className="uw-state" data-state={r.state}>
        {label(r.state)}
      </span>
    ),
  },
  { key: 'status', title: 'Status', width: 76, render: (r) => text(r.status) },
  {
    key: 'priority',
    title: 'Priority',
    width: 68,
    render: (r) => (r.priority ? <span className="uw-priority" data-priority={r.priority}>{r.priority}</span> : '—'),
  },
  { key: 'owner', title: 'Owner', width: 78, render: (r) => r.owner.split('@')[0], tooltip: (r) => r.owner },
  { key: 'loanType', title: 'Loan type', width: 84, render: (r) => label(r.loanType), tooltip: (r) => label(r.loanType) },
  { key: 'propertyType', title: 'Property type', width: 88, render: (r) => label(r.propertyType), tooltip: (r) => label(r.propertyType) },
  { key: 'grossLoan', title: 'Loan amount', width: 88, numeric: true, render: (r) => usd(r.grossLoan) },
  { key: 'interestRate', title: 'Rate', width: 56, numeric: true, render: (r) => pct(r.interestRate) },
  { key: 'dscr', title: 'DSCR', width: 52, numeric: true, render: (r) => pending(r.dscr, multiple) },
  { key: 'debtYield', title: 'Debt yield', width: 56, numeric: true, render: (r) => pending(r.debtYield, (v) => pctNumber(v, 1)) },
  { key: 'ltv', title: 'LTV', width: 52, numeric: true, render: (r) => pending(r.ltv, (v) => pct(v, 1)) },
  { key: 'riskRating', title: 'Risk', width: 40, numeric: true, render: (r) => text(r.riskRating) },
];

/** The grid's tracks: the selection box, then each shown column at its width. */
export const templateOf = (columns: readonly { width: number }[]) => `28px ${columns.map((c) => `${c.width}px`).join(' ')}`;
export const ROW_HEIGHT = 32;
export const HEADER_HEIGHT = 34;
