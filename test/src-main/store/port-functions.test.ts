import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORT_FUNCTIONS } from '../../../src-main/store/port-functions';
import { closeSqliteStore, openSqliteStore, type SqliteStore } from '../../../src-main/store/sqlite-store';

// The registry of the port's plain methods on a real SQLite store: each entry is a method of the
// store, answering (as a promise) what the function answers on the store's connection.

let dir: string;
let store: SqliteStore;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'uw-port-functions-'));
  store = openSqliteStore({ file: join(dir, 'uw.sqlite') });
});
afterAll(async () => {
  await closeSqliteStore(store);
  rmSync(dir, { recursive: true, force: true });
});

describe('the SQLite registry of the port', () => {
  it('makes every entry a method of the store', () => {
    const methods = store as unknown as Record<string, unknown>;
    for (const name of Object.keys(PORT_FUNCTIONS)) expect(typeof methods[name], name).toBe('function');
  });

  it('answers each method taking no argument as its function on the connection', async () => {
    const functions = PORT_FUNCTIONS as unknown as Record<string, (db: unknown) => unknown>;
    const methods = store as unknown as Record<string, () => Promise<unknown>>;
    const readers = Object.keys(functions).filter((name) => functions[name]!.length === 1);
    expect(readers).toEqual(expect.arrayContaining(['dealCount', 'allDealIds', 'schemaVersion', 'listUsers']));
    for (const name of readers) {
      const answer = methods[name]!();
      expect(answer, name).toBeInstanceOf(Promise);
      expect(await answer, name).toEqual(functions[name]!(store.db));
    }
  });

  it('passes the arguments after the connection', async () => {
    await store.setSetting('bind-module-test', { rate: 0.055 });
    expect(await store.getSetting('bind-module-test')).toEqual({ rate: 0.055 });
    await store.ensureUsers(['ana']);
    expect(await store.userExists('ana')).toBe(true);
    expect(await store.userExists('bob')).toBe(false);
  });
});
