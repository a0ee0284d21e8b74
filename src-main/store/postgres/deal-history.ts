import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { DealHistoryEntry, DealHistoryFilter, DealNote, HistorySource } from '../../contract';
import { USER_NAME_KEY, osUserName, type HistoryActor, type HistoryChange } from '../deal-history';
import type { DealColumn } from '../deal-updates';
import type { DealRow } from '../deals';
import type { PgDb } from './db';
import { dealHistory as history, dealNotes as notes, deals } from './schema';
import { getSetting, setSetting } from './settings';

// A deal's history and notes on PostgreSQL: the twin of store/deal-history.ts. The history is
// append-only here too: the triggers of migration 0006_deal_history_append_only refuse any
// UPDATE or DELETE of deal_history (SQLite installs the same guards when the store opens).

/** JSON text at full precision (JSON.stringify writes a double's shortest round-trip form). */
const encode = (value: unknown): string | null => (value === undefined ? null : JSON.stringify(value));
const decode = (text: string | null): unknown => (text === null ? undefined : (JSON.parse(text) as unknown));

type HistoryRow = typeof history.$inferSelect;

function toEntry(row: HistoryRow): DealHistoryEntry {
  const entry: DealHistoryEntry = {
    id: row.id,
    dealId: row.dealId,
    at: row.at,
    actor: row.actor,
    source: row.source as HistorySource,
    field: row.field,
    undoOf: row.undoOf,
  };
  if (row.oldValue !== null) entry.oldValue = decode(row.oldValue);
  if (row.newValue !== null) entry.newValue = decode(row.newValue);
  return entry;
}

/** Rows per INSERT of a large change set (4 arrays of this many values each). */
const BATCH_SIZE = 5_000;

/**
 * Appends changes to the history, in the order given (ids grow with it). Call it inside the
 * unit of work that makes them: the history row and the change commit together.
 */
export async function recordHistory(pg: PgDb, actor: HistoryActor, at: string, changes: readonly HistoryChange[]): Promise<void> {
  for (let i = 0; i < changes.length; i += BATCH_SIZE) {
    const batch = changes.slice(i, i + BATCH_SIZE);
    // One statement per batch whatever its size: the columns go in as arrays, unnested WITH
    // ORDINALITY so that the identity values follow the order of the changes.
    await pg.execute(sql`INSERT INTO deal_history (deal_id, at, actor, source, field, old_value, new_value, undo_of)
      SELECT c.deal_id, ${at}, ${actor.who}, ${actor.source}, c.field, c.old_value, c.new_value, ${actor.undoOf ?? null}::bigint
      FROM unnest(${sql.param(batch.map((c) => c.dealId))}::text[], ${sql.param(batch.map((c) => c.field))}::text[],
                  ${sql.param(batch.map((c) => encode(c.oldValue)))}::text[], ${sql.param(batch.map((c) => encode(c.newValue)))}::text[])
           WITH ORDINALITY AS c(deal_id, field, old_value, new_value, n)
      ORDER BY c.n`);
  }
}

/** A deal's history, newest first, optionally only one field and/or one source. */
export async function dealHistory(pg: PgDb, dealId: string, filter: DealHistoryFilter = {}): Promise<DealHistoryEntry[]> {
  const where = [sql`${history.dealId} = ${dealId}`];
  if (filter.field !== undefined) where.push(sql`${history.field} = ${filter.field}`);
  if (filter.source !== undefined) where.push(sql`${history.source} = ${filter.source}`);
  const rows = await pg
    .select()
    .from(history)
    .where(sql.join(where, sql` AND `))
    .orderBy(sql`${history.id} DESC`);
  return rows.map(toEntry);
}

export async function historyEntry(pg: PgDb, id: number): Promise<DealHistoryEntry | undefined> {
  const rows = await pg.select().from(history).where(eq(history.id, id)).limit(1);
  return rows[0] ? toEntry(rows[0]) : undefined;
}

/** The newest entry of the same deal and field recorded after `entry`, if any. */
export async function laterEntryOfField(
  pg: PgDb,
  entry: Pick<DealHistoryEntry, 'id' | 'dealId' | 'field'>,
): Promise<DealHistoryEntry | undefined> {
  const rows = await pg
    .select()
    .from(history)
    .where(sql`${history.dealId} = ${entry.dealId} AND ${history.field} = ${entry.field} AND ${history.id} > ${entry.id}`)
    .orderBy(sql`${history.id} DESC`)
    .limit(1);
  return rows[0] ? toEntry(rows[0]) : undefined;
}

// --- notes -------------------------------------------------------------------------------------

export async function insertDealNote(pg: PgDb, note: Omit<DealNote, 'id'>): Promise<DealNote> {
  const [row] = await pg
    .insert(notes)
    .values({ dealId: note.dealId, at: note.at, author: note.author, text: note.text })
    .returning({ id: notes.id });
  return { id: row!.id, ...note };
}

/** A deal's notes, newest first. */
export async function dealNotes(pg: PgDb, dealId: string): Promise<DealNote[]> {
  const rows = await pg.select().from(notes).where(eq(notes.dealId, dealId)).orderBy(sql`${notes.id} DESC`);
  return rows.map((r) => ({ id: r.id, dealId: r.dealId, at: r.at, author: r.author, text: r.text }));
}

// --- who ---------------------------------------------------------------------------------------

/** The name local changes are recorded under: the setting, else the OS user name. */
export async function localUserName(pg: PgDb): Promise<string> {
  const stored = await getSetting(pg, USER_NAME_KEY);
  return typeof stored === 'string' && stored.trim() !== '' ? stored : osUserName();
}

/** Sets the name local changes are recorded under; blank goes back to the OS user name. */
export async function setLocalUserName(pg: PgDb, name: string): Promise<string> {
  await setSetting(pg, USER_NAME_KEY, name.trim());
  return localUserName(pg);
}

/** A deal's current value of one deals column (undefined: no such deal). */
export async function currentDealValue<K extends DealColumn>(pg: PgDb, dealId: string, column: K): Promise<DealRow[K] | undefined> {
  const rows = await pg
    .select({ value: getTableColumns(deals)[column] })
    .from(deals)
    .where(eq(deals.id, dealId))
    .limit(1);
  return rows.length === 0 ? undefined : (rows[0]!.value as DealRow[K]);
}
