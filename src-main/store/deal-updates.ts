import type { Statement } from 'better-sqlite3';
import { Column, getTableColumns } from 'drizzle-orm';
import type { Db } from './db';
import type { DealRow } from './deals';
import { deals } from './schema';
import { dealEditRecorder, type FieldChange } from './sync-outbox';
import { existingUsers, userExists } from './users';

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

/**
 * A deal as the bulk update reads it: its id and the columns it asked for. The other columns are
 * absent (not read), which is not the same as null.
 */
export type DealSnapshot = Pick<DealRow, 'id'> & Partial<DealRow>;

/** What the gateway may ask while it validates a batch (inside the batch's transaction). */
export interface DealUpdateSession {
  /**
   * The deals among `ids` that exist, with the current values of `columns` (and the id). One
   * query, whatever the number of ids: read only what the batch needs, a wide row costs.
   */
  deals(ids: readonly string[], columns: Iterable<DealColumn>): Map<string, DealSnapshot>;
  /**
   * Looks up all these users in one query, so that userExists answers them from memory. The
   * batch writes no users, so the answers hold for the whole transaction.
   */
  loadUsers(ids: Iterable<string>): void;
  userExists(id: string): boolean;
  /** Whether `fileId` is a file of the deal `dealId` (the files table). */
  dealHasFile(dealId: string, fileId: string): boolean;
  /** As loadUsers, for loans packages. */
  loadLoansPackages(ids: Iterable<string>): void;
  loansPackageExists(id: string): boolean;
  /** Writes one deal's accepted changes (one UPDATE) and stamps its updated_at. */
  apply(dealId: string, patch: DealPatch, updatedAt: string): void;
}

/** The SQL name of a deals column, quoted. */
const q = (column: AnyColumn): string => `"${column.name}"`;

/** Statements compiled on demand, keyed by their shape. Bounded: shapes come from requests. */
class StatementCache<T> {
  private readonly entries = new Map<string, T>();
  constructor(private readonly max: number) {}
  get(key: string, make: () => T): T {
    let entry = this.entries.get(key);
    if (entry === undefined) {
      if (this.entries.size >= this.max) this.entries.clear();
      this.entries.set(key, (entry = make()));
    }
    return entry;
  }
}

/** The UPDATE of one set of columns (in patch order), with how each value is stored. */
interface UpdateShape {
  statement: Statement;
  /** null: the value is stored as it is. */
  encoders: (AnyColumn | null)[];
}

interface Statements {
  /** SELECT of some deals columns, by the columns' keys. */
  reads: StatementCache<Statement>;
  /** UPDATE of some deals columns (and updated_at), by the columns' keys in patch order. */
  updates: StatementCache<UpdateShape>;
  file: Statement;
  loansPackages: Statement;
  loansPackage: Statement;
}

/** The compiled statements of the bulk update, per connection. */
const statementCache = new WeakMap<object, Statements>();

function statementsOf(client: Db['$client']): Statements {
  let s = statementCache.get(client);
  if (!s) {
    s = {
      reads: new StatementCache<Statement>(64),
      updates: new StatementCache<UpdateShape>(256),
      file: client.prepare('SELECT 1 FROM files WHERE id = ? AND deal_id = ?').pluck(),
      loansPackages: client.prepare('SELECT id FROM loans_packages WHERE id IN (SELECT value FROM json_each(?))').pluck(),
      loansPackage: client.prepare('SELECT 1 FROM loans_packages WHERE id = ?').pluck(),
    };
    statementCache.set(client, s);
  }
  return s;
}

const ALL_KEYS = Object.keys(COLUMNS) as (keyof DealRow)[];

/**
 * Reads `keys` of the deals among a JSON array of ids. Rows come back as arrays (better-sqlite3
 * builds objects with many keys slowly) and are made into objects here, decoded as drizzle
 * decodes them (e.g. integer booleans).
 */
