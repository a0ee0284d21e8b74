import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SyncScheduler, type ScheduledRunOutcome, type SyncSchedulerOptions } from '../../../src-main/sync/scheduler';

// The background sync schedule with fake timers: no real time passes, no sync runs.

const MIN = 60_000;

interface Rig {
  scheduler: SyncScheduler;
  runs: number[];
  state: { enabled: boolean; busy: boolean; outcome: ScheduledRunOutcome | 'throw'; runMs: number };
  schedules: (number | null)[];
}

function rig(overrides: Partial<SyncSchedulerOptions> = {}): Rig {
  const runs: number[] = [];
  const schedules: (number | null)[] = [];
  const state: Rig['state'] = { enabled: true, busy: false, outcome: 'completed', runMs: 0 };
  const scheduler = new SyncScheduler({
    intervalMs: 15 * MIN,
    firstDelayMs: 10_000,
    retryMs: MIN,
    busyRetryMs: MIN,
    enabled: () => state.enabled,
    busy: () => state.busy,
    run: async () => {
      runs.push(Date.now());
      if (state.runMs > 0) await new Promise((resolve) => setTimeout(resolve, state.runMs));
      if (state.outcome === 'throw') throw new Error('boom');
      return state.outcome;
    },
    onSchedule: (at) => schedules.push(at),
    ...overrides,
  });
  return { scheduler, runs, state, schedules };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-11-21T09:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

const t0 = () => new Date('2026-11-21T09:00:00Z').getTime();

describe('SyncScheduler', () => {
  it('runs first after the start delay, then every interval counted from the end of the previous run', async () => {
    const { scheduler, runs, state } = rig();
    state.runMs = 30_000; // each sync takes 30 s
    scheduler.start();
    expect(scheduler.nextRunAt).toBe(t0() + 10_000);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([t0() + 10_000]);
    expect(scheduler.nextRunAt).toBeNull(); // nothing armed while a run is in progress
    await vi.advanceTimersByTimeAsync(30_000);
    expect(scheduler.nextRunAt).toBe(t0() + 40_000 + 15 * MIN);
    await vi.advanceTimersByTimeAsync(15 * MIN + 30_000);
    expect(runs).toEqual([t0() + 10_000, t0() + 40_000 + 15 * MIN]);
    scheduler.stop();
  });

  it('never runs two syncs at once', async () => {
    let inFlight = 0;
    let most = 0;
    const { scheduler } = rig({
      intervalMs: 1_000,
      firstDelayMs: 1_000,
      run: async () => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5_000)); // longer than the interval
        inFlight -= 1;
        return 'completed';
      },
    });
    scheduler.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(most).toBe(1);
    scheduler.stop();
  });

  it('skips a tick while a sync runs or another process holds the lock, and tries again later', async () => {
    const { scheduler, runs, state } = rig();
    state.busy = true;
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toEqual([]);
    expect(scheduler.nextRunAt).toBe(t0() + 10_000 + MIN);
    state.busy = false;
    await vi.advanceTimersByTimeAsync(MIN);
    expect(runs).toEqual([t0() + 10_000 + MIN]);
    scheduler.stop();
  });

  it('retries a failed sync sooner than the interval, backing off up to the interval, and resets after a success', async () => {
    const { scheduler, runs, state } = rig();
    state.outcome = 'failed';
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    const gaps: number[] = [];
    for (let i = 0; i < 6; i++) {
      const due = scheduler.nextRunAt!;
      gaps.push(due - Date.now());
      await vi.advanceTimersByTimeAsync(due - Date.now());
    }
    // 1, 2, 4, 8 minutes, then capped at the 15-minute interval.
    expect(gaps).toEqual([1, 2, 4, 8, 15, 15].map((m) => m * MIN));
    expect(scheduler.failures).toBe(7);
    state.outcome = 'completed';
    await vi.advanceTimersByTimeAsync(scheduler.nextRunAt! - Date.now());
    expect(scheduler.failures).toBe(0);
    expect(scheduler.nextRunAt! - Date.now()).toBe(15 * MIN);
    expect(runs.length).toBe(8);
    scheduler.stop();
  });

  it('counts a run that throws as failed', async () => {
    const { scheduler, state } = rig();
    state.outcome = 'throw';
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(scheduler.failures).toBe(1);
    expect(scheduler.nextRunAt! - Date.now()).toBe(MIN);
    scheduler.stop();
  });

  it('is off while not connected: no timer at all, until the settings change', async () => {
    const { scheduler, runs, state } = rig();
    state.enabled = false;
    scheduler.start();
    expect(scheduler.nextRunAt).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * MIN);
    expect(runs).toEqual([]);
    state.enabled = true;
    scheduler.update();
    expect(scheduler.nextRunAt).toBe(Date.now() + 15 * MIN);
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect(runs.length).toBe(1);
    // Switched off between two runs: the armed tick does nothing and arms nothing.
    state.enabled = false;
    await vi.advanceTimersByTimeAsync(15 * MIN);
    expect(runs.length).toBe(1);
    expect(scheduler.nextRunAt).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    scheduler.stop();
  });

  it('takes a new interval at once, and can run soon after connecting', async () => {
    const { scheduler, runs } = rig();
    scheduler.start();
    scheduler.update({ intervalMs: 5 * MIN });
    expect(scheduler.nextRunAt).toBe(Date.now() + 5 * MIN);
    scheduler.update({ soon: true });
    expect(scheduler.nextRunAt).toBe(Date.now() + 10_000);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs.length).toBe(1);
    expect(scheduler.nextRunAt).toBe(Date.now() + 5 * MIN);
    expect(() => scheduler.update({ intervalMs: 0 })).toThrow(RangeError);
    scheduler.stop();
  });

  it('counts the next background sync from a sync the user ran', async () => {
    const { scheduler, runs } = rig();
    scheduler.start();
    await vi.advanceTimersByTimeAsync(5 * MIN);
    expect(runs.length).toBe(1); // the first one, 10 s after the start
    scheduler.ranOutside('completed');
    expect(scheduler.nextRunAt).toBe(Date.now() + 15 * MIN);
    scheduler.ranOutside('failed');
    expect(scheduler.nextRunAt).toBe(Date.now() + MIN);
    scheduler.ranOutside('skipped'); // changes nothing
    expect(scheduler.nextRunAt).toBe(Date.now() + MIN);
    await vi.advanceTimersByTimeAsync(MIN);
    expect(runs.length).toBe(2);
    scheduler.stop();
  });

  it('stops for good: a run in progress finishes and nothing follows it', async () => {
    const { scheduler, runs, state, schedules } = rig();
    state.runMs = 30_000;
    scheduler.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs.length).toBe(1);
    scheduler.stop();
    await vi.advanceTimersByTimeAsync(2 * 60 * MIN);
    expect(runs.length).toBe(1);
    expect(scheduler.nextRunAt).toBeNull();
    expect(vi.getTimerCount()).toBe(0);
    expect(schedules.at(-1)).toBeNull();
  });
});
