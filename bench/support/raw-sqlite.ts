// The benchmarks' ceilings are, by definition, raw SQLite ("a raw better-sqlite3 transaction",
// "a raw prepared statement", "better-sqlite3 opening the same file"). The product's layer rule
// (only src-main/store sees SQL) is about product code, which never imports bench/; the
// exemption is made here, once, for the bench's own SQL.
// eslint-disable-next-line no-restricted-imports
import Database from 'better-sqlite3';

export type RawDb = Database.Database;

/** Opens a store file as the product does (WAL, synchronous=FULL, foreign keys), without drizzle. */
export function openRaw(file: string, options: { readonly?: boolean; build?: boolean } = {}): RawDb {
  const db = new Database(file, { readonly: options.readonly ?? false, fileMustExist: true });
  if (options.build) {
    // Building bench data from the generator: no durability, no rollback journal, no foreign-key
    // checks (the loader's output is checked against seedDemoPortfolio, which has them on), and a
    // page cache big enough for the random-UUID key indexes. closeBuild() puts WAL back.
    db.pragma('journal_mode = OFF');
    db.pragma('synchronous = OFF');
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('foreign_keys = OFF');
    db.pragma('cache_size = -500000');
  } else if (!options.readonly) {
    // The product's settings (store/db.ts openDb).
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
  }
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Ends a build: the file goes back to WAL mode, as the product leaves it. */
export function closeBuild(db: RawDb): void {
  db.pragma('journal_mode = WAL');
  db.close();
}

export { Database };
