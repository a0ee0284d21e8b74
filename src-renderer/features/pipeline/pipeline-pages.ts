import { useQueries, useQuery, type Query } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ChannelInput, ChannelOutput, DealState, PipelineRow } from '../../../src-main/contract';
import { call, queryKey, type CallError } from '../../shared/api';
import { sortRows, type PipelineFilters, type Sort } from './pipeline-view';

/*
 * The pipeline a page at a time (issue 17): the main process filters, searches, sorts and counts
 * in SQLite; the screen asks for the pages of rows in view (PAGE_SIZE each, react-query keeps
 * them), so 50,000 deals cost what 100 do on this side.
 */

export const PAGE_SIZE = 100;
/** Typing settles this long before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 150;

type PageInput = ChannelInput<'pipeline.page'>;
type Page = ChannelOutput<'pipeline.page'>;
export type PipelineQueryInput = Omit<PageInput, 'offset' | 'limit'>;

/** A deal of the selection: what Bulk edit needs of it (its name only once a page showed it). */
export interface SelectedDeal {
  seedName: string | null;
  state: DealState;
}

export function pipelineQuery(filters: PipelineFilters, search: string, sort: Sort | null): PipelineQueryInput {
  const { search: _typed, ...lists } = filters;
  return { sort, filter: lists, search };
}

/** `value`, once it stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const pageQuery = (query: PipelineQueryInput, page: number) => {
  const input: PageInput = { ...query, offset: page * PAGE_SIZE, limit: PAGE_SIZE };
  return { queryKey: queryKey('pipeline.page', input), queryFn: () => call('pipeline.page', input), staleTime: 10_000 };
};

/**
 * While the first page of a new query loads, the previous one stays on screen (no flash while
 * typing); when the previous answer held every row and only the order changed, its rows are
 * shown in the new order at once (a small book sorts instantly).
 */
function placeholder(query: PipelineQueryInput) {
  return (previous: Page | undefined, previousQuery: Query<Page, CallError> | undefined): Page | undefined => {
    if (!previous) return undefined;
    const before = previousQuery?.queryKey[1] as PageInput | undefined;
    const sameSet = before && JSON.stringify([before.filter, before.search]) === JSON.stringify([query.filter, query.search]);
    if (sameSet && previous.offset === 0 && previous.rows.length === previous.total) return { ...previous, rows: sortRows(previous.rows, (query.sort ?? null) as Sort | null) };
    return previous;
  };
}

export interface PipelinePages {
  first: ReturnType<typeof useQuery<Page, CallError>>;
  /** Deals of the query, of the store, and still without figures. */
  total: number;
  all: number;
  pending: number;
  /** The row at an index of the query, once its page is here. */
  rowAt(index: number): PipelineRow | undefined;
  /** True while the answer on screen is not the current query's yet. */
  stale: boolean;
}

/** The first page, plus the pages holding rows first..last (the rows in view). */
export function usePipelinePages(query: PipelineQueryInput, first: number, last: number): PipelinePages {
  const head = useQuery<Page, CallError>({ ...pageQuery(query, 0), placeholderData: placeholder(query) });
  const total = head.data?.total ?? 0;
  const wanted: number[] = [];
  if (total > PAGE_SIZE && last >= 0) {
    const lastPage = Math.floor((Math.min(last, total - 1)) / PAGE_SIZE);
    for (let p = Math.max(1, Math.floor(first / PAGE_SIZE)); p <= lastPage; p++) wanted.push(p);
  }
  const pages = useQueries({ queries: wanted.map((p) => ({ ...pageQuery(query, p), enabled: !head.isPlaceholderData })) });
  const dataKey = pages.map((p) => p.dataUpdatedAt).join(',');
  const byPage = useMemo(() => {
    const map = new Map<number, PipelineRow[]>();
    pages.forEach((p, i) => {
      if (p.data) map.set(wanted[i]!, p.data.rows);
    });
    return map;
    // dataKey and the wanted pages say when the pages changed (useQueries answers a new array each render).
  }, [dataKey, wanted.join(',')]);
  return {
    first: head,
    total,
    all: head.data?.all ?? 0,
    pending: head.data?.pending ?? 0,
    stale: head.isPlaceholderData,
    rowAt: (index) => {
      const page = Math.floor(index / PAGE_SIZE);
      if (page === 0) return head.data?.rows[index];
      if (head.isPlaceholderData) return undefined;
      return byPage.get(page)?.[index - page * PAGE_SIZE];
    },
  };
}
