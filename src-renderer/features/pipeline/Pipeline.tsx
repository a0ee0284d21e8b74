import { Button, Group, Kbd, Progress, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useEvent } from '../../shared/api';
import { ColumnChooser, useColumns } from '../../shared/components/columns';
import { ErrorNote, Loading } from '../../shared/components/common';
import { int } from '../../shared/format';
import { navigate, routePath } from '../../shared/router';
import { compareRefusal } from '../compare';
import { BulkEditModal } from './BulkEdit';
import type { Selection } from './grid-selection';
import { COLUMNS } from './pipeline-columns';
import { PAGE_SIZE, pipelineQuery, SEARCH_DEBOUNCE_MS, useDebounced, usePipelinePages } from './pipeline-pages';
import { isFiltered, NO_FILTERS, type PipelineFilters, type Sort } from './pipeline-view';
import { PipelineFilterBar, useFilterData } from './PipelineFilterBar';
import { PipelineGrid } from './PipelineGrid';

// Rows are plain DOM styled by styles.css (.uw-state, .uw-priority): thousands of Mantine
// components mounting while a 10,000-row list flies by would drop frames.

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

      {all > 0 && <PipelineFilterBar filters={filters} setFilters={setFilters} filterData={filterData} searchRef={searchRef} gridRef={gridRef} />}

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
      {all > 0 && <KeysAndSort sort={sort} setSort={setSort} />}
      <BulkEditModal opened={bulkOpen} onClose={() => setBulkOpen(false)} deals={selectedDeals} owners={filterData.owners} />
    </Stack>
  );
}

/** The grid's keys, and the sort in force with its way back to the default order. */
function KeysAndSort({ sort, setSort }: { sort: Sort | null; setSort: (sort: Sort | null) => void }) {
  return (
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
  );
}

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
