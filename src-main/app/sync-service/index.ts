import type { SyncConfigureInput, SyncMode, SyncOutboxView, SyncRunRecord, SyncStatusView, SyncTestInput, SyncTestResult, SyncTrigger } from '../../contract';
import { syncLockHolder, SyncScheduler, type ScheduledRunOutcome } from '../../sync';
import { createFileSecretStore, type SecretStore } from '../sync-secret';
import type { SyncCore, SyncLaunch, SyncServiceOptions } from './core';
import { outboxActions } from './outbox';
import { statusReporter, syncRuns } from './run';
import { connectionActions, settingsReader } from './settings';

export { SyncServiceError, type SyncServiceOptions } from './core';
export { syncPercent } from './run';

/*
 * Sync with the central platform, as the workstation UI drives it (docs/sync.md): the
 * connection settings (the secret behind a SecretStore port), a connection test, one sync at a
 * time with progress events and cancel, the outbox and its conflicts, and background sync on an
 * interval (SyncScheduler). The channel table exposes it as the sync.* channels (channels/sync.ts).
 *
 * In parts: the connection's settings and secret (settings.ts), one sync and the status
 * (run.ts), the outbox (outbox.ts), over the state they share (core.ts).
 *
 * - One sync per data directory at a time, across processes: the sync.lock `uw sync` takes.
 * - The secret is read from the store when a sync or a test needs it and handed to the remote
 *   client; it is never part of a status, a result, an event, an error or a log line.
 * - After a sync, the deals whose pulled graph changed (shadow listings compared before and
 *   after) are reported through onDealsChanged: the pipeline forgets their figures and open
 *   screens refetch (data.changed).
 */

export interface SyncService {
  status(): SyncStatusView;
  configure(input: SyncConfigureInput): SyncStatusView;
  testConnection(input: SyncTestInput): Promise<SyncTestResult>;
  /** Runs one sync and resolves its record (a failed or cancelled sync is a record, not an error). */
  run(options?: { mode?: SyncMode; trigger?: SyncTrigger }): Promise<SyncRunRecord>;
  cancel(): { cancelling: boolean };
  outbox(): SyncOutboxView;
  keepMine(id: number): SyncOutboxView;
  takeTheirs(id: number): SyncOutboxView;
  /** Resolves once no sync runs (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

export function createSyncService(options: SyncServiceOptions): SyncService {
  const { db, dataDir } = options;
  const secrets: SecretStore = options.secrets ?? createFileSecretStore(dataDir);
  const { loadSettings, readSecret } = settingsReader(db, secrets, options.log);
  const launch: SyncLaunch = { closed: false, contact: { state: 'unknown', error: null }, reached: null, current: null, secretStored: readSecret() !== null };
  const base = {
    options,
    db,
    dataDir,
    secrets,
    now: options.now ?? (() => new Date()),
    launch,
    loadSettings,
    readSecret,
    isConfigured: (settings = loadSettings()) => !!settings.baseUrl && !!settings.clientId && launch.secretStored,
  };
  // The scheduler is made below: the status reads its next run only when asked.
  const reporter = statusReporter(base, () => scheduler.nextRunAt);
  const core: SyncCore = { ...base, emitStatus: reporter.emitStatus, emitStatusSoon: reporter.emitStatusSoon, flushStatus: reporter.flushStatus };
  const runs = syncRuns(core, (outcome) => scheduler.ranOutside(outcome));
  const connection = connectionActions(core, { status: reporter.status, intervalChanged: (intervalMs) => scheduler.update({ intervalMs }) });
  const outbox = outboxActions(core);

  const scheduler = new SyncScheduler({
    intervalMs: loadSettings().intervalMinutes * 60_000,
    enabled: () => !launch.closed && loadSettings().autoSync && core.isConfigured(),
    busy: () => launch.current !== null || syncLockHolder(dataDir) !== null,
    run: async (): Promise<ScheduledRunOutcome> => {
      try {
        const record = await runs.run({ trigger: 'background' });
        return record.outcome === 'failed' ? 'failed' : 'completed';
      } catch {
        return 'skipped';
      }
    },
    firstDelayMs: options.firstDelayMs,
    onSchedule: () => reporter.emitStatusSoon(),
  });

  if (options.background !== false) scheduler.start();

  return {
    status: reporter.status,
    configure: connection.configure,
    testConnection: connection.testConnection,
    run: runs.run,
    cancel: runs.cancel,
    outbox: outbox.outbox,
    keepMine: outbox.keepMine,
    takeTheirs: outbox.takeTheirs,
    async idle() {
      while (launch.current) await launch.current.done;
    },
    close() {
      launch.closed = true;
      scheduler.stop();
      reporter.stop();
      launch.current?.abort.abort();
    },
  };
}
