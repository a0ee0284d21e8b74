import { createHash } from 'node:crypto';
import type { SyncConfigureInput, SyncStatusView, SyncTestInput, SyncTestResult } from '../../contract';
import { getSetting, getSyncState, LINKED_REMOTE_KEY, setSetting, type SqliteHandle } from '../../store';
import { createRemoteClient, normaliseUrl, SyncError } from '../../sync';
import { SecretStoreError, type SecretStore } from '../sync-secret';
import { DEFAULT_SETTINGS, describeError, SETTINGS_KEY, SyncServiceError, type StoredSettings, type SyncCore } from './core';

// The connection's settings and its secret: read, saved (sync.configure) and tried (sync.testConnection).

/** The stored settings and the kept secret, as the service reads them. */
export function settingsReader(db: SqliteHandle, secrets: SecretStore, log: (message: string) => void) {
  return {
    loadSettings(): StoredSettings {
      const stored = getSetting<Partial<StoredSettings>>(db, SETTINGS_KEY) ?? {};
      return { ...DEFAULT_SETTINGS, ...stored };
    },
    readSecret(): string | null {
      try {
        return secrets.read();
      } catch (error) {
        // A secret that cannot be decrypted (another user's keychain, a corrupted file) counts as none.
        log(`the stored client secret cannot be read: ${describeError(error, null)}`);
        return null;
      }
    },
  };
}

const identityOf = (baseUrl: string, authUrl: string | null, clientId: string, secret: string) =>
  createHash('sha256').update(JSON.stringify([baseUrl, authUrl, clientId, secret])).digest('hex');

export function connectionActions(core: SyncCore, hooks: { status(): SyncStatusView; intervalChanged(intervalMs: number): void }) {
  const { db, secrets, launch, loadSettings, readSecret, emitStatus } = core;

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
    if (launch.current && identityChanged) {
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
      core.options.log(`the client secret could not be stored: ${describeError(error, input.secret ?? null)}`);
      throw new SyncServiceError('The client secret could not be stored. See the application log.', { code: 'SecretStore', target: 'secret' });
    }
    if (input.secret !== undefined) launch.secretStored = true;
    if (input.clearSecret) launch.secretStored = readSecret() !== null;

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
      const tested = launch.reached !== null && secret !== null && settings.baseUrl !== null && settings.clientId !== null && launch.reached === identityOf(settings.baseUrl, settings.authUrl, settings.clientId, secret);
      launch.contact = tested ? { state: 'online', error: null } : { state: 'unknown', error: null };
    }
    hooks.intervalChanged(settings.intervalMinutes * 60_000);
    emitStatus();
    return hooks.status();
  }

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
        timeoutMs: core.options.engine?.timeoutMs ?? 15_000,
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
    launch.reached = result.ok ? identityOf(baseUrl, authUrl, clientId, secret) : null;
    // The saved connection's test says whether the workstation is online.
    if (isSaved && !launch.current && !launch.closed) {
      launch.contact = result.ok ? { state: 'online', error: null } : { state: 'offline', error: result.message };
      emitStatus();
    }
    return result;
  }

  return { configure, testConnection };
}
