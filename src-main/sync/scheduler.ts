// Background sync on an interval (docs/sync.md): the workstation syncs by itself while it is
// connected to a platform. Pure scheduling, no I/O: what a sync is, whether one may run now and
// whether background sync is on at all are the caller's (src-main/app/sync-service/), so
// this is unit-tested with fake timers.
//
// - One timer at a time (a chain of timeouts, not an interval): runs never overlap, and the next
//   one is counted from the end of the previous one.
// - A tick while a sync runs (the user's, or another process's holding sync.lock) is skipped and
//   tried again after `busyRetryMs`.
// - A sync that could not complete (offline, platform failing) is tried again sooner than the
//   interval: retryMs, doubled per failure, at most the interval. So the workstation notices
//   within a minute or two that the platform is back, without hammering it.
// - Off (enabled() false: not connected, or background sync switched off): no timer at all.

export type ScheduledRunOutcome = 'completed' | 'failed' | 'skipped';

export interface SchedulerTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

/** The global timers, looked up at call time (so fake timers installed later apply). */
const GLOBAL_TIMERS: SchedulerTimers = {
  setTimeout: (callback, ms) => {
    const handle = globalThis.setTimeout(callback, ms);
    // A background schedule never keeps a process alive on its own.
    (handle as { unref?: () => void }).unref?.();
    return handle;
  },
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  now: () => Date.now(),
};

export interface SyncSchedulerOptions {
  /** Time between the end of one background sync and the start of the next. */
  intervalMs: number;
  /** Whether background sync is on (connected, switched on). Asked before arming and at every tick. */
  enabled: () => boolean;
  /** A sync is running, or another process holds the lock: this tick is skipped. */
  busy: () => boolean;
  /** One background sync. Resolves how it went; a rejection counts as 'failed'. */
  run: () => Promise<ScheduledRunOutcome>;
  /** First run after start() (default 10 s): a workstation that was closed catches up soon. */
  firstDelayMs?: number;
  /** First retry after a failed sync (default 60 s), doubled per failure, at most the interval. */
  retryMs?: number;
  /** Retry after a skipped tick (default 60 s, at most the interval). */
  busyRetryMs?: number;
  timers?: SchedulerTimers;
  /** Told whenever the next run time changes (null: nothing scheduled). */
  onSchedule?: (nextRunAt: number | null) => void;
}

export class SyncScheduler {
  private intervalMs: number;
  private readonly timers: SchedulerTimers;
  private handle: unknown = null;
  private due: number | null = null;
  private started = false;
  private ticking = false;
  private failureCount = 0;

  constructor(private readonly options: SyncSchedulerOptions) {
    this.intervalMs = SyncScheduler.checkInterval(options.intervalMs);
    this.timers = options.timers ?? GLOBAL_TIMERS;
  }

  private static checkInterval(ms: number): number {
    if (!Number.isFinite(ms) || ms <= 0) throw new RangeError(`the sync interval must be a positive number of ms, not ${ms}`);
    return ms;
  }

  /** When the next background sync is due (ms since the epoch), or null. */
  get nextRunAt(): number | null {
    return this.due;
  }

  /** Background syncs in a row that could not complete. */
  get failures(): number {
    return this.failureCount;
  }

  get interval(): number {
    return this.intervalMs;
  }

  /** Arms the first run (after firstDelayMs) when background sync is on. */
  start(): void {
    this.started = true;
    this.arm(this.options.firstDelayMs ?? 10_000);
  }

  /** No more runs (a run in progress finishes; nothing follows it). */
  stop(): void {
    this.started = false;
    this.disarm();
  }

  /**
   * The settings changed (interval, connection, on/off): re-arms an interval from now, or
   * disarms when background sync is now off. `soon` runs after firstDelayMs instead (a platform
   * just connected).
   */
  update(change: { intervalMs?: number; soon?: boolean } = {}): void {
    if (change.intervalMs !== undefined) this.intervalMs = SyncScheduler.checkInterval(change.intervalMs);
    if (!this.started || this.ticking) return;
    this.failureCount = 0;
    this.arm(change.soon ? (this.options.firstDelayMs ?? 10_000) : this.intervalMs);
  }

  /**
   * A sync ran outside the schedule (the user's "Sync now"): the next background sync is an
   * interval after it, or a retry delay when it failed.
   */
  ranOutside(outcome: ScheduledRunOutcome): void {
    if (outcome === 'skipped') return;
    this.failureCount = outcome === 'completed' ? 0 : this.failureCount + 1;
    if (!this.started || this.ticking) return;
    this.arm(this.delayAfter(outcome));
  }

  private delayAfter(outcome: ScheduledRunOutcome): number {
    if (outcome === 'completed') return this.intervalMs;
    if (outcome === 'skipped') return Math.min(this.intervalMs, this.options.busyRetryMs ?? 60_000);
    const retry = (this.options.retryMs ?? 60_000) * 2 ** Math.max(0, this.failureCount - 1);
    return Math.min(this.intervalMs, retry);
  }

  private disarm(): void {
    if (this.handle !== null) this.timers.clearTimeout(this.handle);
    this.handle = null;
    if (this.due !== null) {
      this.due = null;
      this.options.onSchedule?.(null);
    }
  }

  private arm(delayMs: number): void {
    this.disarm();
    if (!this.started || !this.options.enabled()) return;
    this.due = this.timers.now() + delayMs;
    this.handle = this.timers.setTimeout(() => void this.tick(), delayMs);
    this.options.onSchedule?.(this.due);
  }

  private async tick(): Promise<void> {
    this.handle = null;
    this.due = null;
    if (!this.started) return;
    if (!this.options.enabled()) {
      this.options.onSchedule?.(null);
      return;
    }
    if (this.options.busy()) {
      this.arm(this.delayAfter('skipped'));
      return;
    }
    this.ticking = true;
    this.options.onSchedule?.(null);
    let outcome: ScheduledRunOutcome;
    try {
      outcome = await this.options.run();
    } catch {
      outcome = 'failed';
    } finally {
      this.ticking = false;
    }
    if (outcome === 'completed') this.failureCount = 0;
    else if (outcome === 'failed') this.failureCount += 1;
    this.arm(this.delayAfter(outcome));
  }
}
