import {
  type CallErrorDetails,
  SYNC_INTERVAL_MINUTES,
  type SyncConfigureInput,
  type SyncConnection,
  type SyncMode,
  type SyncOutboxItem,
  type SyncOutboxStatus,
  type SyncOutboxView,
  type SyncProgressView,
  type SyncRunRecord,
  type SyncStatusView,
  type SyncSummaryView,
  type SyncTestInput,
  type SyncTestResult,
  type SyncTrigger,
} from '../contract';
import {
  CREATE_FIELD,
  dealRows,
  getSetting,
  getSyncState,
  LINKED_REMOTE_KEY,
  localOnlyCounts,
  outboxCounts,
  setSetting,
  type SqliteHandle,
} from '../store';
import {
  acquireSyncLock,
  changedDeals,
  createRemoteClient,
  keepMine,
  listOutbox,
  normaliseUrl,
  pulledDealHashes,
  runSync,
  SyncError,
  SyncLockedError,
  syncLockHolder,
  SyncScheduler,
  takeTheirs,
  type OutboxItem,
  type ScheduledRunOutcome,
  type SyncEvent,
} from '../sync';
import { createHash } from 'node:crypto';
import type { Emit, SyncEnvironment } from './environment';
import { createFileSecretStore, SecretStoreError, type SecretStore } from './sync-secret';

/*
 * Sync with the central platform, as the workstation UI drives it (docs/sync.md): the
 * connection settings (the secret behind a SecretStore port), a connection test, one sync at a
 * time with progress events and cancel, the outbox and its conflicts, and background sync on an
 * interval (SyncScheduler). The channel table (channels.ts) exposes it as the sync.* channels.
 *
 * - One sync per data directory at a time, across processes: the sync.lock `uw sync` takes.
 * - The secret is read from the store when a sync or a test needs it and handed to the remote
 *   client; it is never part of a status, a result, an event, an error or a log line.
 * - After a sync, the deals whose pulled graph changed (shadow listings compared before and
 *   after) are reported through onDealsChanged: the pipeline forgets their figures and open
 *   screens refetch (data.changed).
 */

const SETTINGS_KEY = 'sync.settings';
const LAST_RUN_KEY = 'sync.lastRun';
const LAST_SUCCESS_KEY = 'sync.lastSuccessAt';
/** More changed deals than this: invalidate everything rather than list them. */
const CHANGED_LIST_LIMIT = 2_000;
/** Outbox rows listed besides every conflict and rejected edit (the counts say how many there are). */
const QUEUED_LIST_LIMIT = 500;
/** Progress events reach the UI at most this often (phase changes at once). */
const PROGRESS_EMIT_MS = 100;

interface StoredSettings {
  baseUrl: string | null;
  authUrl: string | null;
  clientId: string | null;
  autoSync: boolean;
  intervalMinutes: number;
}

const DEFAULT_SETTINGS: StoredSettings = {
  baseUrl: null,
  authUrl: null,
  clientId: null,
  autoSync: true,
  intervalMinutes: SYNC_INTERVAL_MINUTES.default,
};

/** A refusal of a sync channel, with the details the UI places it by (channels.ts makes it a ChannelError). */
export class SyncServiceError extends Error {
  constructor(
    message: string,
    readonly details: CallErrorDetails,
  ) {
    super(message);
    this.name = 'SyncServiceError';
  }
}

export interface SyncServiceOptions extends SyncEnvironment {
  db: SqliteHandle;
  dataDir: string;
  emit: Emit;
  log: (message: string) => void;
  /** The working copy of these deals (null: of any deal) changed through sync. */
  onDealsChanged: (dealIds: string[] | null) => void;
  now?: () => Date;
}

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

/** The one-line message of anything thrown, with the secret (should it ever be there) masked. */
function describeError(error: unknown, secret: string | null): string {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  return secret ? message.split(secret).join('***') : message;
}

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

