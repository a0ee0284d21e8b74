import type { Statement } from 'better-sqlite3';
import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { Db } from './db';
import type { DealRow } from './deals';
import { deals, files, loansPackages, users } from './schema';

// The write side of the bulk update (PATCH bulkUpdateDeals). The gateway decides what may
// change; this module reads what it needs to decide and writes the accepted changes, all in
// ONE transaction per request.

/** A column of the deals table that a bulk update may write (not the key, not the timestamps). */
export type DealColumn = Exclude<keyof DealRow, 'id' | 'createdAt' | 'updatedAt'>;

/** The columns a deal's accepted updates change, with their new values. */
export type DealPatch = { [K in DealColumn]?: DealRow[K] };

const COLUMNS = getTableColumns(deals);
type AnyColumn = (typeof COLUMNS)[keyof typeof COLUMNS];

const UPDATABLE = new Map<string, AnyColumn>(
  Object.entries(COLUMNS).filter(([key]) => key !== 'id' && key !== 'createdAt' && key !== 'updatedAt'),
);

/** Whether `key` names an updatable deals column (by its TypeScript name, e.g. ownerId). */
export function isDealColumn(key: string): key is DealColumn {
  return UPDATABLE.has(key);
}

/** Whether the column may hold NULL (a NOT NULL column cannot be cleared). */
export function dealColumnNullable(column: DealColumn): boolean {
  return !UPDATABLE.get(column)!.notNull;
}

// SQLite's default limit on bound parameters is 32766; stay far below it.
const CHUNK = 900;

/** What the gateway may ask while it validates a batch (inside the batch's transaction). */
export interface DealUpdateSession {
  /** The current rows of the deals among `ids` that exist. */
  deals(ids: readonly string[]): Map<string, DealRow>;
  userExists(id: string): boolean;
  /** Whether `fileId` is a file of the deal `dealId` (the files table). */
  dealHasFile(dealId: string, fileId: string): boolean;
  loansPackageExists(id: string): boolean;
  /** Writes one deal's accepted changes (one UPDATE) and stamps its updated_at. */
  apply(dealId: string, patch: DealPatch, updatedAt: string): void;
}

/** One prepared UPDATE per distinct set of columns, per connection. */
const statements = new WeakMap<object, Map<string, Statement>>();

function updateStatement(client: Db['$client'], columns: readonly DealColumn[]): Statement {
  let cache = statements.get(client);
  if (!cache) statements.set(client, (cache = new Map()));
  const key = columns.join(',');
  let statement = cache.get(key);
  if (!statement) {
    const set = columns.map((c) => `"${UPDATABLE.get(c)!.name}" = ?`);
    set.push(`"${COLUMNS.updatedAt.name}" = ?`);
    statement = client.prepare(`UPDATE "deals" SET ${set.join(', ')} WHERE "${COLUMNS.id.name}" = ?`);
    cache.set(key, statement);
  }
  return statement;
}

/** `db` is the transaction (drizzle queries); `client` its connection (prepared UPDATEs). */
function session(db: Db, client: Db['$client']): DealUpdateSession {
  return {
    deals(ids) {
      const unique = [...new Set(ids)];
      const found = new Map<string, DealRow>();
      for (let i = 0; i < unique.length; i += CHUNK) {
        const rows = db.select().from(deals).where(inArray(deals.id, unique.slice(i, i + CHUNK))).all();
        for (const row of rows) found.set(row.id, row);
      }
      return found;
    },
    userExists(id) {
      return db.select({ id: users.id }).from(users).where(eq(users.id, id)).get() !== undefined;
    },
    dealHasFile(dealId, fileId) {
      return (
        db.select({ id: files.id }).from(files).where(and(eq(files.id, fileId), eq(files.dealId, dealId))).get() !==
        undefined
      );
    },
    loansPackageExists(id) {
      return db.select({ id: loansPackages.id }).from(loansPackages).where(eq(loansPackages.id, id)).get() !== undefined;
    },
    apply(dealId, patch, updatedAt) {
      const columns = (Object.keys(patch) as DealColumn[]).filter((c) => patch[c] !== undefined).sort();
      const values = columns.map((c) => {
        const value = patch[c];
        return value === null ? null : UPDATABLE.get(c)!.mapToDriverValue(value);
      });
      updateStatement(client, columns).run(...values, updatedAt, dealId);
    },
  };
}

/**
 * Runs `work` in one IMMEDIATE transaction: the checks it makes (deal, user, file, loans
 * package exist) hold for the writes it applies, and the whole batch commits (one fsync) or,
 * should `work` throw, nothing of it does.
 */
export function inDealUpdateTransaction<T>(db: Db, work: (s: DealUpdateSession) => T): T {
  return db.transaction((tx) => work(session(tx as unknown as Db, db.$client)), { behavior: 'immediate' });
}
