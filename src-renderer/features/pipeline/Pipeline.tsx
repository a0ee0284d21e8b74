import {
  Button,
  Group,
  MultiSelect,
  Progress,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  Kbd,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { ChannelOutput, PipelineRow } from '../../../src-main/contract';
import { call, useChannel, useEvent } from '../../shared/api';
import { ColumnChooser, ResizeHandle, useColumns, type ColumnsState } from '../../shared/components/columns';
import { ErrorNote, Loading } from '../../shared/components/common';
import type { ColumnSpec } from '../../shared/column-prefs';
import { int, label, multiple, pct, pctNumber, text, usd } from '../../shared/format';
import { figureCell, isFiltered, nextSort, NO_FILTERS, type PipelineFilters, type Sort, type SortKey } from './pipeline-view';
import { PAGE_SIZE, pipelineQuery, SEARCH_DEBOUNCE_MS, useDebounced, usePipelinePages, type PipelineQueryInput, type SelectedDeal } from './pipeline-pages';
import { navigate, routePath } from '../../shared/router';
import { BulkEditModal } from './BulkEdit';
import { compareRefusal } from '../compare';
import { WaitingToSyncMark } from '../../shared/components/DealSyncMarks';

interface Column extends ColumnSpec {
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
const COLUMNS: Column[] = [
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
const templateOf = (columns: readonly { width: number }[]) => `28px ${columns.map((c) => `${c.width}px`).join(' ')}`;
const ROW_HEIGHT = 32;
const HEADER_HEIGHT = 34;

const PRIORITIES = ['High', 'Medium', 'Low'];

/** The filter pickers' choices: the values the store holds (pipeline.facets), asked once the first rows are in. */
function useFilterData(enabled: boolean) {
  const facets = useChannel('pipeline.facets', {}, { staleTime: 30_000, enabled });
  return useMemo(() => {
    const f = facets.data;
    return {
      states: (f?.states ?? []).map((v) => ({ value: v, label: label(v) })),
      statuses: f?.statuses ?? [],
      propertyTypes: (f?.propertyTypes ?? []).map((v) => ({ value: v, label: label(v) })),
      loanTypes: (f?.loanTypes ?? []).map((v) => ({ value: v, label: label(v) })),
      owners: f?.owners ?? [],
      riskRatings: [...(f?.riskRatings ?? [])].sort(new Intl.Collator('en-US', { numeric: true }).compare),
      priorities: PRIORITIES,
    };
  }, [facets.data]);
}

type Selection = ReadonlyMap<string, SelectedDeal>;

export function PipelineScreen({ searchRef }: { searchRef: React.RefObject<HTMLInputElement | null> }) {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<PipelineFilters>(NO_FILTERS);
  const [sort, setSort] = useState<Sort | null>(null);
  const [selected, setSelected] = useState<Selection>(() => new Map());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [range, setRange] = useState({ first: 0, last: PAGE_SIZE - 1 });
  const lastRefetch = useRef(0);
  const gridRef = useRef<HTMLDivElement>(null);
  const columns = useColumns('pipeline', COLUMNS);
  const search = useDebounced(filters.search, SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => pipelineQuery(filters, search, sort), [filters, search, sort]);
  const pages = usePipelinePages(query, range.first, range.last);
  const filterData = useFilterData(pages.first.isSuccess);

  // Background figures: refetch now and then while they come in, and once at the end.
  useEvent('pipeline.progress', (p) => {
    setProgress(p.done >= p.total ? null : p);
    const now = Date.now();
    if (p.done >= p.total || now - lastRefetch.current > 3000) {
      lastRefetch.current = now;
      void queryClient.invalidateQueries({ queryKey: ['pipeline.page'] });
      void queryClient.invalidateQueries({ queryKey: ['deals.pipeline'] });
    }
  });

  const set = <K extends keyof PipelineFilters>(key: K, value: PipelineFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  const selectedDeals = useMemo(() => [...selected].map(([id, d]) => ({ id, ...d })), [selected]);

  if (pages.first.isPending || columns.loading) return <Loading label="Loading the pipeline…" />;
  if (pages.first.isError) return <ErrorNote title="The pipeline could not be loaded" error={pages.first.error} onRetry={() => void pages.first.refetch()} />;

  const all = pages.all;
  const total = pages.total;
  const pending = pages.pending;

  return (
    <Stack gap="sm" h="calc(100dvh - var(--app-shell-header-height, 0px) - 2 * var(--mantine-spacing-md))">
      <Group justify="space-between" wrap="nowrap" align="flex-end">
        <Group gap="sm" align="baseline">
          <Title order={2} size="h3">
            Deals pipeline
          </Title>
          <Text size="sm" c="dimmed" data-testid="pipeline-count" aria-live="polite">
            {isFiltered({ ...filters, search }) ? `${int(total)} of ${int(all)} deals` : `${int(all)} deals`}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {selected.size > 0 && (
            <>
              <Text size="sm" data-testid="selection-count">
                {int(selected.size)} selected
              </Text>
              <Button size="xs" variant="default" onClick={() => setSelected(new Map())}>
                Clear selection
              </Button>
            </>
          )}
          {all > 0 && <ColumnChooser specs={COLUMNS} state={columns} tableLabel="deals pipeline" testId="pipeline-columns" />}
          <CompareButton ids={[...selected.keys()]} />
          <Button size="xs" disabled={selected.size === 0} onClick={() => setBulkOpen(true)}>
            Bulk edit{selected.size > 0 ? ` ${int(selected.size)} deal${selected.size === 1 ? '' : 's'}` : ''}
          </Button>
          <Tooltip label="New deal (N)">
            <Button size="xs" component="a" href={routePath({ name: 'new' })} data-testid="new-deal">
              New deal
            </Button>
          </Tooltip>
        </Group>
      </Group>

      {all > 0 && (
        // Top-aligned: a filter that holds chips grows downwards, the others stay on its line.
        <Group gap="xs" wrap="wrap" align="flex-start" data-testid="pipeline-filters">
          <TextInput
            ref={searchRef}
            size="xs"
            w={300}
            placeholder="Search name, loan id, owner, city, ZIP…"
            aria-label="Search deals"
            value={filters.search}
            onChange={(e) => set('search', e.currentTarget.value)}
            rightSection={<Kbd size="xs">/</Kbd>}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'Enter') {
                e.preventDefault();
                gridRef.current?.focus();
              }
              if (e.key === 'Escape') set('search', '');
            }}
          />
          <MultiSelect size="xs" w={170} placeholder="State" aria-label="Filter by state" data={filterData.states} value={filters.states} onChange={(v) => set('states', v)} clearable />
          <MultiSelect size="xs" w={140} placeholder="Status" aria-label="Filter by status" data={filterData.statuses} value={filters.statuses} onChange={(v) => set('statuses', v)} clearable searchable />
          <MultiSelect size="xs" w={160} placeholder="Property type" aria-label="Filter by property type" data={filterData.propertyTypes} value={filters.propertyTypes} onChange={(v) => set('propertyTypes', v)} clearable searchable />
          <MultiSelect size="xs" w={150} placeholder="Loan type" aria-label="Filter by loan type" data={filterData.loanTypes} value={filters.loanTypes} onChange={(v) => set('loanTypes', v)} clearable searchable />
          <MultiSelect size="xs" w={170} placeholder="Owner" aria-label="Filter by owner" data={filterData.owners} value={filters.owners} onChange={(v) => set('owners', v)} clearable searchable />
          <MultiSelect size="xs" w={100} placeholder="Risk" aria-label="Filter by risk rating" data={filterData.riskRatings} value={filters.riskRatings} onChange={(v) => set('riskRatings', v)} clearable />
          <MultiSelect size="xs" w={110} placeholder="Priority" aria-label="Filter by priority" data={filterData.priorities} value={filters.priorities} onChange={(v) => set('priorities', v)} clearable />
          {isFiltered(filters) && (
            <Button size="xs" variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          )}
        </Group>
      )}

      {pending > 0 && (
        <Group gap="xs" wrap="nowrap" data-testid="figures-progress">
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            Computing DSCR, debt yield and LTV: {int(all - pending)} of {int(all)} deals (sorting by them puts those not computed yet last)
          </Text>
          <Progress value={progress ? (100 * progress.done) / Math.max(1, progress.total) : (100 * (all - pending)) / Math.max(1, all)} size="sm" w={200} animated />
        </Group>
      )}

      {all === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <Title order={3} size="h4">
            No deals yet
          </Title>
          <Text c="dimmed" size="sm">
            This data directory is empty. Create a deal with New deal (N), or get deals from the central platform (sync) or the API; collaterals can be imported once a deal exists.
          </Text>
        </Stack>
      ) : (
        <PipelineGrid
          gridRef={gridRef}
          query={query}
          total={total}
          rowAt={pages.rowAt}
          stale={pages.stale}
          onRange={setRange}
          selected={selected}
          setSelected={setSelected}
          sort={sort}
          setSort={setSort}
          columns={columns}
        />
      )}
      {all > 0 && total === 0 && !pages.stale && (
        <Text size="sm" c="dimmed" data-testid="pipeline-no-match">
          No deal matches the search and filters. Change them, or Clear filters.
        </Text>
      )}
      {all > 0 && (
        <Group gap="md">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> move · <Kbd size="xs">Space</Kbd> select · <Kbd size="xs">Shift</Kbd>+click range · <Kbd size="xs">Enter</Kbd> open ·{' '}
            <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">A</Kbd> select all shown · <Kbd size="xs">Esc</Kbd> clear selection
          </Text>
          {sort && (
            <Tooltip label="Back to the default order">
              <Button size="compact-xs" variant="subtle" onClick={() => setSort(null)}>
                Sorted by {COLUMNS.find((c) => c.key === sort.key)?.title} ({sort.direction === 'asc' ? 'ascending' : 'descending'}) ×
              </Button>
            </Tooltip>
          )}
        </Group>
      )}
      <BulkEditModal opened={bulkOpen} onClose={() => setBulkOpen(false)} deals={selectedDeals} owners={filterData.owners} />
    </Stack>
  );
}

