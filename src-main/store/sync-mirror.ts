import { eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { CREATED_FIELD } from '../contract';
import type { Db } from './db';
import { recordHistory, type HistoryActor, type HistoryChange } from './deal-history';
import {
  alternativeValuations,
  cashFlowTransactions,
  collaterals,
  companies,
  components,
  dealCollaterals,
  dealCompanies,
  dealPeople,
  deals,
  fundSources,
  fundUses,
  fundsAnalyses,
  livingUnits,
  loansPackages,
  marketData,
  people,
  rentRollItems,
  rentRolls,
  revenueValuations,
  salesComps,
  users,
} from './schema';
import { infoOf, insertRows, moveAside, quote, reconcile, same, selectIn, statement, type Client, type Row } from './reconcile';

// The working copy of a deal pulled from the central platform (docs/sync.md). The sync
// layer turns the platform's reads into the rows below; this module writes them as a DIFF
// against what is stored: a row that is already as desired is not written, a row the platform
// no longer has is deleted, rows the platform never had (local imports) are left alone.
// Callers run it inside their transaction. The diff itself is the generic reconcile engine
// (reconcile.ts); this module knows what a pulled deal's scope is and in which order it is written.

export interface MirrorCollateral {
  collateral: typeof collaterals.$inferInsert;
  components: (typeof components.$inferInsert)[];
  marketData: (typeof marketData.$inferInsert)[];
  salesComps: (typeof salesComps.$inferInsert)[];
  livingUnits: (typeof livingUnits.$inferInsert)[];
  rentRolls: (typeof rentRolls.$inferInsert)[];
  rentRollItems: (typeof rentRollItems.$inferInsert)[];
  revenueValuations: (typeof revenueValuations.$inferInsert)[];
  cashFlowTransactions: (typeof cashFlowTransactions.$inferInsert)[];
  alternativeValuations: (typeof alternativeValuations.$inferInsert)[];
}

export interface MirrorDeal {
  deal: typeof deals.$inferInsert;
  /** Users the deal refers to (its owner): created when missing, as the platform has them. */
  users: string[];
  loansPackageIds: string[];
  people: (typeof people.$inferInsert)[];
  companies: (typeof companies.$inferInsert)[];
  personIds: string[];
  companyIds: string[];
  /** In the deal's order. */
  collaterals: MirrorCollateral[];
  funds: { analysis: typeof fundsAnalyses.$inferInsert; sources: (typeof fundSources.$inferInsert)[]; uses: (typeof fundUses.$inferInsert)[] } | null;
}

/** What an earlier pull brought for a deal: removed from it when the platform no longer has it. */
export interface MirrorScope {
  collateralIds: readonly string[];
  personIds: readonly string[];
  companyIds: readonly string[];
}

function ensureIds(db: Db, table: typeof users | typeof loansPackages, ids: readonly string[], row: (id: string) => Row): number {
  const wanted = [...new Set(ids.filter(Boolean))];
  if (wanted.length === 0) return 0;
  const have = new Set(selectIn(db, table, 'id', wanted).map((r) => r.id as string));
  const missing = wanted.filter((id) => !have.has(id));
  if (missing.length) insertRows(db, table, missing.map(row));
  return missing.length;
}

/** Links of one deal (deal_people / deal_companies): exactly `ids`. */
function reconcileLinks(db: Db, table: typeof dealPeople | typeof dealCompanies, dealId: string, ids: readonly string[]): number {
  const key = table === dealPeople ? 'personId' : 'companyId';
  const info = infoOf(table);
  const other = quote(info.byProp.get(key)!.name);
  const dealColumn = quote(info.byProp.get('dealId')!.name);
  const existing = new Set(statement(db, `SELECT ${other} FROM ${quote(info.name)} WHERE ${dealColumn} = ?`).pluck().all(dealId) as string[]);
  const wanted = new Set(ids);
  let written = 0;
  const gone = [...existing].filter((id) => !wanted.has(id));
  if (gone.length) {
    statement(db, `DELETE FROM ${quote(info.name)} WHERE ${dealColumn} = ? AND ${other} IN (SELECT value FROM json_each(?))`).run(dealId, JSON.stringify(gone));
    written += gone.length;
  }
  const added = [...wanted].filter((id) => !existing.has(id));
  if (added.length) {
    insertRows(db, table, added.map((id) => ({ dealId, [key]: id })));
    written += added.length;
  }
  return written;
}

/** Whether any row of `table` has `id` in its `prop` column. */
function linked(db: Db, table: SQLiteTable, prop: string, id: string): boolean {
  const info = infoOf(table);
  return statement(db, `SELECT 1 FROM ${quote(info.name)} WHERE ${quote(info.byProp.get(prop)!.name)} = ? LIMIT 1`).get(id) !== undefined;
}

function deleteById(db: Db, table: SQLiteTable, id: string): number {
  const info = infoOf(table);
  return statement(db, `DELETE FROM ${quote(info.name)} WHERE ${quote(info.byProp.get('id')!.name)} = ?`).run(id).changes;
}

/** Deletes the collaterals (with everything under them) that no deal links any more. */
function deleteUnlinkedCollaterals(db: Db, ids: readonly string[]): number {
  let written = 0;
  for (const id of new Set(ids)) {
    if (linked(db, dealCollaterals, 'collateralId', id)) continue;
    written += deleteById(db, collaterals, id);
  }
  return written;
}

function deleteUnlinkedParties(db: Db, personIds: readonly string[], companyIds: readonly string[]): number {
  let written = 0;
  for (const id of new Set(personIds)) {
    if (!linked(db, dealPeople, 'personId', id)) written += deleteById(db, people, id);
  }
  for (const id of new Set(companyIds)) {
    if (!linked(db, dealCompanies, 'companyId', id)) written += deleteById(db, companies, id);
  }
  return written;
}

/** The rows under a deal's collaterals (components, rent rolls, valuations, ...), each table scoped by its parents. */
function reconcileUnderCollaterals(db: Db, m: MirrorDeal, collateralIds: readonly string[], now: string): number {
  const all = <K extends keyof MirrorCollateral>(key: K) => m.collaterals.flatMap((c) => c[key] as Row[]);
  const idsOf = (rows: readonly Row[]) => rows.map((r) => r.id as string);
  /** Makes the rows of `table` whose `parentProp` is one of `parentIds` equal to `rows`, keyed by `key`. */
  const under = (table: SQLiteTable, parentProp: string, parentIds: readonly string[], rows: readonly Row[], key = 'id') =>
    reconcile(db, table, key, selectIn(db, table, parentProp, parentIds), rows, now);
  const componentRows = all('components');
  const componentIds = idsOf(componentRows);
  const rollRows = all('rentRolls');
  const valuationRows = all('revenueValuations');
  return (
    under(components, 'collateralId', collateralIds, componentRows) +
    under(marketData, 'componentId', componentIds, all('marketData'), 'componentId') +
    under(salesComps, 'componentId', componentIds, all('salesComps')) +
    under(livingUnits, 'componentId', componentIds, all('livingUnits')) +
    under(rentRolls, 'componentId', componentIds, rollRows) +
    under(rentRollItems, 'rentRollId', idsOf(rollRows), all('rentRollItems')) +
    under(revenueValuations, 'collateralId', collateralIds, valuationRows) +
    under(cashFlowTransactions, 'valuationId', idsOf(valuationRows), all('cashFlowTransactions')) +
    under(alternativeValuations, 'collateralId', collateralIds, all('alternativeValuations'))
  );
}

/** How a pull records its changes in the deal history: as whom, and each column's field name. */
export interface MirrorHistory {
  actor: HistoryActor;
  fieldOf: (column: string) => string;
}

const NOT_HISTORY = new Set(['id', 'createdAt', 'updatedAt']);

/**
 * The changes a pulled deal row makes to the stored one: each column that differs, or one
 * creation entry for a deal new here.
 */
function mirrorDealChanges(deal: MirrorDeal['deal'], before: Row | null, fieldOf: (column: string) => string): HistoryChange[] {
  const dealId = deal.id;
  if (!before) return [{ dealId, field: CREATED_FIELD, newValue: { name: deal.seedName, loanAmount: deal.grossLoan, from: 'platform' } }];
  const changes: HistoryChange[] = [];
  for (const [column, value] of Object.entries(deal)) {
    if (value === undefined || NOT_HISTORY.has(column) || same(before[column], value)) continue;
    changes.push({ dealId, field: fieldOf(column), oldValue: before[column] ?? null, newValue: value });
  }
  return changes;
}

export interface MirrorOptions {
  /**
   * The collaterals and every row under them are as the last pull of these same reads wrote
   * them (the caller compared the reads' hashes with the shadow's): only the deal's links to
   * them are reconciled, and their rows are not read back. A pull of a deal whose own fields
   * changed (a note, a rate) then reads and writes a few rows instead of about a hundred.
   */
  collateralsAsStored?: boolean;
  /**
   * The collaterals, people and companies of the graph that this store never read from the
   * platform (no shadow). One of them held here under the same id but linked only to other deals
   * is another record from the same source of ids (a copy, a demo generated alike): it is moved
   * aside (new id, its links with it) instead of being overwritten with the platform's.
   */
  neverRead?: { collateralIds: ReadonlySet<string>; personIds: ReadonlySet<string>; companyIds: ReadonlySet<string> };
}

/**
 * Moves aside the rows of `table` among `ids` (those that exist) that are linked (through
 * `links.prop`) to deals but not to `dealId`: records of other deals that only share the id.
 */
function moveAsideOthers(db: Db, table: SQLiteTable, links: SQLiteTable, prop: string, dealId: string, ids: ReadonlySet<string>): void {
  if (ids.size === 0) return;
  const existing = selectIn(db, table, 'id', [...ids]).map((r) => r.id as string);
  if (existing.length === 0) return;
  const info = infoOf(links);
  const dealsOf = statement(db, `SELECT ${quote(info.byProp.get('dealId')!.name)} FROM ${quote(info.name)} WHERE ${quote(info.byProp.get(prop)!.name)} = ?`).pluck();
  for (const id of existing) {
    const linkedTo = dealsOf.all(id) as string[];
    if (linkedTo.length > 0 && !linkedTo.includes(dealId)) moveAside(db, table, 'id', id);
  }
}

/**
 * Writes the working copy of one pulled deal as a diff. `previous` is what the last pull of the
 * deal brought (null for a deal new here). Returns the number of rows written (0: unchanged).
 */
export function applyMirrorDeal(db: Db, m: MirrorDeal, previous: MirrorScope | null, now: string, history?: MirrorHistory, options: MirrorOptions = {}): number {
  const dealId = m.deal.id;
  let written = 0;
  // What the change feed's triggers would have marked, for a pull that pauses them: a person
  // or company updated marks every deal linked to it (one inserted is linked to none yet).
  const changedPeople: string[] = [];
  const changedCompanies: string[] = [];
  // The deal's row as it was, for the history of what this pull changes (same transaction).
  const before = history ? (selectIn(db, deals, 'id', [dealId])[0] ?? null) : null;
  if (history) recordHistory(db, history.actor, now, mirrorDealChanges(m.deal, before, history.fieldOf));
  if (options.neverRead) {
    moveAsideOthers(db, people, dealPeople, 'personId', dealId, options.neverRead.personIds);
    moveAsideOthers(db, companies, dealCompanies, 'companyId', dealId, options.neverRead.companyIds);
    moveAsideOthers(db, collaterals, dealCollaterals, 'collateralId', dealId, options.neverRead.collateralIds);
  }
  written += ensureIds(db, users, m.users, (id) => ({ id }));
  written += ensureIds(db, loansPackages, m.loansPackageIds, (id) => ({ id, name: id }));
  written += reconcile(db, people, 'id', selectIn(db, people, 'id', m.people.map((p) => p.id)), m.people, now, changedPeople);
  written += reconcile(db, companies, 'id', selectIn(db, companies, 'id', m.companies.map((c) => c.id)), m.companies, now, changedCompanies);
  written += reconcile(db, deals, 'id', selectIn(db, deals, 'id', [dealId]), [m.deal], now);
  const beforeCollaterals = written;

  const collateralRows = m.collaterals.map((c) => c.collateral);
  const collateralIds = collateralRows.map((c) => c.id!);
  if (!options.collateralsAsStored) written += reconcile(db, collaterals, 'id', selectIn(db, collaterals, 'id', collateralIds), collateralRows, now);

  // deal_collaterals: the platform's collaterals in its order; links to collaterals it never had stay.
  const links = selectIn(db, dealCollaterals, 'dealId', [dealId]) as { collateralId: string; position: number }[];
  const wantedPosition = new Map(collateralIds.map((id, position) => [id, position]));
  const known = new Set([...(previous?.collateralIds ?? []), ...collateralIds]);
  const removedCollaterals: string[] = [];
  const linkTable = infoOf(dealCollaterals);
  const linkWhere = `${quote(linkTable.byProp.get('dealId')!.name)} = ? AND ${quote(linkTable.byProp.get('collateralId')!.name)} = ?`;
  for (const link of links) {
    const position = wantedPosition.get(link.collateralId);
    if (position === undefined) {
      if (!known.has(link.collateralId)) continue;
      statement(db, `DELETE FROM ${quote(linkTable.name)} WHERE ${linkWhere}`).run(dealId, link.collateralId);
      removedCollaterals.push(link.collateralId);
      written += 1;
    } else if (link.position !== position) {
      statement(db, `UPDATE ${quote(linkTable.name)} SET ${quote(linkTable.byProp.get('position')!.name)} = ? WHERE ${linkWhere}`).run(position, dealId, link.collateralId);
      written += 1;
    }
  }
  const linkedIds = new Set(links.map((l) => l.collateralId));
  const newLinks = collateralIds.filter((id) => !linkedIds.has(id)).map((id) => ({ dealId, collateralId: id, position: wantedPosition.get(id)! }));
  if (newLinks.length) {
    insertRows(db, dealCollaterals, newLinks);
    written += newLinks.length;
  }
  for (const id of previous?.collateralIds ?? []) if (!wantedPosition.has(id)) removedCollaterals.push(id);

  const beforeLinks = written;
  written += reconcileLinks(db, dealPeople, dealId, m.personIds);
  written += reconcileLinks(db, dealCompanies, dealId, m.companyIds);
  const linksWritten = written - beforeLinks;

  if (!options.collateralsAsStored) written += reconcileUnderCollaterals(db, m, collateralIds, now);

  const fundsRows = m.funds ? [m.funds.analysis as Row] : [];
  written += reconcile(db, fundsAnalyses, 'id', selectIn(db, fundsAnalyses, 'dealId', [dealId]), fundsRows, now);
  if (m.funds) {
    const fundsId = m.funds.analysis.id!;
    written += reconcile(db, fundSources, 'id', selectIn(db, fundSources, 'fundsId', [fundsId]), m.funds.sources, now);
    written += reconcile(db, fundUses, 'id', selectIn(db, fundUses, 'fundsId', [fundsId]), m.funds.uses, now);
  }

  // Collaterals and the rows under them (the links to them and the party links excluded): the triggers mark every deal linked to such a collateral.
  const collateralsWritten = written - beforeCollaterals - linksWritten;
  written += deleteUnlinkedCollaterals(db, removedCollaterals);
  if (written > 0 && feedPaused(db)) markPulledDeal(db, dealId, collateralsWritten > 0 ? collateralIds : [], changedPeople, changedCompanies);
  const keptPeople = new Set(m.personIds);
  const keptCompanies = new Set(m.companyIds);
  written += deleteUnlinkedParties(
    db,
    (previous?.personIds ?? []).filter((id) => !keptPeople.has(id)),
    (previous?.companyIds ?? []).filter((id) => !keptCompanies.has(id)),
  );
  return written;
}

/** Removes a deal the platform no longer has, with what only it used of `scope`. */
export function removeMirrorDeal(db: Db, dealId: string, scope: MirrorScope): number {
  let written = deleteById(db, deals, dealId);
  written += deleteUnlinkedCollaterals(db, scope.collateralIds);
  written += deleteUnlinkedParties(db, scope.personIds, scope.companyIds);
  return written;
}

/** Removes a deal created here (replaced by the platform's copy) and the collaterals only it had. */
export function removeLocalDeal(db: Db, dealId: string): number {
  const collateralIds = db
    .select({ id: dealCollaterals.collateralId })
    .from(dealCollaterals)
    .where(eq(dealCollaterals.dealId, dealId))
    .all()
    .map((r) => r.id);
  const written = db.delete(deals).where(eq(deals.id, dealId)).run().changes;
  return written + deleteUnlinkedCollaterals(db, collateralIds);
}

/**
 * Checkpoints the WAL every `pages` pages (instead of SQLite's 1,000) until the returned function
 * is called, which restores the setting and checkpoints once. A pull commits a deal at a time:
 * with the default, a checkpoint (copying pages to the database file, and an fsync) runs every
 * few commits and copies the pages the next commits change again.
 */
export function spaceCheckpoints(db: Db, pages: number): () => void {
  const client = db.$client;
  const previous = client.pragma('wal_autocheckpoint', { simple: true }) as number;
  // Disabled on purpose (0): left alone.
  if (previous <= 0 || pages <= previous) return () => undefined;
  client.pragma(`wal_autocheckpoint = ${Math.floor(pages)}`);
  return () => {
    client.pragma(`wal_autocheckpoint = ${previous}`);
    // PASSIVE: never waits for another connection's readers (what is left goes at the next one).
    client.pragma('wal_checkpoint(PASSIVE)');
  };
}

/**
 * The change feed's row whose presence pauses its per-row triggers (migration
 * 0008_change_feed_pause); the head is row 1. It exists only inside pausedChangeFeed, which
 * runs in the caller's transaction: no other connection ever sees it.
 */
const FEED_PAUSE_ID = 2;
const pauseDepth = new WeakMap<Client, number>();

function feedPaused(db: Db): boolean {
  return (pauseDepth.get(db.$client) ?? 0) > 0;
}

/**
 * Runs `work` (inside the caller's transaction) with the change feed's per-row triggers
 * paused: a pulled deal writes about a hundred rows, and each row's trigger took a sequence
 * number and upserted the deal's feed row (15-25 % of a pull's CPU). Instead applyMirrorDeal
 * marks each deal it wrote once, with what its rows' triggers would have marked: the deal,
 * the deals linked to a person or company whose row it updated, and, when it wrote a collateral
 * or rows under one, the deals linked to its collaterals. Only applyMirrorDeal may write the
 * deal graph's tables inside `work`. A rollback (of `work`, a savepoint or the transaction)
 * takes its marks back with its rows.
 */
export function pausedChangeFeed<T>(db: Db, work: () => T): T {
  const client = db.$client;
  if (!client.inTransaction) throw new Error('the change feed is paused only inside a transaction');
  const depth = pauseDepth.get(client) ?? 0;
  if (depth === 0) statement(db, `INSERT INTO change_feed (id, store_id, seq) VALUES (${FEED_PAUSE_ID}, '', 0)`).run();
  pauseDepth.set(client, depth + 1);
  try {
    return work();
  } finally {
    pauseDepth.set(client, depth);
    if (depth === 0 && client.inTransaction) statement(db, `DELETE FROM change_feed WHERE id = ${FEED_PAUSE_ID}`).run();
  }
}

/**
 * Marks, as the feed's triggers do, the deal and the deals linked to the given collaterals,
 * people and companies, under one new sequence number. The links to people and companies
 * have no index by person or company (the triggers scan them too): those are read only for
 * the parties a pull changed, which a first pull almost never does.
 */
function markPulledDeal(db: Db, dealId: string, collateralIds: readonly string[], personIds: readonly string[], companyIds: readonly string[]): void {
  statement(db, 'UPDATE change_feed SET seq = seq + 1 WHERE id = 1').run();
  const mark = (deals: string) =>
    `INSERT INTO deal_changes (deal_id, seq, kind)
       SELECT d.id, (SELECT seq FROM change_feed WHERE id = 1), 'Upsert' FROM deals d WHERE d.id IN (${deals})
       ON CONFLICT (deal_id) DO UPDATE SET seq = excluded.seq, kind = excluded.kind`;
  if (collateralIds.length === 0) statement(db, mark('?')).run(dealId);
  else statement(db, mark('SELECT ? UNION SELECT deal_id FROM deal_collaterals WHERE collateral_id IN (SELECT value FROM json_each(?))')).run(dealId, JSON.stringify(collateralIds));
  if (personIds.length > 0) statement(db, mark('SELECT deal_id FROM deal_people WHERE person_id IN (SELECT value FROM json_each(?))')).run(JSON.stringify(personIds));
  if (companyIds.length > 0) statement(db, mark('SELECT deal_id FROM deal_companies WHERE company_id IN (SELECT value FROM json_each(?))')).run(JSON.stringify(companyIds));
}

/** Runs `work` in one IMMEDIATE transaction (better-sqlite3 nests it as a savepoint when needed). */
export function inSyncTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(() => work(), { behavior: 'immediate' });
}

