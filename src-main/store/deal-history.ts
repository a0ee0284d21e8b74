import type { Statement } from 'better-sqlite3';
import { eq, getTableColumns } from 'drizzle-orm';
import { userInfo } from 'node:os';
import type { DealHistoryEntry, DealHistoryFilter, DealNote, HistorySource } from '../contract';
import type { Db } from './db';
import type { DealColumn } from './deal-updates';
import type { DealRow } from './deals';
import { deals } from './schema';
import { getSetting, setSetting } from './settings';

// A deal's history and notes (docs/history.md). The history is append-only: rows are inserted
// by the write paths, inside the transaction of the change they record (a crash keeps both or
// neither), and never updated or deleted: triggers refuse it (installHistoryGuards).

/** Who made a change and how; `undoOf` only for an undo. */
export interface HistoryActor {
  who: string;
  source: HistorySource;
  undoOf?: number;
}

/** One change to record. `oldValue` / `newValue` undefined: there was none. */
export interface HistoryChange {
  dealId: string;
  field: string;
  oldValue?: unknown;
  newValue?: unknown;
}

interface HistoryStatements {
  insert: Statement;
  insertMany: Statement;
  entry: Statement;
  later: Statement;
  insertNote: Statement;
  notes: Statement;
}

const cache = new WeakMap<object, HistoryStatements>();

function statementsOf(client: Db['$client']): HistoryStatements {
  let s = cache.get(client);
  if (!s) {
    s = {
      insert: client.prepare(
        'INSERT INTO deal_history (deal_id, at, actor, source, field, old_value, new_value, undo_of) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertMany: client.prepare(
        `INSERT INTO deal_history (deal_id, at, actor, source, field, old_value, new_value, undo_of)
         SELECT value ->> 0, ?, ?, ?, value ->> 1, value ->> 2, value ->> 3, ? FROM json_each(?) ORDER BY key`,
      ),
      entry: client.prepare('SELECT * FROM deal_history WHERE id = ?'),
      later: client.prepare('SELECT * FROM deal_history WHERE deal_id = ? AND field = ? AND id > ? ORDER BY id DESC LIMIT 1'),
      insertNote: client.prepare('INSERT INTO deal_notes (deal_id, at, author, text) VALUES (?, ?, ?, ?)'),
      notes: client.prepare('SELECT * FROM deal_notes WHERE deal_id = ? ORDER BY id DESC'),
    };
    cache.set(client, s);
  }
  return s;
}

/** JSON text at full precision (JSON.stringify writes a double's shortest round-trip form). */
const encode = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
const decode = (text: string | null): unknown => (text === null ? undefined : (JSON.parse(text) as unknown));

interface HistoryRow {
  id: number;
  deal_id: string;
  at: string;
  actor: string;
  source: string;
  field: string;
  old_value: string | null;
  new_value: string | null;
  undo_of: number | null;
}

function toEntry(row: HistoryRow): DealHistoryEntry {
  const entry: DealHistoryEntry = {
    id: row.id,
    dealId: row.deal_id,
    at: row.at,
    actor: row.actor,
    source: row.source as HistorySource,
    field: row.field,
    undoOf: row.undo_of,
  };
  if (row.old_value !== null) entry.oldValue = decode(row.old_value);
  if (row.new_value !== null) entry.newValue = decode(row.new_value);
  return entry;
}

/**
 * Appends changes to the history. Call it inside the transaction that makes them: the history
 * row and the change commit together.
 */
export function recordHistory(db: Db, actor: HistoryActor, at: string, changes: readonly HistoryChange[]): void {
  if (changes.length === 0) return;
  const s = statementsOf(db.$client);
  if (changes.length <= BATCH_FROM) {
    for (const c of changes) s.insert.run(c.dealId, at, actor.who, actor.source, c.field, encode(c.oldValue), encode(c.newValue), actor.undoOf ?? null);
    return;
  }
  // A large bulk update (10,000 deals x 5 fields): one statement over a JSON array instead of a
  // call per row. The values are JSON text already, carried as strings: SQLite never parses them.
  for (let i = 0; i < changes.length; i += BATCH_SIZE) {
    const rows = changes.slice(i, i + BATCH_SIZE).map((c) => [c.dealId, c.field, encode(c.oldValue), encode(c.newValue)]);
    s.insertMany.run(at, actor.who, actor.source, actor.undoOf ?? null, JSON.stringify(rows));
  }
}

