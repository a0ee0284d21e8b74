import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PipelineRow } from '../../../src-main/contract';
import { ResizeHandle, type ColumnsState } from '../../shared/components/columns';
import { navigate } from '../../shared/router';
import { useGridSelection, type Selection } from './grid-selection';
import { HEADER_HEIGHT, ROW_HEIGHT, templateOf, type Column } from './pipeline-columns';
import type { PipelineQueryInput } from './pipeline-pages';
import { nextSort, type Sort } from './pipeline-view';

export interface GridProps {
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

/**
 * The virtualized grid: only the rows in view (plus a few) are in the DOM, and only their pages
 * are fetched. Its own component, so scrolling re-renders the grid and nothing else; rows are
 * memoized and cheap. A row whose page is still coming is a placeholder of the same height.
 */
export const PipelineGrid = memo(function PipelineGrid({ gridRef, query, total, rowAt, stale, onRange, selected, setSelected, sort, setSort, columns: columnsState }: GridProps) {
  const columns = columnsState.columns as (Column & { width: number })[];
  const template = templateOf(columns);
  const [active, setActive] = useState(0);
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

  const { toggle, selectAll, allSelected, someSelected, resetAnchor } = useGridSelection({ rowAt, query, total, selected, setSelected, first, last });

  // A new query starts at its top.
  const queryKeyText = JSON.stringify(query);
  useEffect(() => {
    resetAnchor();
    setActive(0);
    gridRef.current?.scrollTo({ top: 0 });
  }, [queryKeyText, gridRef, resetAnchor]);

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
        <GridHeader
          columns={columns}
          template={template}
          sort={sort}
          setSort={setSort}
          columnsState={columnsState}
          allSelected={allSelected}
          someSelected={someSelected}
          onSelectAll={selectAll}
        />
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

/** The header row: the select-all box, then each column's sort button and resize edge. */
function GridHeader({
  columns,
  template,
  sort,
  setSort,
  columnsState,
  allSelected,
  someSelected,
  onSelectAll,
}: {
  columns: readonly (Column & { width: number })[];
  template: string;
  sort: Sort | null;
  setSort: React.Dispatch<React.SetStateAction<Sort | null>>;
  columnsState: ColumnsState;
  allSelected: boolean;
  someSelected: boolean;
  onSelectAll: () => void;
}) {
  return (
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
        onChange={onSelectAll}
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
  );
}

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
