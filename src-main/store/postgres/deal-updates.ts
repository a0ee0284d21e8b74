import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DealColumn, DealSnapshot, DealUpdateWrite, LoanIdHolder } from '../deal-updates';
import type { PgDb } from './db';
import { inTransaction } from './collateral-figures';
import { anyId, binary } from './statements';
import { deals, files, loansPackages } from './schema';

// The PostgreSQL twins of the bulk update's reads and its one write (store/deal-updates.ts:
// dealSnapshots, existingLoansPackages, fileDealIds, applyDealUpdates), run inside the
// caller's unit of work (StorePort.transaction).
//
// Per-deal atomicity under concurrent requests. SQLite runs the whole bulk update in one
// BEGIN IMMEDIATE transaction: no other writer runs between its reads and its writes. On
// PostgreSQL (READ COMMITTED, several server instances) two bulk updates of the same deal could
// both read its old values, both pass their checks against them, and the later commit would
// overwrite the earlier one's change unseen. So dealSnapshots, inside a write transaction,
// reads the deals `FOR UPDATE`: each deal row stays locked until the unit commits, a concurrent
// update of the same deal waits and then reads the committed values (READ COMMITTED re-reads a
// locked row once its locker commits), and the checks always see what the write replaces. Rows
// are locked in id order (byte order), so two requests touching overlapping deals queue instead
// of deadlocking. Inside a read-only snapshot (a what-if preview) nothing is locked: PostgreSQL
// refuses row locks there, and a preview writes nothing.

const COLUMNS = getTableColumns(deals) as Record<string, PgColumn>;

/** Whether the unit `pg` runs in is read-only (asked once per unit). */
const readOnlyOf = new WeakMap<PgDb, Promise<boolean>>();
function isReadOnly(pg: PgDb): Promise<boolean> {
  let answer = readOnlyOf.get(pg);
  if (!answer) {
    answer = pg.execute(sql`SELECT current_setting('transaction_read_only') = 'on' AS "readOnly"`).then((r) => r.rows[0]!.readOnly === true);
    readOnlyOf.set(pg, answer);
  }
  return answer;
}

/**
 * The deals among `ids` that exist, with the current values of `columns` (and the id); one
 * query. Inside a write transaction the rows are locked until it ends (above).
 */
export async function dealSnapshots(pg: PgDb, ids: readonly string[], columns: Iterable<DealColumn>): Promise<Map<string, DealSnapshot>> {
  if (ids.length === 0) return new Map();
  const fields: Record<string, PgColumn> = { id: deals.id };
  for (const column of columns) {
    const found = COLUMNS[column];
    if (!found) throw new Error(`dealSnapshots: no deals column ${column}`);
    fields[column] = found;
  }
  const query = pg
    .select(fields)
    .from(deals)
    .where(anyId(deals.id, [...new Set(ids)]))
    .orderBy(binary(deals.id));
  const lock = inTransaction(pg) && !(await isReadOnly(pg));
  const rows = (await (lock ? query.for('update') : query)) as unknown as DealSnapshot[];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The ids among `ids` of existing loans packages; one query. */
export async function existingLoansPackages(pg: PgDb, ids: Iterable<string>): Promise<Set<string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Set();
  const rows = await pg.select({ id: loansPackages.id }).from(loansPackages).where(anyId(loansPackages.id, list));
  return new Set(rows.map((r) => r.id));
}

/**
 * The deals holding each of these loan ids, by loanIdKey (key -> deal ids, in id order); one
 * query, the key taken in SQL (lower(btrim()): the same key for every loan id of letters,
 * digits and punctuation). Inside a write unit it first takes a transaction advisory lock per
 * key (in sorted order, so two requests queue rather than deadlock): two bulk updates giving the
 * same loan id to two deals at once would otherwise both read "no holder" under READ COMMITTED
 * and both commit. The locks last until the unit ends, so the later one reads the earlier one's
 * committed holder.
 */
