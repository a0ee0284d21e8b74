import { Button, Group, Kbd, MultiSelect, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useChannel } from '../../shared/api';
import { label } from '../../shared/format';
import { isFiltered, NO_FILTERS, type PipelineFilters } from './pipeline-view';

const PRIORITIES = ['High', 'Medium', 'Low'];

/** The filter pickers' choices: the values the store holds (pipeline.facets), asked once the first rows are in. */
export function useFilterData(enabled: boolean) {
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

export type FilterData = ReturnType<typeof useFilterData>;

/**
 * The search box and the filter pickers. Top-aligned: a filter that holds chips grows
 * downwards, the others stay on its line. Down or Enter in the search box moves to the grid.
 */
export function PipelineFilterBar({
  filters,
  setFilters,
  filterData,
  searchRef,
  gridRef,
}: {
  filters: PipelineFilters;
  setFilters: React.Dispatch<React.SetStateAction<PipelineFilters>>;
  filterData: FilterData;
  searchRef: React.RefObject<HTMLInputElement | null>;
  gridRef: React.RefObject<HTMLDivElement | null>;
}) {
  const set = <K extends keyof PipelineFilters>(key: K, value: PipelineFilters[K]) => setFilters((f) => ({ ...f, [key]: value }));
  return (
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
  );
}
