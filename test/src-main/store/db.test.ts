import Database from 'better-sqlite3';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDb, defaultMigrationsFolder, openDb, STORE_FILE } from '../../../src-main/store/db';
import { setSetting } from '../../../src-main/store/settings';
import { startTestService, tempDir } from '../../support/service';

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

const mode = (path: string) => statSync(path).mode & 0o777;

function newDir(): string {
  const d = tempDir('uw-modes-');
  dirs.push(d);
  return d.path;
}

describe('the data directory and its store file', () => {
  it('are created owner-only: the directory 0700, uw.sqlite and its -wal and -shm 0600', () => {
    const dataDir = join(newDir(), 'data');
    const file = join(dataDir, STORE_FILE);
    const previous = process.umask(0o022);
    try {
      const db = openDb({ file });
      setSetting(db, 'probe', 1);
      expect(mode(dataDir)).toBe(0o700);
      for (const path of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(path), path).toBe(true);
        expect(mode(path), path).toBe(0o600);
      }
      closeDb(db);
    } finally {
      process.umask(previous);
    }
  });

  it('are tightened when a directory an earlier version created 0755/0644 is opened', () => {
    const dataDir = join(newDir(), 'data');
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const file = join(dataDir, STORE_FILE);
    // An earlier version's store, left with its -wal and -shm (as after a crash).
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    old.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    const db = openDb({ file });
    expect(mode(dataDir)).toBe(0o700);
    for (const path of [file, `${file}-wal`, `${file}-shm`]) expect(mode(path), path).toBe(0o600);
    closeDb(db);
    old.close();
  });

  it('are owner-only when the server creates them', async () => {
    const dataDir = join(newDir(), 'served');
    const s = await startTestService({ dataDir });
    try {
      expect((await s.api('GET', '/getAllDealIds')).status).toBe(200);
      expect(mode(dataDir)).toBe(0o700);
      expect(mode(join(dataDir, STORE_FILE))).toBe(0o600);
    } finally {
      await s.stop();
    }
  });
});

describe('the migrations at open', () => {
  it('are neither read nor run again on a store that has them all, and still run on one that lacks one', () => {
    const dir = newDir();
    const file = join(dir, STORE_FILE);
    const folder = join(dir, 'migrations');
    cpSync(defaultMigrationsFolder(), folder, { recursive: true });
    const sqlFiles = readdirSync(folder).filter((f) => f.endsWith('.sql'));
    expect(sqlFiles.length).toBeGreaterThan(1);
    const db = openDb({ file, migrationsFolder: folder });
    setSetting(db, 'probe', 1);
    closeDb(db);

    // The journal stays, the SQL files go: a store with every migration opens without them.
    for (const f of sqlFiles) rmSync(join(folder, f));
    const again = openDb({ file, migrationsFolder: folder });
    expect(again.$client.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: sqlFiles.length });
    closeDb(again);

    // One migration forgotten: the open runs the migrator again, which reads the files.
    const raw = new Database(file);
    raw.prepare('DELETE FROM __drizzle_migrations WHERE created_at = (SELECT MAX(created_at) FROM __drizzle_migrations)').run();
    raw.close();
    expect(() => openDb({ file, migrationsFolder: folder })).toThrow();
  });
});