export async function dealsHoldingLoanIds(pg: PgDb, keys: Iterable<string>): Promise<Map<string, LoanIdHolder[]>> {
  const list = [...new Set(keys)].sort();
  const holders = new Map<string, LoanIdHolder[]>();
  if (list.length === 0) return holders;
  if (inTransaction(pg) && !(await isReadOnly(pg))) {
    await pg.execute(sql`SELECT pg_advisory_xact_lock(hashtext('deals.loan_id:' || k)) FROM unnest(${sql.param(list)}::text[]) AS t(k)`);
  }
  const key = sql<string>`lower(btrim(${deals.loanId}))`;
  const rows = await pg.select({ key, id: deals.id, seedName: deals.seedName }).from(deals).where(anyId(key, list)).orderBy(binary(deals.id));
  for (const { key: k, id, seedName } of rows) {
    const list = holders.get(k);
    if (list) list.push({ id, seedName });
    else holders.set(k, [{ id, seedName }]);
  }
  return holders;
}

/** The deal of each of these files that exists (file id -> deal id, null for a file of no deal). */
export async function fileDealIds(pg: PgDb, fileIds: Iterable<string>): Promise<Map<string, string | null>> {
  const list = [...new Set(fileIds)];
  if (list.length === 0) return new Map();
  const rows = await pg.select({ id: files.id, dealId: files.dealId }).from(files).where(anyId(files.id, list));
  return new Map(rows.map((r) => [r.id, r.dealId]));
}

/**
 * Writes a bulk update's accepted changes, stamping updated_at: one statement per set of
 * columns written (`UPDATE deals ... FROM unnest(...)`, every deal of that shape in one round
 * trip), not one per deal: on a network database the round trips, not the rows, are the cost.
 * Patches of the same deal are applied in order first (a later value of a column wins), so the
 * rows end as the patches one after another would leave them. The platform on PostgreSQL is
 * never linked to a remote, so no edit is queued in an outbox (`edits` are the outbox's,
 * StorePort.applyDealUpdates). Run it inside the unit whose reads (dealSnapshots, which locked
 * the rows) decided the patches.
 */
export async function applyDealUpdates(pg: PgDb, updates: readonly DealUpdateWrite[], updatedAt: string): Promise<void> {
  const merged = new Map<string, Record<string, unknown>>();
  for (const { dealId, patch } of updates) {
    const set = merged.get(dealId) ?? {};
    for (const [column, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      if (!(column in COLUMNS) || column === 'id' || column === 'createdAt' || column === 'updatedAt') throw new Error(`applyDealUpdates: ${column} is not an updatable deals column`);
      set[column] = value;
    }
    merged.set(dealId, set);
  }
  const shapes = new Map<string, { columns: string[]; ids: string[]; values: unknown[][] }>();
  for (const [dealId, set] of merged) {
    const columns = Object.keys(set).sort();
    const key = columns.join(',');
    let shape = shapes.get(key);
    if (!shape) shapes.set(key, (shape = { columns, ids: [], values: columns.map(() => []) }));
    shape.ids.push(dealId);
    columns.forEach((column, i) => shape.values[i]!.push(set[column]));
  }
  for (const { columns, ids, values } of shapes.values()) {
    const assignments = columns.map((column) => sql`${sql.identifier(COLUMNS[column]!.name)} = v.${sql.identifier(`c_${column}`)}`);
    const arrays = columns.map((column, i) => sql`${sql.param(values[i])}::${sql.raw(COLUMNS[column]!.getSQLType())}[]`);
    const names = columns.map((column) => sql.identifier(`c_${column}`));
    await pg.execute(sql`
      UPDATE deals AS d SET ${sql.join([...assignments, sql`updated_at = ${updatedAt}`], sql`, `)}
      FROM unnest(${sql.param(ids)}::text[]${arrays.length > 0 ? sql`, ${sql.join(arrays, sql`, `)}` : sql``}) AS v(id${names.length > 0 ? sql`, ${sql.join(names, sql`, `)}` : sql``})
      WHERE d.id = v.id`);
  }
}
