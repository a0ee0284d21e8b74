import type { SyncMode, SyncProgressView, SyncRunRecord, SyncStatusView, SyncSummaryView, SyncTrigger, SyncConnection } from '../../contract';
import { getSetting, getSyncState, LINKED_REMOTE_KEY, outboxCounts, setSetting } from '../../store';
import { acquireSyncLock, changedDeals, pulledDealHashes, runSync, SyncError, SyncLockedError, type SyncEvent } from '../../sync';
import { describeError, LAST_RUN_KEY, LAST_SUCCESS_KEY, SyncServiceError, type SyncCore } from './core';

// One sync at a time with its progress and cancel, and the status the UI shows (sync.status, the sync.status event).

/** More changed deals than this: invalidate everything rather than list them. */
const CHANGED_LIST_LIMIT = 2_000;
/** Progress events reach the UI at most this often (phase changes at once). */
const PROGRESS_EMIT_MS = 100;

function summaryView(summary: SyncSummaryView): SyncSummaryView {
  const { remoteDeals, pulled, unchanged, removed, pushed, created, conflicts, rejected, queued, inexact, requests, retries, durationMs } = summary;
  return { remoteDeals, pulled, unchanged, removed, pushed, created, conflicts, rejected, queued, inexact, requests, retries, durationMs };
}

/** The whole sync as one percentage: connect and recover first, then pull, then push. */
export function syncPercent(mode: SyncMode, phase: SyncProgressView['phase'], done: number, total: number): number {
  if (phase === 'done') return 100;
  const fraction = total > 0 ? Math.min(1, done / total) : 0;
  if (phase === 'connect' || phase === 'recover') return 2;
  if (mode === 'full') return Math.round(phase === 'pull' ? 2 + 78 * fraction : 80 + 20 * fraction);
  return Math.round(2 + 98 * fraction);
}

/** The status and its events; `nextRunAt` is the scheduler's next background sync (ms), if any. */
export function statusReporter(core: Omit<SyncCore, 'emitStatus' | 'emitStatusSoon' | 'flushStatus'>, nextRunAt: () => number | null) {
  const { db, secrets, launch, loadSettings, isConfigured } = core;
  let emitTimer: ReturnType<typeof setTimeout> | null = null;
  let lastEmit = 0;

  function status(): SyncStatusView {
    const settings = loadSettings();
    const info = secrets.info();
    const configured = isConfigured(settings);
    let connection: SyncConnection;
    if (launch.current) connection = 'syncing';
    else if (!configured) connection = 'not-connected';
    else connection = launch.contact.state;
    const next = nextRunAt();
    return {
      settings: { ...settings },
      secret: {
        stored: launch.secretStored,
        source: launch.secretStored ? info.source : null,
        storage: info.storage,
        persistent: info.persistent,
        warning: info.warning,
      },
      configured,
      linkedTo: getSyncState(db, LINKED_REMOTE_KEY) ?? null,
      connection,
      lastError: launch.contact.state === 'offline' ? launch.contact.error : null,
      running: launch.current ? { ...launch.current.progress } : null,
      last: getSetting<SyncRunRecord>(db, LAST_RUN_KEY) ?? null,
      lastSuccessAt: getSetting<string>(db, LAST_SUCCESS_KEY) ?? null,
      nextRunAt: next !== null && configured && settings.autoSync ? new Date(next).toISOString() : null,
      outbox: outboxCounts(db),
    };
  }

  function emitStatus(): void {
    if (launch.closed) return;
    if (emitTimer !== null) clearTimeout(emitTimer);
    emitTimer = null;
    lastEmit = Date.now();
    core.options.emit('sync.status', status());
  }

  /** At most one status event per PROGRESS_EMIT_MS; the last one always goes out. */
  function emitStatusSoon(): void {
    if (launch.closed || emitTimer !== null) return;
    const wait = Math.max(0, lastEmit + PROGRESS_EMIT_MS - Date.now());
    if (wait === 0) return emitStatus();
    emitTimer = setTimeout(emitStatus, wait);
    emitTimer.unref?.();
  }

  function flushStatus(): void {
    if (emitTimer !== null) emitStatus();
  }

  return {
    status,
    emitStatus,
    emitStatusSoon,
    flushStatus,
    /** Stops a status event still waiting to go out (the service is closing). */
    stop() {
      if (emitTimer !== null) clearTimeout(emitTimer);
      emitTimer = null;
    },
  };
}