function readDeals(client: Db['$client'], s: Statements, ids: readonly string[], wanted: ReadonlySet<string>): Map<string, DealSnapshot> {
  const keys = ALL_KEYS.filter((key) => wanted.has(key));
  const statement = s.reads.get(keys.join(','), () =>
    client
      .prepare(`SELECT ${keys.map((key) => q(COLUMNS[key])).join(', ')} FROM "deals" WHERE ${q(COLUMNS.id)} IN (SELECT value FROM json_each(?))`)
      .raw(),
  );
  const decoders = keys.map((key) => {
    const column = COLUMNS[key];
    return column.mapFromDriverValue === Column.prototype.mapFromDriverValue ? null : column;
  });
  const idIndex = keys.indexOf('id');
  const found = new Map<string, DealSnapshot>();
  for (const values of statement.all(JSON.stringify(ids)) as unknown[][]) {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = values[i];
      const decoder = decoders[i];
      row[keys[i]!] = decoder && value !== null ? decoder.mapFromDriverValue(value) : value;
    }
    found.set(values[idIndex] as string, row as DealSnapshot);
  }
  return found;
}

function updateShape(client: Db['$client'], s: Statements, key: string, columns: readonly DealColumn[]): UpdateShape {
  return s.updates.get(key, () => {
    const set = columns.map((c) => `${q(UPDATABLE.get(c)!)} = ?`);
    set.push(`${q(COLUMNS.updatedAt)} = ?`);
    return {
      statement: client.prepare(`UPDATE "deals" SET ${set.join(', ')} WHERE ${q(COLUMNS.id)} = ?`),
      encoders: columns.map((c) => {
        const column = UPDATABLE.get(c)!;
        return column.mapToDriverValue === Column.prototype.mapToDriverValue ? null : column;
      }),
    };
  });
}

/**
 * Existence checks answered from memory once asked: `load` asks many ids in one query, `one` a
 * single id. Valid for one transaction (the bulk update writes none of the tables asked).
 */
function existence(
  many: (ids: readonly string[]) => Iterable<string>,
  one: (id: string) => boolean,
): { load(ids: Iterable<string>): void; has(id: string): boolean } {
  const known = new Map<string, boolean>();
  return {
    load(ids) {
      const unknown = [...new Set(ids)].filter((id) => !known.has(id));
      if (unknown.length === 0) return;
      for (const id of unknown) known.set(id, false);
      for (const id of many(unknown)) known.set(id, true);
    },
    has(id) {
      let exists = known.get(id);
      if (exists === undefined) known.set(id, (exists = one(id)));
      return exists;
    },
  };
}

/** `db` is the connection the batch's transaction runs on (its statements run inside it). */
function session(db: Db): DealUpdateSession {
  const client = db.$client;
  const s = statementsOf(client);
  const users = existence(
    (ids) => existingUsers(db, ids),
    (id) => userExists(db, id),
  );
  const packages = existence(
    (ids) => s.loansPackages.all(JSON.stringify(ids)) as string[],
    (id) => s.loansPackage.get(id) !== undefined,
  );
  return {
    deals(ids, columns) {
      if (ids.length === 0) return new Map();
      return readDeals(client, s, [...new Set(ids)], new Set<string>(['id', ...columns]));
    },
    loadUsers: users.load,
    userExists: users.has,
    dealHasFile(dealId, fileId) {
      return s.file.get(fileId, dealId) !== undefined;
    },
    loadLoansPackages: packages.load,
    loansPackageExists: packages.has,
    apply(dealId, patch, updatedAt) {
      const columns: DealColumn[] = [];
      const values: unknown[] = [];
      for (const column of Object.keys(patch) as DealColumn[]) {
        const value = patch[column];
        if (value === undefined) continue;
        columns.push(column);
        values.push(value);
      }
      const { statement, encoders } = updateShape(client, s, columns.join(','), columns);
      for (let i = 0; i < values.length; i++) {
        const encoder = encoders[i];
        if (encoder && values[i] !== null) values[i] = encoder.mapToDriverValue(values[i]);
      }
      statement.run(...values, updatedAt, dealId);
    },
  };
}

/**
 * Runs `work` in one IMMEDIATE transaction: the checks it makes (deal, user, file, loans
 * package exist) hold for the writes it applies, and the whole batch commits (one fsync) or,
 * should `work` throw, nothing of it does.
 */
export function inDealUpdateTransaction<T>(db: Db, work: (s: DealUpdateSession) => T): T {
  return db.transaction(() => work(session(db)), { behavior: 'immediate' });
}

