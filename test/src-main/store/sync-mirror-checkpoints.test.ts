import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { spaceCheckpoints } from '../../../src-main/store/sync-mirror';

// The pull commits a deal at a time; spaceCheckpoints keeps SQLite from checkpointing the WAL
// every 1,000 pages meanwhile, and checkpoints once when the pull is done.

let dir: string | undefined;
let db: Db | undefined;

afterEach(() => {
  if (db) closeDb(db);
  if (dir) rmSync(dir, { recursive: true, force: true });
  db = dir = undefined;
});

function open(): { db: Db; file: string } {
  dir = mkdtempSync(join(tmpdir(), 'uw-checkpoints-'));
  const file = join(dir, 'uw.sqlite');
  db = openDb({ file });
  db.$client.exec('CREATE TABLE scratch (x BLOB)');
  return { db, file };
}

/** Commits `pages` pages of data, 100 pages per transaction. */
function write(db: Db, pages: number): void {
  const insert = db.$client.prepare('INSERT INTO scratch (x) VALUES (randomblob(4000))');
  for (let done = 0; done < pages; done += 100) db.transaction(() => Array.from({ length: 100 }, () => insert.run()));
}

const autocheckpoint = (db: Db) => db.$client.pragma('wal_autocheckpoint', { simple: true }) as number;

test('no checkpoint runs before the WAL holds `pages` pages; restoring brings the setting back and moves the pages into the database', () => {
  const { db, file } = open();
  const before = statSync(file).size;
  const restore = spaceCheckpoints(db, 5_000);
  expect(autocheckpoint(db)).toBe(5_000);
  write(db, 2_500);
  // With the default (1,000 pages) the WAL would have been copied into the file twice by now.
  expect(statSync(`${file}-wal`).size).toBeGreaterThan(2_500 * 4096);
  expect(statSync(file).size).toBe(before);
  restore();
  expect(autocheckpoint(db)).toBe(1_000);
  expect(statSync(file).size).toBeGreaterThan(2_500 * 4000);
});

test('a connection whose automatic checkpoints are off, or already as spaced, is left alone', () => {
  const { db } = open();
  db.$client.pragma('wal_autocheckpoint = 0');
  spaceCheckpoints(db, 5_000)();
  expect(autocheckpoint(db)).toBe(0);
  db.$client.pragma('wal_autocheckpoint = 9000');
  const restore = spaceCheckpoints(db, 5_000);
  expect(autocheckpoint(db)).toBe(9_000);
  restore();
  expect(autocheckpoint(db)).toBe(9_000);
});
