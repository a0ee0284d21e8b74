import { chmodSync, closeSync, fstatSync, openSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/*
 * Where the client secret of the central platform is kept (docs/sync.md: Electron
 * safeStorage, warn on `basic_text`; headless: a 0600 file or the environment; never logged).
 *
 * The channel table sees only this port. Implementations:
 *   - src-main/electron/secret-store.ts: encrypted with Electron safeStorage (the OS keychain);
 *   - createFileSecretStore: web mode / headless, a file only its owner can read, in the data
 *     directory;
 *   - withEnvironmentSecret: UW_CLIENT_SECRET, when set, wins (and cannot be changed from the UI);
 *   - createMemorySecretStore: for the session only (no keychain at all).
 *
 * The secret leaves the main process only towards the platform's token endpoint: the UI learns
 * whether one is stored, never the value.
 */

export interface SecretStoreInfo {
  /** How the secret is kept, in words, for the sync panel. */
  storage: string;
  /** False: kept only until the process ends. */
  persistent: boolean;
  /** What the user should know (e.g. no OS keyring: obfuscated, not encrypted), or null. */
  warning: string | null;
  /** Where the secret comes from: the store, or the environment (read-only). */
  source: 'stored' | 'environment';
}

export interface SecretStore {
  info(): SecretStoreInfo;
  /** The stored secret, or null. */
  read(): string | null;
  write(secret: string): void;
  clear(): void;
}

/** A write the store refuses (the environment provides the secret, no keychain...). */
export class SecretStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretStoreError';
  }
}

/** The file of the headless store in a data directory. */
export const SECRET_FILE = 'sync-client-secret';
/** The file of the Electron store in a data directory (safeStorage-encrypted bytes). */
export const ENCRYPTED_SECRET_FILE = 'sync-client-secret.enc';

/**
 * Writes `data` to `file` readable and writable by its owner only (0600), atomically: a
 * temporary file created 0600 (never wider, whatever the umask), synced, renamed over the old.
 */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const temp = `${file}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  const fd = openSync(temp, 'wx', 0o600);
  try {
    writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    // openSync's mode is masked by the umask; a umask of 0 must not leave it wider either.
    if ((fstatSync(fd).mode & 0o077) !== 0) chmodSync(temp, 0o600);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
}

/**
 * Reads a private file: null when it does not exist. A file others can read (copied, restored
 * from a backup) is narrowed back to 0600 before it is used.
 */
export function readPrivateFile(file: string): Buffer | null {
  let mode: number;
  try {
    mode = statSync(file).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (process.platform !== 'win32' && (mode & 0o077) !== 0) chmodSync(file, 0o600);
  return readFileSync(file);
}

/** Web mode and headless: the secret in a 0600 file of the data directory. */
export function createFileSecretStore(dataDir: string): SecretStore {
  const file = join(dataDir, SECRET_FILE);
  return {
    info: () => ({
      storage: `in a file only your user can read (${SECRET_FILE} in the data directory)`,
      persistent: true,
      warning: null,
      source: 'stored',
    }),
    read() {
      const data = readPrivateFile(file);
      const secret = data?.toString('utf8') ?? '';
      return secret === '' ? null : secret;
    },
    write(secret) {
      writePrivateFile(file, secret);
    },
    clear() {
      rmSync(file, { force: true });
    },
  };
}

/** Kept in memory until the process ends. */
export function createMemorySecretStore(warning: string | null = null): SecretStore {
  let secret: string | null = null;
  return {
    info: () => ({ storage: 'in memory only, until the workstation quits', persistent: false, warning, source: 'stored' }),
    read: () => secret,
    write(value) {
      secret = value;
    },
    clear() {
      secret = null;
    },
  };
}

/** UW_CLIENT_SECRET, when set, is the secret; the UI cannot replace or forget it. */
export function withEnvironmentSecret(store: SecretStore, environmentSecret: string | undefined): SecretStore {
  if (!environmentSecret) return store;
  const refuse = () => {
    throw new SecretStoreError('The client secret comes from the environment (UW_CLIENT_SECRET): change it there.');
  };
  return {
    info: () => ({ storage: 'from the environment (UW_CLIENT_SECRET)', persistent: true, warning: null, source: 'environment' }),
    read: () => environmentSecret,
    write: refuse,
    clear: refuse,
  };
}
