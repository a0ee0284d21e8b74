import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The desktop app's secret store over Electron safeStorage, with 'electron' replaced by a fake
 * (the real module throws under Node). The fake "encrypts" by reversing and prefixing, so a
 * test can tell the file never holds the plain secret.
 */
const electron = vi.hoisted(() => {
  const state = { available: true, backend: 'gnome_libsecret', encryptions: 0 };
  return {
    state,
    safeStorage: {
      isEncryptionAvailable: () => state.available,
      encryptString: (text: string) => {
        state.encryptions += 1;
        return Buffer.from(`enc:${[...text].reverse().join('')}`, 'utf8');
      },
      decryptString: (data: Buffer) => {
        const text = data.toString('utf8');
        if (!text.startsWith('enc:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return [...text.slice(4)].reverse().join('');
      },
      getSelectedStorageBackend: () => state.backend,
    },
  };
});
vi.mock('electron', () => ({ default: electron, ...electron }));

// The mock above, not Electron (which throws under Node): the electron ban does not apply.
// eslint-disable-next-line layers/dynamic-imports
const { safeStorage } = await import('electron');
const { createSafeStorageSecretStore, BASIC_TEXT_WARNING, NO_ENCRYPTION_WARNING, storageWarning } = await import('../../../src-main/electron/secret-store');
const { ENCRYPTED_SECRET_FILE } = await import('../../../src-main/app/sync-secret');

const SECRET = 'keychain-secret-93af';
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'uw-safe-'));
  Object.assign(electron.state, { available: true, backend: 'gnome_libsecret', encryptions: 0 });
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the safeStorage secret store', () => {
  it('keeps only the ciphertext, in a 0600 file of the data directory', () => {
    const store = createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux' });
    expect(store.read()).toBeNull();
    store.write(SECRET);
    const file = join(dir, ENCRYPTED_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
    expect(electron.state.encryptions).toBe(1);
    expect(store.read()).toBe(SECRET);
    // A new launch (a new store over the same directory) reads it back.
    expect(createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux' }).read()).toBe(SECRET);
    expect(store.info()).toEqual({ storage: 'encrypted with the system keychain', persistent: true, warning: null, source: 'stored' });
    store.clear();
    expect(readdirSync(dir)).toEqual([]);
    expect(store.read()).toBeNull();
  });

  it('warns when Linux has no keyring (backend basic_text) but still keeps the secret', () => {
    electron.state.backend = 'basic_text';
    const store = createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux' });
    store.write(SECRET);
    expect(store.read()).toBe(SECRET);
    expect(store.info()).toMatchObject({ persistent: true, warning: BASIC_TEXT_WARNING });
    expect(store.info().warning).toMatch(/basic_text/);
    // The backend question is Linux's only.
    expect(storageWarning(safeStorage, 'darwin')).toBeNull();
    expect(storageWarning(safeStorage, 'win32')).toBeNull();
  });

  it('keeps the secret in memory only, and says so, when safeStorage cannot encrypt', () => {
    electron.state.available = false;
    const store = createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux' });
    store.write(SECRET);
    expect(readdirSync(dir)).toEqual([]);
    expect(store.read()).toBe(SECRET);
    expect(store.info()).toMatchObject({ persistent: false, warning: NO_ENCRYPTION_WARNING });
    expect(electron.state.encryptions).toBe(0);
  });

  it('never puts the secret in what it tells the UI', () => {
    for (const backend of ['gnome_libsecret', 'basic_text']) {
      electron.state.backend = backend;
      const store = createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux' });
      store.write(SECRET);
      expect(JSON.stringify(store.info())).not.toContain(SECRET);
    }
  });

  it('refuses a ciphertext it cannot decrypt (another user\'s keychain) with an error, not a wrong secret', () => {
    const store = createSafeStorageSecretStore({ safeStorage, dataDir: dir, platform: 'linux' });
    store.write(SECRET);
    rmSync(join(dir, ENCRYPTED_SECRET_FILE));
    // A file written by another keychain.
    const other = createSafeStorageSecretStore({
      safeStorage: { ...safeStorage, encryptString: (text: string) => Buffer.from(`xx:${text}`) },
      dataDir: dir,
      platform: 'linux',
    });
    other.write('not-ours');
    expect(() => store.read()).toThrow(/decrypt/);
  });
});