/**
 * The checks of a bulk update without its writes, for a what-if (previewDealEdit): the same
 * reads and existence checks; apply refuses. The caller runs it synchronously (inside one read
 * transaction if it wants one snapshot); it never opens a write transaction.
 */
export function readOnlyDealSession(db: Db): DealUpdateSession {
  return {
    ...session(db),
    apply() {
      throw new Error('readOnlyDealSession: a preview writes nothing');
    },
  };
}

// --- the bulk update's reads and its one write, as functions (the storage port's methods) ------

/** The deals among `ids` that exist, with the current values of `columns` (and the id). One query. */
export function dealSnapshots(db: Db, ids: readonly string[], columns: Iterable<DealColumn>): Map<string, DealSnapshot> {
  if (ids.length === 0) return new Map();
  const client = db.$client;
  return readDeals(client, statementsOf(client), [...new Set(ids)], new Set<string>(['id', ...columns]));
}

/** The ids among `ids` of existing loans packages; one query. */
export function existingLoansPackages(db: Db, ids: Iterable<string>): Set<string> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Set();
  return new Set(statementsOf(db.$client).loansPackages.all(JSON.stringify(list)) as string[]);
}

/** A deal holding a loan id: its id and its name (for the message that refuses a duplicate). */
export interface LoanIdHolder {
  id: string;
  seedName: string;
}

/**
 * What two loan ids are compared by: the value trimmed and in lower case, as an import file's
 * deal reference is matched to a loan id (an import would find "ln-7" and "LN-7 " the same loan).
 */
export function loanIdKey(loanId: string): string {
  return loanId.trim().toLowerCase();
}

/**
 * The deals holding each of these loan ids, by loanIdKey (key -> deal ids, in id order); a key
 * no deal holds is absent. One pass over the deals' loan ids, keyed in JavaScript like the
 * import's deal lookup (toLowerCase folds every script, SQLite's lower() only ASCII); it runs
 * only when a request sets a loan id.
 */
export function dealsHoldingLoanIds(db: Db, keys: Iterable<string>): Map<string, LoanIdHolder[]> {
  const wanted = new Set(keys);
  const holders = new Map<string, LoanIdHolder[]>();
  if (wanted.size === 0) return holders;
  const rows = db.$client
    .prepare('SELECT loan_id, id, seed_name FROM deals WHERE loan_id IS NOT NULL ORDER BY id')
    .raw()
    .iterate() as IterableIterator<[string, string, string]>;
  for (const [loanId, id, seedName] of rows) {
    const key = loanIdKey(loanId);
    if (!wanted.has(key)) continue;
    const list = holders.get(key);
    if (list) list.push({ id, seedName });
    else holders.set(key, [{ id, seedName }]);
  }
  return holders;
}

/** The deal of each of these files that exists (file id -> deal id, null for a file of no deal). */
export function fileDealIds(db: Db, fileIds: Iterable<string>): Map<string, string | null> {
  const list = [...new Set(fileIds)];
  if (list.length === 0) return new Map();
  const rows = db.$client
    .prepare('SELECT id, deal_id FROM files WHERE id IN (SELECT value FROM json_each(?))')
    .raw()
    .all(JSON.stringify(list)) as [string, string | null][];
  return new Map(rows);
}

/** One deal's accepted changes in a bulk update, and what the sync outbox records of them. */
export interface DealUpdateWrite {
  dealId: string;
  /** The columns the update writes, with their new values. */
  patch: DealPatch;
  /** The item's updates as the outbox records them (property, value before, value after): queued only for a synced deal. */
  edits: readonly FieldChange[];
}

/**
 * Writes a bulk update's accepted changes in order (one UPDATE per deal, stamping updated_at),
 * and queues the edits of deals synced with a platform in the outbox. Run it inside the
 * transaction whose reads decided the patches. (The PostgreSQL platform never links to a remote:
 * its engine writes the patches and queues nothing.)
 */
export function applyDealUpdates(db: Db, updates: readonly DealUpdateWrite[], updatedAt: string): void {
  if (updates.length === 0) return;
  const s = session(db);
  const outbox = dealEditRecorder(db, updates.map((u) => u.dealId));
  for (const { dealId, patch, edits } of updates) {
    s.apply(dealId, patch, updatedAt);
    if (outbox.tracks(dealId)) outbox.record(dealId, edits);
  }
}