export function createSyncService(options: SyncServiceOptions): SyncService {
  const { db, dataDir } = options;
  const secrets: SecretStore = options.secrets ?? createFileSecretStore(dataDir);
  const now = options.now ?? (() => new Date());
  let closed = false;

  // --- settings and the secret's presence ---------------------------------------------------

  function loadSettings(): StoredSettings {
    const stored = getSetting<Partial<StoredSettings>>(db, SETTINGS_KEY) ?? {};
    return { ...DEFAULT_SETTINGS, ...stored };
  }

  function readSecret(): string | null {
    try {
      return secrets.read();
    } catch (error) {
      // A secret that cannot be decrypted (another user's keychain, a corrupted file) counts as none.
      options.log(`the stored client secret cannot be read: ${describeError(error, null)}`);
      return null;
    }
  }

  let secretStored = readSecret() !== null;

  const isConfigured = (settings = loadSettings()) => !!settings.baseUrl && !!settings.clientId && secretStored;

  // --- state of this launch -----------------------------------------------------------------

  let contact: { state: 'unknown' | 'online' | 'offline'; error: string | null } = { state: 'unknown', error: null };
  /**
   * The connection a test just reached (address, auth address, client id, and a hash of the
   * secret: never the secret itself): saving exactly that connection keeps the workstation
   * online, so the form's "Connected" never stands beside a header that has not checked.
   */
  let reached: string | null = null;
  const identityOf = (baseUrl: string, authUrl: string | null, clientId: string, secret: string) =>
    createHash('sha256').update(JSON.stringify([baseUrl, authUrl, clientId, secret])).digest('hex');
  let current: { abort: AbortController; progress: SyncProgressView; done: Promise<SyncRunRecord> } | null = null;
  let emitTimer: ReturnType<typeof setTimeout> | null = null;
  let lastEmit = 0;

  const scheduler = new SyncScheduler({
    intervalMs: loadSettings().intervalMinutes * 60_000,
    enabled: () => !closed && loadSettings().autoSync && isConfigured(),
    busy: () => current !== null || syncLockHolder(dataDir) !== null,
    run: async (): Promise<ScheduledRunOutcome> => {
      try {
        const record = await run({ trigger: 'background' });
        return record.outcome === 'failed' ? 'failed' : 'completed';
      } catch {
        return 'skipped';
      }
    },
    firstDelayMs: options.firstDelayMs,
    onSchedule: () => emitStatusSoon(),
  });

  function status(): SyncStatusView {
    const settings = loadSettings();
    const info = secrets.info();
    const configured = isConfigured(settings);
    let connection: SyncConnection;
    if (current) connection = 'syncing';
    else if (!configured) connection = 'not-connected';
    else connection = contact.state;
    const next = scheduler.nextRunAt;
    return {
      settings: { ...settings },
      secret: {
        stored: secretStored,
        source: secretStored ? info.source : null,
        storage: info.storage,
        persistent: info.persistent,
        warning: info.warning,
      },
      configured,
      linkedTo: getSyncState(db, LINKED_REMOTE_KEY) ?? null,
      connection,
      lastError: contact.state === 'offline' ? contact.error : null,
      running: current ? { ...current.progress } : null,
      last: getSetting<SyncRunRecord>(db, LAST_RUN_KEY) ?? null,
      lastSuccessAt: getSetting<string>(db, LAST_SUCCESS_KEY) ?? null,
      nextRunAt: next !== null && configured && settings.autoSync ? new Date(next).toISOString() : null,
      outbox: outboxCounts(db),
    };
  }

  function emitStatus(): void {
    if (closed) return;
    if (emitTimer !== null) clearTimeout(emitTimer);
    emitTimer = null;
    lastEmit = Date.now();
    options.emit('sync.status', status());
  }

  /** At most one status event per PROGRESS_EMIT_MS; the last one always goes out. */
  function emitStatusSoon(): void {
    if (closed || emitTimer !== null) return;
    const wait = Math.max(0, lastEmit + PROGRESS_EMIT_MS - Date.now());
    if (wait === 0) return emitStatus();
    emitTimer = setTimeout(emitStatus, wait);
    emitTimer.unref?.();
  }

  // --- configure ----------------------------------------------------------------------------

  function configure(input: SyncConfigureInput): SyncStatusView {
    const before = loadSettings();
    const baseUrl = normaliseUrl(input.baseUrl);
    const authUrl = input.authUrl ? normaliseUrl(input.authUrl) : null;
    const clientId = input.clientId.trim();
    const identityChanged = baseUrl !== before.baseUrl || authUrl !== before.authUrl || clientId !== before.clientId || input.secret !== undefined || !!input.clearSecret;

    const linked = getSyncState(db, LINKED_REMOTE_KEY);
    if (linked !== undefined && linked !== baseUrl) {
      throw new SyncServiceError(
        `This data directory is linked to ${linked} (it synced with it before) and cannot sync with another platform. Use another data directory for ${baseUrl}.`,
        { code: 'LinkedElsewhere', target: 'baseUrl' },
      );
    }
    if (current && identityChanged) {
      throw new SyncServiceError('A sync is running: cancel it or wait for it to finish before changing the connection.', { code: 'SyncBusy' });
    }
    if (input.secret !== undefined && input.clearSecret) {
      throw new SyncServiceError('Enter a new secret or forget the stored one, not both.', { code: 'InvalidInput', target: 'secret' });
    }
    try {
      if (input.secret !== undefined) secrets.write(input.secret);
      if (input.clearSecret) secrets.clear();
    } catch (error) {
      if (error instanceof SecretStoreError) throw new SyncServiceError(error.message, { code: 'SecretStore', target: 'secret' });
      options.log(`the client secret could not be stored: ${describeError(error, input.secret ?? null)}`);
      throw new SyncServiceError('The client secret could not be stored. See the application log.', { code: 'SecretStore', target: 'secret' });
    }
    if (input.secret !== undefined) secretStored = true;
    if (input.clearSecret) secretStored = readSecret() !== null;

    const settings: StoredSettings = {
      baseUrl,
      authUrl,
      clientId,
      autoSync: input.autoSync ?? before.autoSync,
      intervalMinutes: input.intervalMinutes ?? before.intervalMinutes,
    };
    setSetting(db, SETTINGS_KEY, settings);
    if (identityChanged) {
      const secret = readSecret();
      const tested = reached !== null && secret !== null && settings.baseUrl !== null && settings.clientId !== null && reached === identityOf(settings.baseUrl, settings.authUrl, settings.clientId, secret);
      contact = tested ? { state: 'online', error: null } : { state: 'unknown', error: null };
    }
    scheduler.update({ intervalMs: settings.intervalMinutes * 60_000 });
    emitStatus();
    return status();
  }

  // --- connection test ----------------------------------------------------------------------

  async function testConnection(input: SyncTestInput): Promise<SyncTestResult> {
    const saved = loadSettings();
    const fromForm = input.baseUrl !== undefined;
    const baseUrl = input.baseUrl !== undefined ? normaliseUrl(input.baseUrl) : saved.baseUrl;
    const authUrl = input.authUrl !== undefined ? (input.authUrl ? normaliseUrl(input.authUrl) : null) : fromForm ? null : saved.authUrl;
    const clientId = input.clientId?.trim() ?? saved.clientId;
    const secret = input.secret ?? readSecret();
    if (!baseUrl || !clientId || !secret) {
      const missing = [!baseUrl && 'the address', !clientId && 'the client id', !secret && 'the client secret'].filter(Boolean).join(', ');
      return { ok: false, baseUrl, kind: 'incomplete', message: `Enter ${missing} of the platform first.` };
    }
    const isSaved = baseUrl === saved.baseUrl && authUrl === saved.authUrl && clientId === saved.clientId && (input.secret === undefined || input.secret === readSecret());
    const started = Date.now();
    let result: SyncTestResult;
    try {
      const client = createRemoteClient({
        baseUrl,
        authUrl: authUrl ?? undefined,
        clientId,
        clientSecret: secret,
        retry: { limit: 1, baseDelayMs: 250, maxDelayMs: 1_000, maxRetryAfterMs: 2_000 },
        timeoutMs: options.engine?.timeoutMs ?? 15_000,
      });
      const listed = await client.read('getAllDealIds');
      if (!listed.ok) {
        result = { ok: false, baseUrl, kind: 'protocol', message: `The platform refused to list its deals: ${listed.error.code} ${listed.error.message}` };
      } else {
        const linked = getSyncState(db, LINKED_REMOTE_KEY);
        result = {
          ok: true,
          baseUrl,
          dealCount: listed.body.dealIds.length,
          durationMs: Date.now() - started,
          warning:
            linked !== undefined && linked !== baseUrl
              ? `This data directory is linked to ${linked}: it cannot sync with ${baseUrl}.`
              : null,
        };
      }
    } catch (error) {
      const kind = error instanceof SyncError ? error.kind : 'protocol';
      result = { ok: false, baseUrl, kind, message: describeError(error, secret) };
    }
    reached = result.ok ? identityOf(baseUrl, authUrl, clientId, secret) : null;
    // The saved connection's test says whether the workstation is online.
    if (isSaved && !current && !closed) {
      contact = result.ok ? { state: 'online', error: null } : { state: 'offline', error: result.message };
      emitStatus();
    }
    return result;
  }

  // --- one sync -----------------------------------------------------------------------------

  function onEvent(progress: SyncProgressView, mode: SyncMode, event: SyncEvent): void {
    switch (event.type) {
      case 'phase':
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
    if (closed) throw new SyncServiceError('The workstation is closing.', { code: 'Closed' });
    if (current) throw new SyncServiceError('A sync is already running.', { code: 'SyncBusy' });
    const settings = loadSettings();
    const secret = readSecret();
    secretStored = secret !== null;
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
    current = { abort, progress, done: new Promise<SyncRunRecord>((resolve) => (finish = resolve)) };
    let before: Map<string, string> | null = null;
    let record: SyncRunRecord;
    try {
      emitStatus();
      before = pulledDealHashes(db);
      const summary = await runSync({
        roundDelayMs: 500,
        ...options.engine,
        db,
        remote: { baseUrl: settings.baseUrl, authUrl: settings.authUrl ?? undefined, clientId: settings.clientId, clientSecret: secret },
        mode,
        respectBackoff: trigger === 'background',
        signal: abort.signal,
        onEvent: (event) => onEvent(progress, mode, event),
      });
      record = { trigger, mode, startedAt, finishedAt: now().toISOString(), outcome: 'completed', summary: summaryView(summary), error: null };
      contact = { state: 'online', error: null };
    } catch (error) {
      const finishedAt = now().toISOString();
      const message = describeError(error, secret);
      if (error instanceof SyncError && error.kind === 'aborted') {
        record = { trigger, mode, startedAt, finishedAt, outcome: 'cancelled', summary: null, error: null };
      } else {
        if (!(error instanceof SyncError)) options.log(`sync failed unexpectedly: ${message}`);
        if (error instanceof SyncError && (error.kind === 'unavailable' || error.kind === 'auth' || error.kind === 'protocol')) contact = { state: 'offline', error: message };
        // Failed here, after the platform listed its deals: it was reached.
        else if (progress.phase !== 'connect' && progress.phase !== 'recover') contact = { state: 'online', error: null };
        record = { trigger, mode, startedAt, finishedAt, outcome: 'failed', summary: null, error: message };
      }
    } finally {
      release();
    }
    current = null;
    finish(record);
    if (!closed) {
      setSetting(db, LAST_RUN_KEY, record);
      if (record.outcome === 'completed') setSetting(db, LAST_SUCCESS_KEY, record.finishedAt);
      // Whatever the sync committed (also before a failure) is on screen at once.
      if (before) {
        const changed = changedDeals(before, pulledDealHashes(db));
        if ((record.summary?.created ?? 0) > 0 || changed.length > CHANGED_LIST_LIMIT) options.onDealsChanged(null);
        else if (changed.length > 0) options.onDealsChanged(changed);
      }
      emitStatus();
      if (trigger === 'manual') scheduler.ranOutside(record.outcome === 'failed' ? 'failed' : 'completed');
    }
    return record;
  }

  function cancel(): { cancelling: boolean } {
    if (!current) return { cancelling: false };
    current.progress.cancelling = true;
    current.abort.abort();
    emitStatus();
    return { cancelling: true };
  }

  // --- outbox and conflicts -----------------------------------------------------------------

  function dealNames(ids: readonly string[]): Map<string, string> {
    const names = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 500) for (const row of dealRows(db, ids.slice(i, i + 500))) names.set(row.id, row.seedName);
    return names;
  }

  function toView(item: OutboxItem, names: Map<string, string>): SyncOutboxItem {
    const created = item.field === CREATE_FIELD ? (item.mine as { dealName?: unknown } | null) : null;
    return {
      id: item.id,
      dealId: item.dealId,
      dealName: names.get(item.dealId) ?? (typeof created?.dealName === 'string' ? created.dealName : null),
      field: item.field,
      status: item.status,
      base: item.base ?? null,
      mine: item.mine ?? null,
      theirs: item.theirs ?? null,
      theirsKnown: item.theirs !== undefined,
      reason: item.reason,
      deletedRemotely: item.deletedRemotely,
      attempts: item.attempts,
      updatedAt: item.updatedAt,
    };
  }

  function outbox(): SyncOutboxView {
    const items = [...listOutbox(db, ['conflict', 'rejected']), ...listOutbox(db, ['pending', 'inflight', 'ambiguous'], QUEUED_LIST_LIMIT)].sort((a, b) => a.id - b.id);
    const names = dealNames([...new Set(items.map((i) => i.dealId))]);
    return { items: items.map((i) => toView(i, names)), counts: outboxCounts(db) as Record<SyncOutboxStatus, number>, localOnly: localOnlyCounts(db) };
  }

  function settle(id: number, action: 'keepMine' | 'takeTheirs'): SyncOutboxView {
    if (current) {
      throw new SyncServiceError('A sync is running: settle this edit once it has finished.', { code: 'SyncBusy' });
    }
    const row = listOutbox(db, ['conflict', 'rejected']).find((i) => i.id === id);
    try {
      if (action === 'keepMine') keepMine(db, id);
      else takeTheirs(db, id);
    } catch (error) {
      throw new SyncServiceError(describeError(error, null), { code: 'OutboxRow', target: 'id' });
    }
    if (action === 'takeTheirs' && row) options.onDealsChanged(row.field === CREATE_FIELD ? null : [row.dealId]);
    emitStatus();
    return outbox();
  }

  if (options.background !== false) scheduler.start();

  return {
    status,
    configure,
    testConnection,
    run,
    cancel,
    outbox,
    keepMine: (id) => settle(id, 'keepMine'),
    takeTheirs: (id) => settle(id, 'takeTheirs'),
    async idle() {
      while (current) await current.done;
    },
    close() {
      closed = true;
      scheduler.stop();
      if (emitTimer !== null) clearTimeout(emitTimer);
      emitTimer = null;
      current?.abort.abort();
    },
  };
}
