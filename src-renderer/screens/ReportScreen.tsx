import { Alert, Button, Group, MultiSelect, Pagination, Paper, Progress, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AssetType, DealState, LoanType, ReportSortField, type CrossDealCollateralReportFilterDto } from '../../src-main/contract';
import type { AppEvents, ReportExportResult, ReportFormat } from '../../src-main/contract/app-channels';
import { call, useChannel, useEvent } from '../api';
import { DataTable, ErrorNote, Figure, Loading } from '../components/common';
import { int, label, multiple, pct, pctNumber, text, usd } from '../format';
import { routePath } from '../router';

type Filter = Partial<CrossDealCollateralReportFilterDto>;

interface Draft {
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

const EMPTY_DRAFT: Draft = {
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

type Progressing = AppEvents['report.exportProgress'];

/** One export and its banner: running with its progress, done with its file, or failed. */
interface ExportEntry {
  id: string;
  format: ReportFormat;
  state: 'running' | 'done' | 'failed';
  progress: Progressing | null;
  result?: ReportExportResult & { cancelled: false };
  error?: unknown;
  /** Web mode: its one-time link was used. */
  downloaded?: boolean;
}

function ExportBanner({ entry, onDownloaded, onClose }: { entry: ExportEntry; onDownloaded: () => void; onClose: () => void }) {
  const format = entry.format.toUpperCase();
  if (entry.state === 'running') {
    const p = entry.progress;
    const percent = p && p.total > 0 ? (100 * p.done) / p.total : 0;
    return (
      <Paper withBorder p="sm" radius="sm" data-testid="export-progress" data-format={entry.format}>
        <Stack gap={4}>
          <Text size="sm">{p?.phase === 'writing' ? `Writing ${format}: ${int(p.done)} of ${int(p.total)} rows` : `Preparing the ${format} export…`}</Text>
          <Progress value={percent} animated={!p || p.phase === 'preparing'} />
        </Stack>
      </Paper>
    );
  }
  if (entry.state === 'failed') {
    return (
      <Stack gap={4} data-testid="export-failed" data-format={entry.format}>
        <ErrorNote title={`The ${format} report was not exported`} error={entry.error} />
        <Group>
          <Button size="xs" variant="subtle" onClick={onClose}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    );
  }
  const result = entry.result!;
  return (
    <Alert color="teal" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} title={`${format} report exported`} data-testid="export-done" data-format={entry.format}>
      {result.downloadUrl ? (
        <Group gap="sm">
          <Text size="sm">
            {int(result.rows)} rows are ready in {result.fileName}.
          </Text>
          {entry.downloaded ? (
            <Text size="sm" c="dimmed" data-testid="export-downloaded">
              Downloaded. The link works once: export again for another copy.
            </Text>
          ) : (
            // A plain link: the browser saves the file itself (a one-time link, valid 15 minutes).
            <Button component="a" size="xs" href={result.downloadUrl} download={result.fileName} data-testid="export-download" onClick={onDownloaded}>
              Download {result.fileName}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm">
          {int(result.rows)} rows written to {result.file}.
        </Text>
      )}
    </Alert>
  );
}

export function ReportScreen({ exportRequest }: { exportRequest: number }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [applied, setApplied] = useState<Filter>({ sortDirection: 'asc' });
  const [page, setPage] = useState(1);
  const pipeline = useChannel('deals.pipeline', {}, { staleTime: 60_000 });
  const owners = [...new Set((pipeline.data?.rows ?? []).map((r) => r.owner))].sort();
  const report = useChannel('report.query', { ...applied, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const { errors } = toFilter(draft);
  const invalid = Object.keys(errors).length > 0;

  const [exports, setExports] = useState<ExportEntry[]>([]);
  const update = (id: string, patch: Partial<ExportEntry>) => setExports((list) => list.map((e) => (e.id === id ? { ...e, ...patch } : e)));
  const running = (format: ReportFormat) => exports.some((e) => e.format === format && e.state === 'running');

  useEvent('report.exportProgress', (p) => update(p.exportId, { progress: p }));

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = () => {
    const { filter, errors } = toFilter(draft);
    if (Object.keys(errors).length > 0) return;
    setApplied(filter);
    setPage(1);
  };

  // Each export has its own banner, kept until the user closes it: a later export, or a
  // download of another one, never takes it away.
  const runExport = async (format: ReportFormat) => {
    const id = `export-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    setExports((list) => [{ id, format, state: 'running', progress: null }, ...list]);
    try {
      const { page: _p, pageSize: _s, ...filter } = applied as Filter & { page?: number; pageSize?: number };
      const result = await call('report.export', { filter, format, exportId: id });
      if (result.cancelled) setExports((list) => list.filter((e) => e.id !== id));
      else update(id, { state: 'done', result });
    } catch (error) {
      update(id, { state: 'failed', error });
    }
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
            </SimpleGrid>
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

      {exports.map((entry) => (
        <ExportBanner key={entry.id} entry={entry} onDownloaded={() => update(entry.id, { downloaded: true })} onClose={() => setExports((list) => list.filter((e) => e.id !== entry.id))} />
      ))}

      {report.isPending ? (
        <Loading label="Running the report…" />
      ) : report.isError ? (
        <ErrorNote title="The report could not run" error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <Stack gap="sm" style={{ opacity: report.isPlaceholderData ? 0.6 : 1 }}>
          <Paper withBorder p="md" radius="sm">
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
          </Paper>
          <DataTable
            testId="report-rows"
            rows={report.data.rows}
            rowKey={(r) => `${r.dealId}-${r.collateralId}`}
            empty="No collateral matches these filters."
            columns={[
              { key: 'deal', title: 'Deal', render: (r) => <a href={routePath({ name: 'deal', id: r.dealId, tab: 'collaterals' })}>{r.seedName}</a> },
              { key: 'state', title: 'State', render: (r) => label(r.state) },
              { key: 'collateral', title: 'Collateral', render: (r) => text(r.collateralName) },
              { key: 'city', title: 'City', render: (r) => `${text(r.city)}${r.usState ? `, ${r.usState}` : ''}` },
              { key: 'type', title: 'Property type', render: (r) => label(r.propertyType) },
              { key: 'loan', title: 'Gross loan', numeric: true, render: (r) => usd(r.grossLoan) },
              { key: 'rate', title: 'Rate', numeric: true, render: (r) => pct(r.interestRate) },
              { key: 'sf', title: 'SF', numeric: true, render: (r) => int(r.totalSF) },
              { key: 'noi', title: 'NOI', numeric: true, render: (r) => usd(r.netOperatingIncome) },
              { key: 'income', title: 'Income value', numeric: true, render: (r) => usd(r.incomeValuation) },
              { key: 'ltv', title: 'LTV', numeric: true, render: (r) => pct(r.ltv, 1) },
              { key: 'dscr', title: 'DSCR', numeric: true, render: (r) => multiple(r.dscr) },
              { key: 'dy', title: 'Debt yield', numeric: true, render: (r) => pctNumber(r.debtYield, 1) },
            ]}
          />
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