interface GridProps {
  gridRef: React.RefObject<HTMLDivElement | null>;
  query: PipelineQueryInput;
  total: number;
  rowAt: (index: number) => PipelineRow | undefined;
  stale: boolean;
  onRange: (range: { first: number; last: number }) => void;
  selected: Selection;
  setSelected: React.Dispatch<React.SetStateAction<Selection>>;
  sort: Sort | null;
  setSort: React.Dispatch<React.SetStateAction<Sort | null>>;
  columns: ColumnsState;
}

/** The selection with the deals of `ids` (ids answer) added, or removed when `on` is false. */
function withIds(was: Selection, answer: ChannelOutput<'pipeline.ids'>, on: boolean, nameOf: (id: string) => string | null): Selection {
  const next = new Map(was);
  answer.ids.forEach((id, i) => {
    if (!on) next.delete(id);
    else if (!next.has(id)) next.set(id, { seedName: nameOf(id), state: answer.states[answer.stateOf[i]!]! });
  });
  return next;
}

/**
 * The virtualized grid: only the rows in view (plus a few) are in the DOM, and only their pages
 * are fetched. Its own component, so scrolling re-renders the grid and nothing else; rows are
 * memoized and cheap. A row whose page is still coming is a placeholder of the same height.
 */
const PipelineGrid = memo(function PipelineGrid({ gridRef, query, total, rowAt, stale, onRange, selected, setSelected, sort, setSort, columns: columnsState }: GridProps) {
  const columns = columnsState.columns as (Column & { width: number })[];
  const template = templateOf(columns);
  const [active, setActive] = useState(0);
  const anchor = useRef<number | null>(null);
  const [lastSelectAll, setLastSelectAll] = useState<{ key: string; size: number } | null>(null);
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => gridRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const activeIndex = Math.min(active, Math.max(0, total - 1));
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => onRange({ first, last }), [first, last, onRange]);

  // A new query starts at its top.
  const queryKeyText = JSON.stringify(query);
  useEffect(() => {
    anchor.current = null;
    setActive(0);
    gridRef.current?.scrollTo({ top: 0 });
  }, [queryKeyText, gridRef]);

  // Handlers read the latest values through a ref, so memoized rows keep stable callbacks.
  const latest = useRef({ rowAt, query, selected });
  latest.current = { rowAt, query, selected };
  const nameOf = useCallback((id: string) => {
    for (let i = first; i <= last; i++) if (latest.current.rowAt(i)?.id === id) return latest.current.rowAt(i)!.seedName;
    return null;
  }, [first, last]);

  const toggle = useCallback(
    (index: number, shiftKey: boolean) => {
      const { rowAt: rowOf, query: current, selected: was } = latest.current;
      const row = rowOf(index);
      if (!row) return;
      if (shiftKey && anchor.current !== null) {
        // A range: its ids from the main process (its rows need not all be fetched).
        const [from, to] = anchor.current < index ? [anchor.current, index] : [index, anchor.current];
        const on = !was.has(row.id);
        void call('pipeline.ids', { ...current, offset: from, limit: to - from + 1 }).then((answer) => setSelected((s) => withIds(s, answer, on, nameOf)));
      } else
        setSelected((s) => {
          const next = new Map(s);
          if (next.has(row.id)) next.delete(row.id);
          else next.set(row.id, { seedName: row.seedName, state: row.state });
          return next;
        });
      anchor.current = index;
    },
    [setSelected, nameOf],
  );

  const allSelected = total > 0 && lastSelectAll?.key === queryKeyText && lastSelectAll.size === selected.size;
  const someSelected = !allSelected && selected.size > 0;
  /** Every deal of the query (all of the filtered set, not only the fetched rows); again: none of them. */
  const selectAll = useCallback(() => {
    const { query: current } = latest.current;
    const key = JSON.stringify(current);
    void call('pipeline.ids', current).then((answer) => {
      setSelected((was) => {
        const every = answer.ids.length > 0 && answer.ids.every((id) => was.has(id));
        const next = withIds(was, answer, !every, nameOf);
        setLastSelectAll(every ? null : { key, size: next.size });
        return next;
      });
    });
  }, [setSelected, nameOf]);

  const moveTo = (index: number) => {
    const clamped = Math.max(0, Math.min(total - 1, index));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    // Keys on a header's sort button or resize edge are theirs.
    if ((event.target as HTMLElement).closest('.uw-grid-head')) return;
    const page = Math.max(1, Math.floor((gridRef.current?.clientHeight ?? 400) / ROW_HEIGHT) - 2);
    switch (event.key) {
      case 'ArrowDown':
        moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        moveTo(activeIndex - 1);
        break;
      case 'PageDown':
        moveTo(activeIndex + page);
        break;
      case 'PageUp':
        moveTo(activeIndex - page);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(total - 1);
        break;
      case ' ':
        toggle(activeIndex, event.shiftKey);
        break;
      case 'Enter': {
        const row = rowAt(activeIndex);
        if (row) navigate({ name: 'deal', id: row.id, tab: 'terms' });
        break;
      }
      case 'a':
        if (!(event.ctrlKey || event.metaKey)) return;
        selectAll();
        break;
      case 'Escape':
        setSelected(new Map());
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const onRowClick = useCallback(
    (index: number, event: MouseEvent) => {
      setActive(index);
      if ((event.target as HTMLElement).closest('a, input')) return;
      if (event.shiftKey || event.ctrlKey || event.metaKey) toggle(index, event.shiftKey);
    },
    [toggle],
  );
  const onCheck = useCallback(
    (index: number, shiftKey: boolean) => {
      setActive(index);
      toggle(index, shiftKey);
    },
    [toggle],
  );

  return (
    <div
      ref={gridRef}
      className="uw-grid"
      style={{ flex: 1, minHeight: 200 }}
      tabIndex={0}
      role="grid"
      aria-label="Deals"
      aria-rowcount={total + 1}
      aria-multiselectable="true"
      aria-busy={stale}
      data-search={stale ? undefined : query.search}
      onKeyDown={onKey}
      data-testid="pipeline-grid"
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', minWidth: 'max-content' }}>
        <div className="uw-grid-head" role="row" style={{ gridTemplateColumns: template }}>
          <div role="columnheader">
            <input
              type="checkbox"
              className="uw-check"
              aria-label="Select all shown deals"
              checked={allSelected}
              ref={(el) => {
                if (el) el.indeterminate = someSelected;
              }}
              onChange={selectAll}
              tabIndex={-1}
            />
          </div>
          {columns.map((c) => (
            <div
              key={c.key}
              role="columnheader"
              className={c.numeric ? 'uw-num' : undefined}
              aria-sort={sort?.key === c.key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
              data-col={c.key}
            >
              <button type="button" onClick={() => setSort((s) => nextSort(s, c.key))} aria-label={`Sort by ${c.title}`} title={`Sort by ${c.title}`}>
                <span className="uw-head-title">{c.title}</span>
                <span aria-hidden>{sort?.key === c.key ? (sort.direction === 'asc' ? '▲' : '▼') : ''}</span>
              </button>
              <ResizeHandle spec={c} width={c.width} state={columnsState} />
            </div>
          ))}
        </div>
        {items.map((item) => {
          const row = rowAt(item.index);
          if (!row)
            return (
              <div
                key={`loading-${item.index}`}
                className="uw-grid-row"
                role="row"
                aria-rowindex={item.index + 2}
                data-testid="pipeline-row-loading"
                style={{ gridTemplateColumns: template, transform: `translateY(${item.start}px)`, top: 0 }}
              >
                <div role="gridcell" />
                <div role="gridcell" className="uw-pending">
                  ···
                </div>
              </div>
            );
          return (
            <GridRow
              key={row.id}
              row={row}
              index={item.index}
              start={item.start}
              selected={selected.has(row.id)}
              active={item.index === activeIndex}
              onClick={onRowClick}
              onCheck={onCheck}
              columns={columns}
              template={template}
            />
          );
        })}
      </div>
    </div>
  );
});

interface RowProps {
  row: PipelineRow;
  index: number;
  start: number;
  selected: boolean;
  active: boolean;
  onClick: (index: number, event: MouseEvent) => void;
  onCheck: (index: number, shiftKey: boolean) => void;
  columns: readonly Column[];
  template: string;
}

const GridRow = memo(function GridRow({ row, index, start, selected, active, onClick, onCheck, columns, template }: RowProps) {
  return (
    <div
      className="uw-grid-row"
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-selected={selected}
      data-active={active}
      data-testid="pipeline-row"
      data-deal-id={row.id}
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)`, top: 0 }}
      onClick={(e) => onClick(index, e)}
      onDoubleClick={() => navigate({ name: 'deal', id: row.id, tab: 'terms' })}
    >
      <div role="gridcell">
        <input
          type="checkbox"
          className="uw-check"
          aria-label={`Select ${row.seedName}`}
          checked={selected}
          onChange={() => undefined}
          onClick={(e) => {
            e.stopPropagation();
            onCheck(index, e.shiftKey);
          }}
          tabIndex={-1}
        />
      </div>
      {columns.map((c) => (
        <div key={c.key} role="gridcell" className={c.numeric ? 'uw-num' : 'uw-ellipsis'} title={c.tooltip?.(row)} data-col={c.key}>
          {c.render(row)}
        </div>
      ))}
    </div>
  );
});

/**
 * Compare: 2 to 4 selected deals side by side. Otherwise it stays focusable and says why it
 * cannot be pressed (a disabled button would show no tooltip).
 */
function CompareButton({ ids }: { ids: string[] }) {
  const refusal = compareRefusal(ids.length);
  return (
    <Tooltip label={refusal ?? `Compare the ${ids.length} selected deals side by side`} events={{ hover: true, focus: true, touch: false }}>
      <Button
        size="xs"
        variant="default"
        data-disabled={refusal !== null || undefined}
        aria-disabled={refusal !== null}
        data-testid="compare-deals"
        onClick={(e) => {
          if (refusal) e.preventDefault();
          else navigate({ name: 'compare', ids });
        }}
      >
        Compare{refusal === null ? ` ${ids.length}` : ''}
      </Button>
    </Tooltip>
  );
}