/** Above this many changes, recordHistory inserts them through insertMany. */
const BATCH_FROM = 8;
const BATCH_SIZE = 5_000;

/** A deal's history, newest first, optionally only one field and/or one source. */
export function dealHistory(db: Db, dealId: string, filter: DealHistoryFilter = {}): DealHistoryEntry[] {
  const where = ['deal_id = ?'];
  const args: unknown[] = [dealId];
  if (filter.field !== undefined) {
    where.push('field = ?');
    args.push(filter.field);
  }
  if (filter.source !== undefined) {
    where.push('source = ?');
    args.push(filter.source);
  }
  const rows = db.$client.prepare(`SELECT * FROM deal_history WHERE ${where.join(' AND ')} ORDER BY id DESC`).all(...args) as HistoryRow[];
  return rows.map(toEntry);
}

export function historyEntry(db: Db, id: number): DealHistoryEntry | undefined {
  const row = statementsOf(db.$client).entry.get(id) as HistoryRow | undefined;
  return row ? toEntry(row) : undefined;
}

/** The newest entry of the same deal and field recorded after `entry`, if any. */
export function laterEntryOfField(db: Db, entry: Pick<DealHistoryEntry, 'id' | 'dealId' | 'field'>): DealHistoryEntry | undefined {
  const row = statementsOf(db.$client).later.get(entry.dealId, entry.field, entry.id) as HistoryRow | undefined;
  return row ? toEntry(row) : undefined;
}

// --- notes -------------------------------------------------------------------------------------

interface NoteRow {
  id: number;
  deal_id: string;
  at: string;
  author: string;
  text: string;
}

const toNote = (row: NoteRow): DealNote => ({ id: row.id, dealId: row.deal_id, at: row.at, author: row.author, text: row.text });

export function insertDealNote(db: Db, note: Omit<DealNote, 'id'>): DealNote {
  const { lastInsertRowid } = statementsOf(db.$client).insertNote.run(note.dealId, note.at, note.author, note.text);
  return { id: Number(lastInsertRowid), ...note };
}

/** A deal's notes, newest first. */
export function dealNotes(db: Db, dealId: string): DealNote[] {
  return (statementsOf(db.$client).notes.all(dealId) as NoteRow[]).map(toNote);
}

// --- who ---------------------------------------------------------------------------------------

export const USER_NAME_KEY = 'workstation.userName';
export const USER_NAME_MAX_LENGTH = 100;

export function osUserName(): string {
  try {
    return userInfo().username || 'local user';
  } catch {
    // No passwd entry (some containers): still a name to show.
    return 'local user';
  }
}

/**
 * The name local changes are recorded under: the setting, else the OS user name. On the port: who
 * an in-process edit is recorded as when the caller names no actor (a server always names its actor).
 */
export function localUserName(db: Db): string {
  const stored = getSetting(db, USER_NAME_KEY);
  return typeof stored === 'string' && stored.trim() !== '' ? stored : osUserName();
}

/** Sets the name local changes are recorded under; blank goes back to the OS user name. */
export function setLocalUserName(db: Db, name: string): string {
  setSetting(db, USER_NAME_KEY, name.trim());
  return localUserName(db);
}

// --- append-only -------------------------------------------------------------------------------

/**
 * Triggers that refuse any UPDATE or DELETE of deal_history, so that no code path (nor a
 * hand-run statement through the app's connection) can rewrite what was recorded. Created when
 * the store opens rather than in a migration: the migrations stay exactly as drizzle-kit
 * generates them. IF NOT EXISTS makes it idempotent.
 */
export function installHistoryGuards(client: Db['$client']): void {
  client.exec(`
    CREATE TRIGGER IF NOT EXISTS deal_history_no_update BEFORE UPDATE ON deal_history
    BEGIN SELECT RAISE(ABORT, 'deal_history is append-only: a recorded change cannot be updated'); END;
    CREATE TRIGGER IF NOT EXISTS deal_history_no_delete BEFORE DELETE ON deal_history
    BEGIN SELECT RAISE(ABORT, 'deal_history is append-only: a recorded change cannot be deleted'); END;
  `);
}

/** A deal's current value of one deals column (undefined: no such deal). */
export function currentDealValue<K extends DealColumn>(db: Db, dealId: string, column: K): DealRow[K] | undefined {
  const row = db
    .select({ value: getTableColumns(deals)[column] })
    .from(deals)
    .where(eq(deals.id, dealId))
    .get();
  return row === undefined ? undefined : (row.value as DealRow[K]);
}