/** Sets the created_at of deals (their place in getAllDealIds), leaving every other column as it is. */
export function setDealCreatedAt(db: Db, values: ReadonlyMap<string, string>): void {
  for (const [id, createdAt] of values) db.update(deals).set({ createdAt }).where(eq(deals.id, id)).run();
}

/** The created_at of deals (the order getAllDealIds lists them in). */
export function dealCreatedAt(db: Db, ids: readonly string[]): Map<string, string> {
  if (ids.length === 0) return new Map();
  // Two columns, not the whole row: a pull through the feed checks every listed deal's place.
  const info = infoOf(deals);
  const rows = statement(
    db,
    `SELECT ${quote(info.byProp.get('id')!.name)}, ${quote(info.byProp.get('createdAt')!.name)} FROM ${quote(info.name)} WHERE ${quote(info.byProp.get('id')!.name)} IN (SELECT value FROM json_each(?))`,
  )
    .raw(true)
    .all(JSON.stringify(ids)) as [string, string][];
  return new Map(rows);
}

/** Sets a deal's working-copy columns (take theirs). */
export function setDealColumns(db: Db, dealId: string, values: Partial<typeof deals.$inferInsert>): void {
  db.update(deals)
    .set({ ...values, updatedAt: new Date().toISOString() })
    .where(eq(deals.id, dealId))
    .run();
}

