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

export function ReportScreen({ exportRequest }: { exportRequest: number }) {
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [applied, setApplied] = useState<Filter>({ sortDirection: 'asc' });
  const [page, setPage] = useState(1);
  const pipeline = useChannel('deals.pipeline', {}, { staleTime: 60_000 });
  const owners = [...new Set((pipeline.data?.rows ?? []).map((r) => r.owner))].sort();
  const report = useChannel('report.query', { ...applied, page, pageSize: PAGE_SIZE }, { placeholderData: keepPreviousData });
  const { errors } = toFilter(draft);
  const invalid = Object.keys(errors).length > 0;

  const [exporting, setExporting] = useState<{ id: string; format: ReportFormat; progress: Progressing | null } | null>(null);
  const [exported, setExported] = useState<(ReportExportResult & { cancelled: false }) | null>(null);
  const [exportError, setExportError] = useState<unknown>(null);
  const exportingRef = useRef(exporting);
  exportingRef.current = exporting;

  useEvent('report.exportProgress', (p) => {
    const current = exportingRef.current;
    if (current && current.id === p.exportId) setExporting({ ...current, progress: p });
  });

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const apply = () => {
    const { filter, errors } = toFilter(draft);
    if (Object.keys(errors).length > 0) return;
    setApplied(filter);
    setPage(1);
  };

  const runExport = async (format: ReportFormat) => {
    const id = `export-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    setExporting({ id, format, progress: null });
    setExported(null);
    setExportError(null);
    try {
      const { page: _p, pageSize: _s, ...filter } = applied as Filter & { page?: number; pageSize?: number };
      const result = await call('report.export', { filter, format, exportId: id });
      if (!result.cancelled) setExported(result);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(null);
    }
  };

  // The native menu's "Export cross-deal report…" lands here.
  const lastRequest = useRef(exportRequest);
  useEffect(() => {
    if (exportRequest !== lastRequest.current) {
      lastRequest.current = exportRequest;
      if (!exporting) void runExport('xlsx');
    }
  });

  const progress = exporting?.progress;
  const percent = progress && progress.total > 0 ? (100 * progress.done) / progress.total : 0;

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
                <Button size="xs" variant="default" onClick={() => void runExport('csv')} loading={exporting?.format === 'csv'} disabled={!!exporting} data-testid="export-csv">
                  Export CSV
                </Button>
                <Button size="xs" variant="default" onClick={() => void runExport('xlsx')} loading={exporting?.format === 'xlsx'} disabled={!!exporting} data-testid="export-xlsx">
                  Export XLSX
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>

      {exporting && (
        <Paper withBorder p="sm" radius="sm" data-testid="export-progress">
          <Stack gap={4}>
            <Text size="sm">
              {progress?.phase === 'writing'
                ? `Writing ${exporting.format.toUpperCase()}: ${int(progress.done)} of ${int(progress.total)} rows`
                : `Preparing the ${exporting.format.toUpperCase()} export…`}
            </Text>
            <Progress value={percent} animated={!progress || progress.phase === 'preparing'} />
          </Stack>
        </Paper>
      )}
      {exported && (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setExported(null)} title="Report exported" data-testid="export-done">
          {exported.downloadUrl ? (
            <Group gap="sm">
              <Text size="sm">
                {int(exported.rows)} rows are ready in {exported.fileName}.
              </Text>
              {/* A plain link: the browser saves the file itself (a one-time link, valid 15 minutes). */}
              <Button component="a" size="xs" href={exported.downloadUrl} download={exported.fileName} data-testid="export-download" onClick={() => setTimeout(() => setExported(null), 1500)}>
                Download {exported.fileName}
              </Button>
            </Group>
          ) : (
            <Text size="sm">
              {int(exported.rows)} rows written to {exported.file}.
            </Text>
          )}
        </Alert>
      )}
      {exportError !== null && <ErrorNote title="The report was not exported" error={exportError} />}

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
