import { rmSync } from 'node:fs';
import { join } from 'node:path';
import {
  createMemorySecretStore,
  ENCRYPTED_SECRET_FILE,
  readPrivateFile,
  type SecretStore,
  type SecretStoreInfo,
  writePrivateFile,
} from '../app';

/*
 * The desktop app's client secret store (docs/sync.md): encrypted with Electron safeStorage
 * (the OS keychain: Keychain on macOS, DPAPI on Windows, libsecret / kwallet on Linux), the
 * ciphertext in a 0600 file of the data directory. On Linux without a keyring safeStorage falls
 * back to `basic_text` (a hard-coded key: obfuscation, not encryption): the secret is still
 * kept, and the sync panel says so. Without safeStorage at all it is kept in memory only.
 *
 * No 'electron' import here (policy module, tested without Electron): main.ts passes the real
 * safeStorage in.
 */

/** The part of Electron's safeStorage this store uses. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only: 'basic_text', 'gnome_libsecret', 'kwallet', ... */
  getSelectedStorageBackend?: () => string;
}

export const BASIC_TEXT_WARNING =
  'No system keyring is available (safeStorage backend basic_text): the client secret is only obfuscated on disk, not encrypted. Install and unlock a keyring (GNOME Keyring, KWallet) to protect it.';
export const NO_ENCRYPTION_WARNING =
  'The system keychain is not available: the client secret is kept in memory only and must be entered again after the app restarts.';

/** The warning for the backend safeStorage uses, or null. */
export function storageWarning(safeStorage: SafeStorageLike, platform: NodeJS.Platform): string | null {
  if (!safeStorage.isEncryptionAvailable()) return NO_ENCRYPTION_WARNING;
  if (platform === 'linux' && typeof safeStorage.getSelectedStorageBackend === 'function') {
    let backend: string;
    try {
      backend = safeStorage.getSelectedStorageBackend();
    } catch {
      return null;
    }
    if (backend === 'basic_text') return BASIC_TEXT_WARNING;
  }
  return null;
}

export function createSafeStorageSecretStore(options: { safeStorage: SafeStorageLike; dataDir: string; platform?: NodeJS.Platform }): SecretStore {
  const { safeStorage } = options;
  const platform = options.platform ?? process.platform;
  const file = join(options.dataDir, ENCRYPTED_SECRET_FILE);
  const memory = createMemorySecretStore(NO_ENCRYPTION_WARNING);
  const available = () => safeStorage.isEncryptionAvailable();

  return {
    info(): SecretStoreInfo {
      if (!available()) return memory.info();
      const warning = storageWarning(safeStorage, platform);
      return {
        storage: warning ? 'obfuscated with a built-in key (no system keyring)' : 'encrypted with the system keychain',
        persistent: true,
        warning,
        source: 'stored',
      };
    },
    read() {
      const fromMemory = memory.read();
      if (fromMemory !== null) return fromMemory;
      if (!available()) return null;
      const data = readPrivateFile(file);
      if (data === null || data.length === 0) return null;
      const secret = safeStorage.decryptString(data);
      return secret === '' ? null : secret;
    },
    write(secret) {
      if (!available()) {
        memory.write(secret);
        return;
      }
      writePrivateFile(file, safeStorage.encryptString(secret));
      memory.clear();
    },
    clear() {
      memory.clear();
      rmSync(file, { force: true });
    },
  };
}
