import { Button, Group, MultiSelect, Pagination, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  AssetType,
  type CrossDealCollateralReportFilterDto,
  type CrossDealCollateralReportRowDto,
  DealState,
  LoanType,
  type ReportExportResult,
  type ReportFormat,
  ReportSortField,
} from '../../../src-main/contract';
import { call, useChannel } from '../../shared/api';
import type { ColumnSpec } from '../../shared/column-prefs';
import { ColumnChooser, ResizeHandle, useColumns, type ColumnsState } from '../../shared/components/columns';
import { ErrorNote, Figure, Loading } from '../../shared/components/common';
import { ExportBanners, type ExportWords } from '../../shared/components/ExportBanner';
import { useExportRuns } from '../../shared/export-runs';
import { date, int, label, months, multiple, pct, pctNumber, text, usd } from '../../shared/format';
import { routePath } from '../../shared/router';

export type Filter = Partial<CrossDealCollateralReportFilterDto>;

export interface Draft {
  states: string[];
  propertyTypes: string[];
  loanTypes: string[];
  riskRatings: string[];
  owners: string[];
  city: string;
  usState: string;
  minGrossLoan: string;
  maxGrossLoan: string;
  sortBy: string | null;
  sortDirection: 'asc' | 'desc';
}

export const EMPTY_DRAFT: Draft = {
  states: [],
  propertyTypes: [],
  loanTypes: [],
  riskRatings: [],
  owners: [],
  city: '',
  usState: '',
  minGrossLoan: '',
  maxGrossLoan: '',
  sortBy: null,
  sortDirection: 'asc',
};

const PAGE_SIZE = 50;

function amount(value: string): number | undefined | 'invalid' {
  const v = value.replace(/[,$\s]/g, '');
  if (v === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) && n >= 0 ? n : 'invalid';
}

/** The draft as the report's filter, or the field errors that keep it from being one. */
export function toFilter(draft: Draft): { filter: Filter; errors: Partial<Record<keyof Draft, string>> } {
  const errors: Partial<Record<keyof Draft, string>> = {};
  const min = amount(draft.minGrossLoan);
  const max = amount(draft.maxGrossLoan);
  if (min === 'invalid') errors.minGrossLoan = 'Enter an amount.';
  if (max === 'invalid') errors.maxGrossLoan = 'Enter an amount.';
  if (typeof min === 'number' && typeof max === 'number' && min > max) errors.maxGrossLoan = 'Below the minimum.';
  const list = <T extends string>(values: string[]) => (values.length ? (values as T[]) : undefined);
  const filter: Filter = {
    states: list(draft.states),
    propertyTypes: list(draft.propertyTypes),
    loanTypes: list(draft.loanTypes),
    riskRatings: list(draft.riskRatings),
    owners: list(draft.owners),
    city: draft.city.trim() || undefined,
    usState: draft.usState.trim().toUpperCase() || undefined,
    minGrossLoan: typeof min === 'number' ? min : undefined,
    maxGrossLoan: typeof max === 'number' ? max : undefined,
    sortBy: (draft.sortBy ?? undefined) as Filter['sortBy'],
    sortDirection: draft.sortDirection,
  };
  return { filter: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as Filter, errors };
}

const REPORT_EXPORT_WORDS: ExportWords = {
  testIdPrefix: 'export',
  unit: 'rows',
  writing: (format, done, total) => `Writing ${format}: ${done} of ${total} rows`,
  failed: (format) => `The ${format} report was not exported`,
  ready: (format) => `${format} report exported`,
};
type ReportRow = CrossDealCollateralReportRowDto;

interface ReportColumn extends ColumnSpec {
  numeric?: boolean;
  render: (row: ReportRow) => ReactNode;
  /** The whole value, for a cell too narrow to show it. */
  full?: (row: ReportRow) => string;
}

