import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createFileSecretStore,
  createMemorySecretStore,
  SECRET_FILE,
  SecretStoreError,
  withEnvironmentSecret,
} from '../../../src-main/app/sync-secret';

// The headless secret stores: a 0600 file in the data directory, the environment, memory.

const SECRET = 'file-secret-7d2e';
const mode = (file: string) => statSync(file).mode & 0o777;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'uw-secret-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the file secret store (web mode, headless)', () => {
  it('keeps the secret in a file only its owner can read or write (0600), whatever the umask', () => {
    const store = createFileSecretStore(dir);
    expect(store.read()).toBeNull();
    const umask = process.umask(0); // the widest umask: the file must still be 0600
    try {
      store.write(SECRET);
    } finally {
      process.umask(umask);
    }
    const file = join(dir, SECRET_FILE);
    expect(mode(file)).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe(SECRET);
    expect(store.read()).toBe(SECRET);
    // No temporary file is left behind.
    expect(readdirSync(dir)).toEqual([SECRET_FILE]);
  });

  it('replaces the secret atomically and keeps 0600', () => {
    const store = createFileSecretStore(dir);
    store.write(SECRET);
    store.write('second-secret');
    expect(store.read()).toBe('second-secret');
    expect(mode(join(dir, SECRET_FILE))).toBe(0o600);
  });

  it('narrows a file others can read back to 0600 before using it', () => {
    const file = join(dir, SECRET_FILE);
    writeFileSync(file, SECRET);
    chmodSync(file, 0o644);
    expect(createFileSecretStore(dir).read()).toBe(SECRET);
    expect(mode(file)).toBe(0o600);
  });

  it('forgets the secret', () => {
    const store = createFileSecretStore(dir);
    store.write(SECRET);
    store.clear();
    expect(existsSync(join(dir, SECRET_FILE))).toBe(false);
    expect(store.read()).toBeNull();
    store.clear(); // twice is fine
  });

  it('describes itself without the secret', () => {
    const store = createFileSecretStore(dir);
    store.write(SECRET);
    expect(JSON.stringify(store.info())).not.toContain(SECRET);
    expect(store.info()).toMatchObject({ persistent: true, warning: null, source: 'stored' });
  });
});

describe('UW_CLIENT_SECRET', () => {
  it('wins over the stored secret and cannot be changed from the UI', () => {
    const file = createFileSecretStore(dir);
    file.write(SECRET);
    const store = withEnvironmentSecret(file, 'env-secret');
    expect(store.read()).toBe('env-secret');
    expect(store.info()).toMatchObject({ source: 'environment' });
    expect(() => store.write('other')).toThrow(SecretStoreError);
    expect(() => store.clear()).toThrow(/UW_CLIENT_SECRET/);
    expect(file.read()).toBe(SECRET);
  });

  it('changes nothing when unset or empty', () => {
    const file = createFileSecretStore(dir);
    expect(withEnvironmentSecret(file, undefined)).toBe(file);
    expect(withEnvironmentSecret(file, '')).toBe(file);
  });
});

describe('the memory store', () => {
  it('keeps the secret until the process ends, and says so', () => {
    const store = createMemorySecretStore('no keychain');
    store.write(SECRET);
    expect(store.read()).toBe(SECRET);
    expect(store.info()).toMatchObject({ persistent: false, warning: 'no keychain' });
    store.clear();
    expect(store.read()).toBeNull();
  });
});
