import { useState } from 'react';
import type { AppEvents } from '../../src-main/contract';
import { call, useEvent } from './api';

/*
 * The state of a screen's exports, one hook for all of them (the cross-deal report, the
 * portfolio stress, the deal page's memo and credit file): each export is a run with an id the
 * call carries, its progress from the main process's events, its Cancel, and its banner until
 * the user closes it. <ExportBanners> (components/ExportBanner.tsx) shows the runs.
 */

/** The progress events of the exports, each carrying the exportId of its call. */
export type ExportProgressEvent = 'report.exportProgress' | 'analysis.exportProgress' | 'deal.exportProgress';

/** One export and its banner: running with its progress, done with its file, or failed. */
export interface ExportRun<K extends string, R, P> {
  id: string;
  /** What is exported: the file format (csv, xlsx) or the deal document (memo, creditFile). */
  key: K;
  /** cancelled: stopped by its Cancel button (no file was written). */
  state: 'running' | 'done' | 'failed' | 'cancelled';
  progress: P | null;
  /** Its Cancel button was pressed: the export stops within a batch of rows. */
  cancelling?: boolean;
  result?: R;
  error?: unknown;
  /** Web mode: its one-time link was used. */
  downloaded?: boolean;
}

/**
 * The list once an export answered `{ cancelled: true }`: an export its Cancel button stopped
 * keeps its banner (cancelled); one whose save dialog was dismissed leaves no banner.
 */
export function withCancelled<E extends { id: string; cancelling?: boolean; state: string }>(list: E[], id: string): E[] {
  return list.flatMap((e) => (e.id !== id ? [e] : e.cancelling ? [{ ...e, state: 'cancelled' }] : []));
}

export interface ExportRuns<K extends string, R, P> {
  runs: ExportRun<K, R, P>[];
  /** An export of `key` is running (its button shows it is busy). */
  running: (key: K) => boolean;
  /** Starts an export: `send` makes the call with the run's exportId. */
  start: (key: K, send: (exportId: string) => Promise<({ cancelled: false } & R) | { cancelled: true }>) => Promise<void>;
  /** Stops a running export (work.cancel by its exportId). */
  cancel: (id: string) => void;
  close: (id: string) => void;
  downloaded: (id: string) => void;
}

/**
 * The exports of one screen. `idPrefix` starts each exportId. With `keys`, a screen keeps one
 * run per key, shown in that order (the deal page: a new memo export replaces the last one's
 * banner); without, every run keeps its banner, the newest first (a later export, or a download
 * of another one, never takes a banner away).
 */
export function useExportRuns<K extends string, R, E extends ExportProgressEvent>(options: {
  event: E;
  idPrefix: (key: K) => string;
  keys?: readonly K[];
}): ExportRuns<K, R, AppEvents[E]> {
  type Run = ExportRun<K, R, AppEvents[E]>;
  const [runs, setRuns] = useState<Run[]>([]);
  const update = (id: string, patch: Partial<Run>) => setRuns((list) => list.map((e) => (e.id === id ? { ...e, ...patch } : e)));
  useEvent(options.event, (p) => update(p.exportId, { progress: p }));

  const add = (list: Run[], run: Run): Run[] => {
    const { keys } = options;
    if (!keys) return [run, ...list];
    const next = [...list.filter((e) => e.key !== run.key), run];
    return next.sort((a, b) => keys.indexOf(a.key) - keys.indexOf(b.key));
  };

  return {
    runs,
    running: (key) => runs.some((e) => e.key === key && e.state === 'running'),
    start: async (key, send) => {
      const id = `${options.idPrefix(key)}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      setRuns((list) => add(list, { id, key, state: 'running', progress: null }));
      try {
        const result = await send(id);
        if (result.cancelled) setRuns((list) => withCancelled(list, id));
        else update(id, { state: 'done', result: result as R });
      } catch (error) {
        update(id, { state: 'failed', error });
      }
    },
    cancel: (id) => {
      update(id, { cancelling: true });
      // Not reached (the call failed): the export goes on, and so does its banner.
      call('work.cancel', { id }).catch(() => update(id, { cancelling: false }));
    },
    close: (id) => setRuns((list) => list.filter((e) => e.id !== id)),
    downloaded: (id) => update(id, { downloaded: true }),
  };
}
