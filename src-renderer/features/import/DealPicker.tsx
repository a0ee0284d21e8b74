import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { useChannel } from '../../shared/api';

/** Deals offered at a time: the picker searches the book, it does not list it. */
const CHOICES = 20;

export interface PickedDeal {
  id: string;
  label: string;
}

/**
 * A searchable deal picker over the paged pipeline (pipeline.page with the typed words): the
 * book may hold 50,000 deals, so it offers the first matches of what is typed, not every deal.
 * The chosen deal stays offered whatever is typed next.
 */
export function DealPicker({
  label,
  placeholder,
  value,
  onChange,
  describe,
  w,
  testId,
}: {
  label: string;
  placeholder: string;
  value: PickedDeal | null;
  onChange: (deal: PickedDeal | null) => void;
  describe: (deal: { id: string; seedName: string; loanId: string | null }) => string;
  w?: number;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  // The chosen deal's label fills the box: that is not a search.
  const typed = value && search === value.label ? '' : search;
  const [query] = useDebouncedValue(typed.trim(), 150);
  const page = useChannel('pipeline.page', { search: query, offset: 0, limit: CHOICES }, { placeholderData: keepPreviousData, staleTime: 30_000 });
  const found = (page.data?.rows ?? []).map((r) => ({ value: r.id, label: describe(r) }));
  const data = value && !found.some((d) => d.value === value.id) ? [{ value: value.id, label: value.label }, ...found] : found;
  const more = page.data && page.data.total > CHOICES ? page.data.total - CHOICES : 0;
  return (
    <Select
      size="xs"
      w={w}
      label={label}
      placeholder={placeholder}
      description={more > 0 ? `The first ${CHOICES} of ${page.data!.total.toLocaleString('en-US')} matching deals: type to narrow.` : undefined}
      data={data}
      value={value?.id ?? null}
      onChange={(id, option) => onChange(id && option ? { id, label: option.label } : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The main process searched already (name, loan id, owner, addresses...): show its matches as they are.
      filter={({ options }) => options}
      nothingFoundMessage={page.isFetching ? 'Searching…' : 'No deal matches'}
      clearable
      data-testid={testId}
    />
  );
}
