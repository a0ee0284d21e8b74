import { useCallback, useRef, useState } from 'react';
import type { ChannelOutput, PipelineRow } from '../../../src-main/contract';
import { call } from '../../shared/api';
import type { PipelineQueryInput, SelectedDeal } from './pipeline-pages';

/*
 * The grid's selection: a click or Space toggles a deal, Shift extends a range from the last
 * one toggled, and "select all" takes every deal of the query (its ids from the main process,
 * not only the fetched rows). Kept apart from the grid's layout and keys.
 */

export type Selection = ReadonlyMap<string, SelectedDeal>;

/** The selection with the deals of `ids` (ids answer) added, or removed when `on` is false. */
export function withIds(was: Selection, answer: ChannelOutput<'pipeline.ids'>, on: boolean, nameOf: (id: string) => string | null): Selection {
  const next = new Map(was);
  answer.ids.forEach((id, i) => {
    if (!on) next.delete(id);
    else if (!next.has(id)) next.set(id, { seedName: nameOf(id), state: answer.states[answer.stateOf[i]!]! });
  });
  return next;
}

/** The selection's handlers for the grid of `query`, rows `first` to `last` in view. */
export function useGridSelection({
  rowAt,
  query,
  total,
  selected,
  setSelected,
  first,
  last,
}: {
  rowAt: (index: number) => PipelineRow | undefined;
  query: PipelineQueryInput;
  total: number;
  selected: Selection;
  setSelected: React.Dispatch<React.SetStateAction<Selection>>;
  first: number;
  last: number;
}) {
  const anchor = useRef<number | null>(null);
  const [lastSelectAll, setLastSelectAll] = useState<{ key: string; size: number } | null>(null);
  const queryKeyText = JSON.stringify(query);

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

  /** A new query: a Shift range starts again. */
  const resetAnchor = useCallback(() => {
    anchor.current = null;
  }, []);
  return { toggle, selectAll, allSelected, someSelected, resetAnchor };
}
