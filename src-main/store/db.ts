import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installHistoryGuards } from './deal-history';
import * as schema from './schema';
import type { SqliteHandle } from './sqlite-handle';

/** The store's file inside a data directory. */
export const STORE_FILE = 'uw.sqlite';

/**
 * The connection: drizzle over better-sqlite3. Only the store names it; the layers above hold it
 * as the opaque SqliteHandle (store/sqlite-handle.ts), which it carries as a brand.
 */
export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database } & SqliteHandle;

export interface OpenOptions {
  /** Path to the SQLite file; ':memory:' for a throwaway store. */
  file: string;
  /** Where the SQL migrations live; defaults to the folder next to this module. */
  migrationsFolder?: string;
  /** better-sqlite3's nativeBinding, for the Electron-ABI build of the addon. */
  nativeBinding?: string;
}

export class SchemaTooNewError extends Error {
  constructor(known: number, found: number) {
    super(
      `This data directory was written by a newer version of Underwriting Workstation ` +
        `(schema ${found}, this version knows ${known}). Update the app or open another data directory.`,
    );
    this.name = 'SchemaTooNewError';
  }
}

export function defaultMigrationsFolder(): string {
  // Bundled builds copy migrations next to the output; tsx and vitest run from source.
  const here = dirname(fileURLToPath(import.meta.url));
  return join(here, 'migrations');
}

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

/** Companions SQLite keeps next to the store file while it is open or after a crash. */
const STORE_COMPANIONS = ['-wal', '-shm', '-journal'];

/**
 * The data directory and the store hold client secret hashes, the token signing key and the
 * lenders' data: owner only (0700 and 0600). The file is created 0600 before SQLite opens it
 * (SQLite gives its -wal and -shm the database file's mode); what an earlier version created
 * more open is tightened.
 */
function ownerOnly(file: string): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch (err) {
    // A directory of another owner (a shared mount) cannot be tightened; the files still are.
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') throw err;
  }
  closeSync(openSync(file, 'a', 0o600));
  for (const path of [file, ...STORE_COMPANIONS.map((suffix) => file + suffix)]) {
    if (existsSync(path)) chmodSync(path, 0o600);
  }
}

/** Opens (creating if needed) the store, applies pending migrations, refuses a newer schema. */
export function openDb(options: OpenOptions): Db {
  if (options.file !== ':memory:') ownerOnly(options.file);
  const client = new Database(options.file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {});
  try {
    client.pragma('journal_mode = WAL');
    // Laptops lose power: a committed transaction must survive it.
    client.pragma('synchronous = FULL');
    client.pragma('foreign_keys = ON');
    client.pragma('busy_timeout = 5000');
    const folder = options.migrationsFolder ?? defaultMigrationsFolder();
    const current = refuseNewerSchema(client, folder);
    const db = drizzle({ client, schema }) as Db;
    // drizzle's migrator reads and hashes every migration file before it finds nothing to apply:
    // a store that has every known migration (the usual start) skips it.
    if (!current) migrate(db, { migrationsFolder: folder });
    installHistoryGuards(client);
    return db;
  } catch (err) {
    client.close();
    throw err;
  }
}

/**
 * Throws SchemaTooNewError for a store migrated by a newer version; true when the store has
 * exactly the migrations of `folder` (the last applied is the journal's last: nothing to apply).
 */
function refuseNewerSchema(client: Database.Database, folder: string): boolean {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const known = journal.entries.length;
  const lastKnown = Math.max(0, ...journal.entries.map((e) => e.when));
  const table = client
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'`)
    .get();
  if (!table) return false;
  const row = client.prepare('SELECT COUNT(*) AS n, MAX(created_at) AS last FROM __drizzle_migrations').get() as {
    n: number;
    last: number | null;
  };
  if (row.n > known || (row.last ?? 0) > lastKnown) throw new SchemaTooNewError(known, row.n);
  return known > 0 && row.n === known && row.last === lastKnown;
}

export function closeDb(db: Db): void {
  if (db.$client.open) db.$client.close();
}