/** `ranOutside`: the scheduler hears of a manual sync's outcome (it reschedules the next one). */
export function syncRuns(core: SyncCore, ranOutside: (outcome: 'failed' | 'completed') => void) {
  const { db, dataDir, launch, now, loadSettings, readSecret, emitStatus, emitStatusSoon, flushStatus } = core;

  function onEvent(progress: SyncProgressView, mode: SyncMode, event: SyncEvent): void {
    switch (event.type) {
      case 'phase':
        // The phase that ends shows where it ended (its last progress, held back by the
        // throttle) before the next one starts.
        flushStatus();
        progress.phase = event.phase;
        progress.detail = event.detail ?? null;
        if (event.phase === 'push' || event.phase === 'pull') {
          progress.done = 0;
          progress.total = 0;
        }
        progress.percent = Math.max(progress.percent, syncPercent(mode, event.phase, progress.done, progress.total));
        emitStatus();
        return;
      case 'progress':
        progress.phase = event.phase;
        progress.done = event.done;
        progress.total = event.total;
        progress.percent = Math.max(progress.percent, syncPercent(mode, event.phase, event.done, event.total));
        emitStatusSoon();
        return;
      case 'retry':
        progress.retries += 1;
        emitStatusSoon();
        return;
      case 'warning':
        progress.detail = event.message;
        emitStatusSoon();
        return;
    }
  }

  async function run({ mode = 'full', trigger = 'manual' }: { mode?: SyncMode; trigger?: SyncTrigger } = {}): Promise<SyncRunRecord> {
    if (launch.closed) throw new SyncServiceError('The workstation is closing.', { code: 'Closed' });
    if (launch.current) throw new SyncServiceError('A sync is already running.', { code: 'SyncBusy' });
    const settings = loadSettings();
    const secret = readSecret();
    launch.secretStored = secret !== null;
    if (!settings.baseUrl || !settings.clientId || !secret) {
      throw new SyncServiceError('Connect to a central platform first: its address, a client id and its secret.', { code: 'SyncNotConfigured' });
    }
    let release: () => void;
    try {
      release = acquireSyncLock(dataDir);
    } catch (error) {
      if (error instanceof SyncLockedError) {
        throw new SyncServiceError(`Another sync of this data directory is running (process ${error.pid}, e.g. uw sync). Try again when it has finished.`, {
          code: 'SyncBusy',
        });
      }
      throw error;
    }

    const startedAt = now().toISOString();
    const abort = new AbortController();
    const progress: SyncProgressView = { trigger, mode, phase: 'connect', detail: settings.baseUrl, done: 0, total: 0, percent: 0, retries: 0, startedAt, cancelling: false };
    let finish!: (record: SyncRunRecord) => void;
    launch.current = { abort, progress, done: new Promise<SyncRunRecord>((resolve) => (finish = resolve)) };
    let before: Map<string, string> | null = null;
    let record: SyncRunRecord;
    try {
      emitStatus();
      before = pulledDealHashes(db);
      const summary = await runSync({
        roundDelayMs: 500,
        ...core.options.engine,
        db,
        remote: { baseUrl: settings.baseUrl, authUrl: settings.authUrl ?? undefined, clientId: settings.clientId, clientSecret: secret },
        mode,
        respectBackoff: trigger === 'background',
        signal: abort.signal,
        onEvent: (event) => onEvent(progress, mode, event),
      });
      record = { trigger, mode, startedAt, finishedAt: now().toISOString(), outcome: 'completed', summary: summaryView(summary), error: null };
      launch.contact = { state: 'online', error: null };
    } catch (error) {
      const finishedAt = now().toISOString();
      const message = describeError(error, secret);
      if (error instanceof SyncError && error.kind === 'aborted') {
        record = { trigger, mode, startedAt, finishedAt, outcome: 'cancelled', summary: null, error: null };
      } else {
        if (!(error instanceof SyncError)) core.options.log(`sync failed unexpectedly: ${message}`);
        if (error instanceof SyncError && (error.kind === 'unavailable' || error.kind === 'auth' || error.kind === 'protocol')) launch.contact = { state: 'offline', error: message };
        // Failed here, after the platform listed its deals: it was reached.
        else if (progress.phase !== 'connect' && progress.phase !== 'recover') launch.contact = { state: 'online', error: null };
        record = { trigger, mode, startedAt, finishedAt, outcome: 'failed', summary: null, error: message };
      }
    } finally {
      release();
    }
    launch.current = null;
    finish(record);
    if (!launch.closed) {
      setSetting(db, LAST_RUN_KEY, record);
      if (record.outcome === 'completed') setSetting(db, LAST_SUCCESS_KEY, record.finishedAt);
      // Whatever the sync committed (also before a failure) is on screen at once.
      if (before) {
        const changed = changedDeals(before, pulledDealHashes(db));
        if ((record.summary?.created ?? 0) > 0 || changed.length > CHANGED_LIST_LIMIT) core.options.onDealsChanged(null);
        else if (changed.length > 0) core.options.onDealsChanged(changed);
      }
      emitStatus();
      if (trigger === 'manual') ranOutside(record.outcome === 'failed' ? 'failed' : 'completed');
    }
    return record;
  }

  function cancel(): { cancelling: boolean } {
    if (!launch.current) return { cancelling: false };
    launch.current.progress.cancelling = true;
    launch.current.abort.abort();
    emitStatus();
    return { cancelling: true };
  }

  return { run, cancel };
}
