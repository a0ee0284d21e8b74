import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ColumnPrefs, ColumnTable } from '../../../src-main/contract';
import { call, queryKey, useChannel } from '../api';
import { clampWidth, hiddenColumns, MAX_WIDTH, MIN_WIDTH, shownColumns, withShown, withWidth, type ColumnSpec } from '../column-prefs';

/**
 * A table's columns as the user chose them (kept per data directory), with a width being dragged
 * shown live before it is kept.
 */
export function useColumns<C extends ColumnSpec>(table: ColumnTable, specs: readonly C[]) {
  const queryClient = useQueryClient();
  const stored = useChannel('columns.get', { table }, { staleTime: Infinity });
  // A change shows in the same event (a checkbox must not flick back while it is being kept).
  const [changed, setChanged] = useState<ColumnPrefs | null>(null);
  const prefs = changed ?? stored.data ?? null;
  const [live, setLive] = useState<{ key: string; width: number } | null>(null);
  const mutation = useMutation({
    mutationFn: (next: ColumnPrefs) => call('columns.set', { table, prefs: next }),
    onSuccess: (kept) => queryClient.setQueryData(queryKey('columns.get', { table }), kept),
  });
  const save = (next: ColumnPrefs) => {
    setChanged(next);
    mutation.mutate(next);
  };
  // One array while nothing changes: rows memoized on it are not drawn again.
  const columns = useMemo(() => shownColumns(specs, prefs).map((c) => (live?.key === c.key ? { ...c, width: live.width } : c)), [specs, prefs, live]);
  return {
    /** Still reading the choices: show nothing yet rather than the defaults for a moment. */
    loading: stored.isPending,
    prefs,
    columns,
    saveError: mutation.error,
    setShown: (key: string, shown: boolean) => save(withShown(specs, prefs, key, shown)),
    /** While dragging: the width shown, not yet kept. */
    preview: (key: string, width: number | null) => {
      const spec = specs.find((s) => s.key === key);
      setLive(width === null || !spec ? null : { key, width: clampWidth(spec, width) });
    },
    resize: (key: string, width: number) => {
      setLive(null);
      save(withWidth(specs, prefs, key, width));
    },
    reset: () => save({ hidden: hiddenColumns(specs, null), widths: {} }),
  };
}

export type ColumnsState = ReturnType<typeof useColumns>;

/** The "Columns" button: which columns the table shows, and a way back to the defaults. */
export function ColumnChooser({ specs, state, tableLabel, testId }: { specs: readonly ColumnSpec[]; state: ColumnsState; tableLabel: string; testId: string }) {
  const shown = new Set(state.columns.map((c) => c.key));
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        {/* Never squeezed by what sits beside it (the report's totals): its label stays whole. */}
        <Button size="xs" variant="default" aria-haspopup="dialog" data-testid={testId} style={{ flexShrink: 0 }}>
          Columns ({shown.size} of {specs.length})
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={`Columns of the ${tableLabel}`} data-testid={`${testId}-menu`}>
        <Stack gap={6} maw={280}>
          <Text size="xs" c="dimmed">
            Kept for this data directory. To resize a column, drag the right edge of its header, or focus that edge (Tab) and press ← or → (with Shift, in larger steps).
          </Text>
          {specs.map((s) => (
            <Checkbox
              key={s.key}
              size="xs"
              label={s.title}
              checked={shown.has(s.key)}
              disabled={s.alwaysShown}
              onChange={(e) => state.setShown(s.key, e.currentTarget.checked)}
            />
          ))}
          <Button size="compact-xs" variant="subtle" onClick={state.reset}>
            Reset to the default columns
          </Button>
          {state.saveError !== null && (
            <Text size="xs" c="red">
              The choice could not be kept: {state.saveError.message}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The right edge of a column header: drag it, or focus it and press ← / → (Shift: larger
 * steps, Home: narrowest), to resize the column. A separator in ARIA terms, with its width as
 * its value.
 */
export function ResizeHandle({ spec, width, state }: { spec: ColumnSpec; width: number; state: ColumnsState }) {
  const drag = useRef<{ x: number; width: number } | null>(null);
  const end = (event: PointerEvent<HTMLDivElement>, keep: boolean) => {
    const started = drag.current;
    drag.current = null;
    if (!started) return;
    if (keep) state.resize(spec.key, started.width + event.clientX - started.x);
    else state.preview(spec.key, null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? 50 : 10;
    const next = { ArrowLeft: width - step, ArrowRight: width + step, Home: spec.minWidth ?? MIN_WIDTH, End: width + 100 }[event.key];
    // The keys stay here: the table around it has its own (the pipeline's row keys).
    if (event.key !== 'Tab' && event.key !== 'Escape') event.stopPropagation();
    if (next === undefined) return;
    event.preventDefault();
    state.resize(spec.key, next);
  };
  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize the ${spec.title} column`}
      aria-valuenow={width}
      aria-valuemin={spec.minWidth ?? MIN_WIDTH}
      aria-valuemax={MAX_WIDTH}
      tabIndex={0}
      className="uw-resize"
      data-testid={`resize-${spec.key}`}
      onClick={(e) => e.stopPropagation()}
      onPointerDown={(e) => {
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.setPointerCapture(e.pointerId);
        drag.current = { x: e.clientX, width };
      }}
      onPointerMove={(e) => {
        if (drag.current) state.preview(spec.key, drag.current.width + e.clientX - drag.current.x);
      }}
      onPointerUp={(e) => end(e, true)}
      onPointerCancel={(e) => end(e, false)}
      onKeyDown={onKeyDown}
    />
  );
}
