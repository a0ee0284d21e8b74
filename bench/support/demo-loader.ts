// Loads the generator's demo portfolio into a store: the same rows seedDemoPortfolio writes
// (checked in every run, see children/build-store.ts), also into a store that already has deals
// (seedDemoPortfolio leaves those alone). It needs the schema's column objects to map values as
// drizzle does, hence the one drizzle import in bench/.
// eslint-disable-next-line no-restricted-imports
import { getTableColumns, getTableName } from 'drizzle-orm';
import type { DemoPortfolio } from '../../src-main/demo/generate';
import { DEMO_TABLE_ORDER } from '../../src-main/demo/generate';
import { BULK_TABLES } from '../../src-main/store/bulk-insert';
import type { Database, RawDb } from './raw-sqlite';

/** The schema table each portfolio key fills: the store's bulk-insert map, as the product seed uses it. */
const TABLES = BULK_TABLES;

/** Users and loans packages may already exist (demo/seed.ts: MAY_EXIST, ON CONFLICT DO NOTHING). */
const MAY_EXIST: ReadonlySet<keyof DemoPortfolio> = new Set(['users', 'loansPackages']);

export function tableNameOf(key: keyof DemoPortfolio): string {
  return getTableName(TABLES[key]);
}

/**
 * Inserts a generated portfolio the way seedDemoPortfolio does (same rows, same order, same
 * value mapping through the schema's columns, omitted columns left to their SQL defaults), with
 * one prepared single-row INSERT per table and column set. The caller owns the transaction.
 */
export function loadPortfolio(db: RawDb, portfolio: DemoPortfolio): number {
  let rows = 0;
  for (const key of DEMO_TABLE_ORDER) {
    const table = TABLES[key];
    const name = getTableName(table);
    const columns = Object.entries(getTableColumns(table));
    const statements = new Map<string, Database.Statement>();
    for (const row of portfolio[key] as Record<string, unknown>[]) {
      const present = columns.filter(([k]) => row[k] !== undefined);
      const signature = present.map(([k]) => k).join(',');
      let statement = statements.get(signature);
      if (!statement) {
        const names = present.map(([, c]) => `"${c.name}"`).join(', ');
        const marks = present.map(() => '?').join(', ');
        const verb = MAY_EXIST.has(key) ? 'INSERT OR IGNORE' : 'INSERT';
        statement = db.prepare(`${verb} INTO "${name}" (${names}) VALUES (${marks})`);
        statements.set(signature, statement);
      }
      statement.run(
        present.map(([k, c]) => {
          const value = row[k];
          return value === null ? null : (c.mapToDriverValue(value) as unknown);
        }),
      );
      rows++;
    }
  }
  return rows;
}

/** Every row of every demo table, for comparing two stores (columns in `skip` left out). */
export function dumpDemoTables(db: RawDb, skip: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const key of DEMO_TABLE_ORDER) {
    const name = getTableName(TABLES[key]);
    const rows = db.prepare(`SELECT * FROM "${name}" ORDER BY rowid`).all() as Record<string, unknown>[];
    out.set(name, JSON.stringify(rows.map((r) => Object.entries(r).filter(([c]) => !skip.has(`${name}.${c}`)))));
  }
  return out;
}

/** Columns the generator leaves to an SQL default that reads the clock (differ between two loads). */
export function clockDefaultedColumns(portfolio: DemoPortfolio): Set<string> {
  const out = new Set<string>();
  for (const key of DEMO_TABLE_ORDER) {
    const table = TABLES[key];
    const name = getTableName(table);
    for (const [k, c] of Object.entries(getTableColumns(table))) {
      if (c.hasDefault && portfolio[key].some((r) => (r as Record<string, unknown>)[k] === undefined)) out.add(`${name}.${c.name}`);
    }
  }
  return out;
}