/** Every field of a report row; the first thirteen are shown until the user chooses otherwise. */
const REPORT_TABLE_COLUMNS: ReportColumn[] = [
  {
    key: 'seedName',
    title: 'Deal',
    width: 146,
    alwaysShown: true,
    render: (r) => <a href={routePath({ name: 'deal', id: r.dealId, tab: 'collaterals' })}>{r.seedName}</a>,
    full: (r) => r.seedName,
  },
  { key: 'state', title: 'State', width: 84, render: (r) => label(r.state) },
  { key: 'collateralName', title: 'Collateral', width: 144, render: (r) => text(r.collateralName), full: (r) => text(r.collateralName) },
  { key: 'city', title: 'City', width: 120, render: (r) => `${text(r.city)}${r.usState ? `, ${r.usState}` : ''}`, full: (r) => `${text(r.city)}${r.usState ? `, ${r.usState}` : ''}` },
  { key: 'propertyType', title: 'Property type', width: 112, render: (r) => label(r.propertyType), full: (r) => label(r.propertyType) },
  { key: 'grossLoan', title: 'Gross loan', width: 96, numeric: true, render: (r) => usd(r.grossLoan) },
  { key: 'interestRate', title: 'Rate', width: 56, numeric: true, render: (r) => pct(r.interestRate) },
  { key: 'totalSF', title: 'SF', width: 68, numeric: true, render: (r) => int(r.totalSF) },
  { key: 'netOperatingIncome', title: 'NOI', width: 92, numeric: true, render: (r) => usd(r.netOperatingIncome) },
  { key: 'incomeValuation', title: 'Income value', width: 100, numeric: true, render: (r) => usd(r.incomeValuation) },
  { key: 'ltv', title: 'LTV', width: 56, numeric: true, render: (r) => pct(r.ltv, 1) },
  { key: 'dscr', title: 'DSCR', width: 60, numeric: true, render: (r) => multiple(r.dscr) },
  { key: 'debtYield', title: 'Debt yield', width: 56, numeric: true, render: (r) => pctNumber(r.debtYield, 1) },
  { key: 'loanId', title: 'Loan ID', width: 120, hiddenByDefault: true, render: (r) => text(r.loanId) },
  { key: 'owner', title: 'Owner', width: 160, hiddenByDefault: true, render: (r) => r.owner, full: (r) => r.owner },
  { key: 'loanType', title: 'Loan type', width: 120, hiddenByDefault: true, render: (r) => label(r.loanType), full: (r) => label(r.loanType) },
  { key: 'loanTerm', title: 'Loan term', width: 100, hiddenByDefault: true, numeric: true, render: (r) => months(r.loanTerm) },
  { key: 'maturityDate', title: 'Maturity', width: 100, hiddenByDefault: true, render: (r) => date(r.maturityDate) },
  { key: 'riskRating', title: 'Risk', width: 48, hiddenByDefault: true, numeric: true, render: (r) => text(r.riskRating) },
  { key: 'fullAddress', title: 'Address', width: 240, hiddenByDefault: true, render: (r) => text(r.fullAddress), full: (r) => text(r.fullAddress) },
  { key: 'zipCode', title: 'ZIP code', width: 72, hiddenByDefault: true, render: (r) => text(r.zipCode) },
  { key: 'totalUnit', title: 'Units', width: 64, hiddenByDefault: true, numeric: true, render: (r) => int(r.totalUnit) },
  { key: 'salesValuation', title: 'Sales value', width: 100, hiddenByDefault: true, numeric: true, render: (r) => usd(r.salesValuation) },
  { key: 'alternativeValuation', title: 'Alternative value', width: 104, hiddenByDefault: true, numeric: true, render: (r) => usd(r.alternativeValuation) },
  { key: 'dealId', title: 'Deal ID', width: 150, hiddenByDefault: true, render: (r) => r.dealId, full: (r) => r.dealId },
  { key: 'collateralId', title: 'Collateral ID', width: 150, hiddenByDefault: true, render: (r) => r.collateralId, full: (r) => r.collateralId },
];

/**
 * The report's rows in the columns the user chose, at their widths: a fixed layout, wider than
 * the screen when the columns need it, scrolled inside its own box (whose scroll bars stay in
 * view) under a header that stays on top.
 */
