/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLongWork } from '../../../src-main/app/long-work';
import { harness, type Harness } from './support';

/*
 * Progress and cancel of the long work the UI runs (issue 17) on a real store: the cross-deal
 * report export, the portfolio stress export and the portfolio stress run. A cancel is sent from
 * the progress event of the work itself (as the renderer's Cancel button would, while it runs).
 */

const SEVERE = { name: 'severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300 };

describe('cancellable work', () => {
  let h: Harness;
  /** Set by a test: called with each event as it is emitted (inside the work's own loop). */
  let onEvent: ((event: string, payload: any) => void) | null = null;

  beforeAll(() => {
    const events: Harness['events'] = [];
    h = harness({
      deals: 12,
      overrides: {
        emit: (event, payload) => {
          events.push({ event, payload });
          onEvent?.(event, payload);
        },
      },
    });
    h.events = events;
  });
  afterAll(() => h.close());

  /** Cancels work `id` at its first progress event of `event` in phase `phase` (any phase when absent). */
  function cancelAtFirst(event: string, id: string, phase?: string) {
    let sent = false;
    onEvent = (e, payload) => {
      if (sent || e !== event || (phase && payload.phase !== phase)) return;
      sent = true;
      void h.table.dispatch('work.cancel', { id });
    };
  }

  const phasesOf = (event: string, id: string, key = 'exportId') => h.events.filter((e) => e.event === event && (e.payload as any)[key] === id).map((e) => (e.payload as any).phase);
  const tempFiles = () => readdirSync(h.dir).filter((f) => f.endsWith('.tmp'));

  it('a cancelled report export answers cancelled, leaves no file at its target and no temporary file', async () => {
    const file = join(h.dir, 'report.csv');
    h.exportTo = { file };
    cancelAtFirst('report.exportProgress', 'r1', 'writing');
    expect(await h.value('report.export', { filter: {}, format: 'csv', exportId: 'r1' })).toEqual({ cancelled: true });
    expect(phasesOf('report.exportProgress', 'r1')).toEqual(['preparing', 'writing', 'cancelled']);
    expect(existsSync(file)).toBe(false);
    expect(tempFiles()).toEqual([]);
  });

  it('a cancelled XLSX report export keeps the earlier file at its target as it was', async () => {
    const file = join(h.dir, 'kept.xlsx');
    writeFileSync(file, 'the earlier report');
    h.exportTo = { file };
    cancelAtFirst('report.exportProgress', 'r2', 'writing');
    expect(await h.value('report.export', { filter: {}, format: 'xlsx', exportId: 'r2' })).toEqual({ cancelled: true });
    expect(readFileSync(file, 'utf8')).toBe('the earlier report');
    expect(tempFiles()).toEqual([]);
  });

  it('a report export nobody cancels still writes every row, and a cancel after it finished finds nothing to stop', async () => {
    const file = join(h.dir, 'whole.csv');
    h.exportTo = { file };
    onEvent = null;
    const written = await h.value('report.export', { filter: {}, format: 'csv', exportId: 'r3' });
    expect(written).toMatchObject({ cancelled: false, file });
    expect(readFileSync(file, 'utf8').trim().split('\r\n')).toHaveLength(written.rows + 2);
    expect(await h.value('work.cancel', { id: 'r3' })).toEqual({ cancelling: false });
  });

  it('a cancelled stress export answers cancelled and leaves no file, in CSV and in XLSX', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      const file = join(h.dir, `stress.${format}`);
      h.exportTo = { file };
      const id = `s-${format}`;
      cancelAtFirst('analysis.exportProgress', id, 'writing');
      expect(await h.value('analysis.exportStress', { request: { scenarios: [SEVERE] }, format, exportId: id })).toEqual({ cancelled: true });
      expect(phasesOf('analysis.exportProgress', id)).toEqual(['preparing', 'writing', 'cancelled']);
      expect(existsSync(file)).toBe(false);
    }
    expect(tempFiles()).toEqual([]);
  });

  it('a stress run with a runId reports its progress up to every deal and answers as a run without one', async () => {
    onEvent = null;
    const request = { scenarios: [SEVERE], pageSize: 5 };
    const plain = await h.value('analysis.stressPortfolio', request);
    const followed = await h.value('analysis.stressPortfolio', { ...request, runId: 'run-1' });
    expect(followed).toEqual(plain);
    const progress = h.events.filter((e) => e.event === 'analysis.stressProgress' && (e.payload as any).runId === 'run-1').map((e) => e.payload as any);
    expect(progress[0]).toEqual({ runId: 'run-1', done: 0, total: 12 });
    expect(progress.at(-1)).toEqual({ runId: 'run-1', done: 12, total: 12 });
    expect(plain.base.deals).toBe(12);
  });

  it('a cancelled stress run is refused with the code Cancelled', async () => {
    let sent = false;
    onEvent = (event, payload) => {
      if (sent || event !== 'analysis.stressProgress' || payload.runId !== 'run-2') return;
      sent = true;
      void h.table.dispatch('work.cancel', { id: 'run-2' });
    };
    // Not the request of the run above: another page of that one would come from its memo, stressing no deal of the book.
    const result = await h.call('analysis.stressPortfolio', { scenarios: [SEVERE], breachesOnly: true, runId: 'run-2' });
    expect(result).toMatchObject({ ok: false, error: 'The stress was cancelled.', details: { code: 'Cancelled' } });
    // The next run of the same request goes through.
    onEvent = null;
    expect(await h.value('analysis.stressPortfolio', { scenarios: [SEVERE], breachesOnly: true, runId: 'run-2' })).toMatchObject({ base: { deals: 12 } });
  });

  it('a cancel of an id that never ran stops nothing', async () => {
    expect(await h.value('work.cancel', { id: 'nothing-runs' })).toEqual({ cancelling: false });
  });
});

describe('the long work registry', () => {
  it('aborts the signal of the work of an id, and forgets the id once the work settled', async () => {
    const work = createLongWork();
    let seen: AbortSignal | null = null;
    let release!: () => void;
    const running = work.run('a', (signal) => {
      seen = signal;
      return new Promise<string>((resolve) => (release = () => resolve('done')));
    });
    expect(work.cancel('b')).toEqual({ cancelling: false });
    expect(work.cancel('a')).toEqual({ cancelling: true });
    expect(seen!.aborted).toBe(true);
    release();
    expect(await running).toBe('done');
    expect(work.cancel('a')).toEqual({ cancelling: false });
  });

  it('aborts an earlier run of the same id when a new one starts', async () => {
    const work = createLongWork();
    const signals: AbortSignal[] = [];
    const releases: (() => void)[] = [];
    const start = () => work.run('x', (signal) => new Promise<void>((resolve) => (signals.push(signal), releases.push(resolve))));
    const first = start();
    const second = start();
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    releases.forEach((r) => r());
    await Promise.all([first, second]);
  });
});