function ReportTable({ rows, state }: { rows: readonly ReportRow[]; state: ColumnsState }) {
  const columns = state.columns as (ReportColumn & { width: number })[];
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No collateral matches these filters.
      </Text>
    );
  }
  return (
    <div className="uw-table-scroll" data-testid="report-scroll">
      <Table
        striped
        highlightOnHover
        withTableBorder
        stickyHeader
        verticalSpacing={4}
        horizontalSpacing={8}
        fz="sm"
        className="uw-table uw-table-fixed"
        style={{ width: columns.reduce((total, c) => total + c.width, 0) }}
        data-testid="report-rows"
      >
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={{ width: c.width }} />
          ))}
        </colgroup>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} className={c.numeric ? 'uw-num' : undefined} data-col={c.key}>
                <span className="uw-head-title">{c.title}</span>
                <ResizeHandle spec={c} width={c.width} state={state} />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.dealId}-${r.collateralId}`}>
              {columns.map((c) => (
                <Table.Td key={c.key} className={c.numeric ? 'uw-num' : undefined} data-col={c.key} title={c.full?.(r)}>
                  {c.render(r)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** The report's filter fields (also the Portfolio stress screen's filter, without the sort). */
export function ReportFilterFields({
  draft,
  set,
  owners,
  errors,
  withSort = false,
}: {
  draft: Draft;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  owners: string[];
  errors: Partial<Record<keyof Draft, string>>;
  withSort?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4, xl: 6 }} spacing="sm">
      <MultiSelect size="xs" placeholder="Any" label="Deal states" data={DealState.options.map((v) => ({ value: v, label: label(v) }))} value={draft.states} onChange={(v) => set('states', v)} clearable />
      <MultiSelect size="xs" placeholder="Any" label="Property types" data={AssetType.options.map((v) => ({ value: v, label: label(v) }))} value={draft.propertyTypes} onChange={(v) => set('propertyTypes', v)} clearable searchable />
      <MultiSelect size="xs" placeholder="Any" label="Loan types" data={LoanType.options.map((v) => ({ value: v, label: label(v) }))} value={draft.loanTypes} onChange={(v) => set('loanTypes', v)} clearable searchable />
      <MultiSelect size="xs" placeholder="Any" label="Risk ratings" data={['1', '2', '3', '4', '5', '6', '7', '8']} value={draft.riskRatings} onChange={(v) => set('riskRatings', v)} clearable />
      <MultiSelect size="xs" placeholder="Any" label="Owners" data={owners} value={draft.owners} onChange={(v) => set('owners', v)} clearable searchable />
      <TextInput size="xs" label="City" value={draft.city} onChange={(e) => set('city', e.currentTarget.value)} />
      <TextInput size="xs" label="US state" placeholder="e.g. IL" value={draft.usState} onChange={(e) => set('usState', e.currentTarget.value)} maxLength={2} />
      <TextInput size="xs" label="Min gross loan" leftSection="$" inputMode="decimal" value={draft.minGrossLoan} onChange={(e) => set('minGrossLoan', e.currentTarget.value)} error={errors.minGrossLoan} />
      <TextInput size="xs" label="Max gross loan" leftSection="$" inputMode="decimal" value={draft.maxGrossLoan} onChange={(e) => set('maxGrossLoan', e.currentTarget.value)} error={errors.maxGrossLoan} />
      {withSort && (
        <>
          <Select size="xs" label="Sort by" placeholder="Default order" data={ReportSortField.options.map((v) => ({ value: v, label: label(v) }))} value={draft.sortBy} onChange={(v) => set('sortBy', v)} clearable searchable />
          <Select
            size="xs"
            label="Direction"
            data={[
              { value: 'asc', label: 'Ascending' },
              { value: 'desc', label: 'Descending' },
            ]}
            value={draft.sortDirection}
            onChange={(v) => set('sortDirection', (v as 'asc' | 'desc') ?? 'asc')}
            allowDeselect={false}
          />
        </>
      )}
    </SimpleGrid>
  );
}

export function ReportScreen({ exportRequest }: { exportRequest: number }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [applied, setApplied] = useState<Filter>({ sortDirection: 'asc' });
  const [page, setPage] = useState(1);
  // The owners the store holds (not every pipeline row: a book may hold 50,000 deals).
  const owners = useChannel('pipeline.facets', {}, { staleTime: 60_000 }).data?.owners ?? [];
  const report = useChannel('report.query', { ...applied, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const { errors } = toFilter(draft);
  const invalid = Object.keys(errors).length > 0;

  const columns = useColumns('report', REPORT_TABLE_COLUMNS);
  // Each export has its own banner, kept until the user closes it: a later export, or a
  // download of another one, never takes it away.
  const exports = useExportRuns<ReportFormat, Extract<ReportExportResult, { cancelled: false }>, 'report.exportProgress'>({
    event: 'report.exportProgress',
    idPrefix: () => 'export',
  });
  const running = exports.running;

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = () => {
    const { filter, errors } = toFilter(draft);
    if (Object.keys(errors).length > 0) return;
    setApplied(filter);
    setPage(1);
  };

  const runExport = (format: ReportFormat) => {
    const { page: _p, pageSize: _s, ...filter } = applied as Filter & { page?: number; pageSize?: number };
    return exports.start(format, (exportId) => call('report.export', { filter, format, exportId }));
  };

  // The native menu's "Export cross-deal report…" lands here.
  const lastRequest = useRef(exportRequest);
  useEffect(() => {
    if (exportRequest !== lastRequest.current) {
      lastRequest.current = exportRequest;
      if (!running('xlsx')) void runExport('xlsx');
    }
  });

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Cross-deal collateral report
      </Title>
      <Paper withBorder p="md" radius="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            apply();
          }}
          aria-label="Report filters"
        >
          <Stack gap="sm">
            <ReportFilterFields draft={draft} set={set} owners={owners} errors={errors} withSort />
            <Group justify="space-between">
              <Group gap="xs">
                <Button size="xs" type="submit" disabled={invalid} data-testid="report-preview">
                  Preview
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => {
                    setDraft(EMPTY_DRAFT);
                    setApplied({ sortDirection: 'asc' });
                    setPage(1);
                  }}
                >
                  Reset
                </Button>
              </Group>
              <Group gap="xs">
                <Button size="xs" variant="default" onClick={() => void runExport('csv')} loading={running('csv')} data-testid="export-csv">
                  Export CSV
                </Button>
                <Button size="xs" variant="default" onClick={() => void runExport('xlsx')} loading={running('xlsx')} data-testid="export-xlsx">
                  Export XLSX
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>

      <ExportBanners runs={exports} words={REPORT_EXPORT_WORDS} />

      {report.isPending || columns.loading ? (
        <Loading label="Running the report…" />
      ) : report.isError ? (
        <ErrorNote title="The report could not run" error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Stack gap="sm" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Paper withBorder p="md" radius="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Group gap="xl" data-testid="report-totals">
                <Figure label="Collaterals" value={int(report.data.totals.rowCount)} />
                <Figure label="Deals" value={int(report.data.totals.dealCount)} />
                <Figure label="Gross loan" value={usd(report.data.totals.grossLoan)} />
                <Figure label="NOI" value={usd(report.data.totals.netOperatingIncome)} />
                <Figure label="Income value" value={usd(report.data.totals.incomeValuation)} />
                <Figure label="Sales value" value={usd(report.data.totals.salesValuation)} />
                <Figure label="Total SF" value={int(report.data.totals.totalSF)} />
                <Figure label="Units" value={int(report.data.totals.totalUnit)} />
              </Group>
              <ColumnChooser specs={REPORT_TABLE_COLUMNS} state={columns} tableLabel="report" testId="report-columns" />
            </Group>
          </Paper>
          <ReportTable rows={report.data.rows} state={columns} />
          {report.data.totalRows > PAGE_SIZE && (
            <Group justify="space-between">
              <Text size="xs" c="dimmed">
                Rows {int((page - 1) * PAGE_SIZE + 1)}–{int(Math.min(page * PAGE_SIZE, report.data.totalRows))} of {int(report.data.totalRows)}
              </Text>
              <Pagination size="sm" total={Math.ceil(report.data.totalRows / PAGE_SIZE)} value={page} onChange={setPage} />
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
