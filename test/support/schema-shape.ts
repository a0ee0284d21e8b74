import { is, type Column } from 'drizzle-orm';
import { getTableConfig as pgTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig as sqliteTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';

// The shape of a drizzle schema that both engines must share, whatever the dialect: tables,
// columns (name, type family, nullability, default or not), keys, foreign keys and indexes.

/** Each drizzle column class, by the family of values it holds (what a read returns). */
const FAMILIES: Record<string, string> = {
  SQLiteText: 'text',
  SQLiteTextJson: 'json',
  SQLiteInteger: 'integer',
  SQLiteBoolean: 'boolean',
  SQLiteReal: 'double',
  PgText: 'text',
  PgJson: 'json',
  PgJsonb: 'json',
  PgSmallInt: 'integer',
  PgInteger: 'integer',
  PgBigInt53: 'integer',
  PgBoolean: 'boolean',
  PgDoublePrecision: 'double',
};

export interface ColumnShape {
  family: string;
  notNull: boolean;
  hasDefault: boolean;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** Column lists, each sorted and joined with ',': the primary key, unique columns and indexes. */
  primaryKey: string;
  unique: string[];
  indexes: string[];
  foreignKeys: string[];
}

export type SchemaShape = Record<string, TableShape>;

interface AnyTableConfig {
  name: string;
  columns: Column[];
  primaryKeys: { columns: Column[] }[];
  uniqueConstraints: { columns: Column[] }[];
  indexes: { config: { name: string; unique: boolean; columns: unknown[] } }[];
  foreignKeys: {
    reference(): { columns: Column[]; foreignTable: unknown; foreignColumns: Column[] };
    onDelete?: string;
    onUpdate?: string;
  }[];
}

const list = (columns: readonly { name: string }[]) => columns.map((c) => c.name).join(',');

function tableShape(config: AnyTableConfig, tableName: (table: unknown) => string): TableShape {
  const columns: Record<string, ColumnShape> = {};
  for (const c of config.columns) {
    columns[c.name] = { family: FAMILIES[c.columnType] ?? `unknown (${c.columnType})`, notNull: c.notNull, hasDefault: c.hasDefault };
  }
  const primary = config.primaryKeys.map((k) => list(k.columns));
  for (const c of config.columns) if (c.primary) primary.push(c.name);
  const unique = [
    ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
    ...config.uniqueConstraints.map((u) => list(u.columns)),
  ];
  const indexes = config.indexes.map(
    ({ config: i }) => `${i.unique ? 'unique ' : ''}index ${i.name} (${list(i.columns as { name: string }[])})`,
  );
  const foreignKeys = config.foreignKeys.map((fk) => {
    const r = fk.reference();
    return `(${list(r.columns)}) -> ${tableName(r.foreignTable)}(${list(r.foreignColumns)}) on delete ${fk.onDelete ?? 'no action'} on update ${fk.onUpdate ?? 'no action'}`;
  });
  return { columns, primaryKey: primary.join(' & '), unique: unique.sort(), indexes: indexes.sort(), foreignKeys: foreignKeys.sort() };
}

/** The shape of every table exported by a SQLite or PostgreSQL drizzle schema module. */
export function schemaShape(schema: Record<string, unknown>): SchemaShape {
  const shape: SchemaShape = {};
  for (const table of Object.values(schema)) {
    if (is(table, SQLiteTable)) {
      const config = sqliteTableConfig(table) as unknown as AnyTableConfig;
      shape[config.name] = tableShape(config, (t) => sqliteTableConfig(t as SQLiteTable).name);
    } else if (is(table, PgTable)) {
      const config = pgTableConfig(table) as unknown as AnyTableConfig;
      shape[config.name] = tableShape(config, (t) => pgTableConfig(t as PgTable).name);
    }
  }
  return shape;
}

/** Tables ('table') and columns ('table.column') one engine has on purpose, each with why. */
export type EngineOnly = Record<string, string>;

/**
 * Every difference between two schema shapes, one sentence each ([] when they agree), leaving
 * out what the allow-lists name.
 */
export function schemaDifferences(
  sides: { sqlite: SchemaShape; postgres: SchemaShape },
  only: { sqlite: EngineOnly; postgres: EngineOnly } = { sqlite: {}, postgres: {} },
): string[] {
  const out: string[] = [];
  const names = (o: object) => new Set(Object.keys(o));
  const tables = [...new Set([...names(sides.sqlite), ...names(sides.postgres)])].sort();
  for (const table of tables) {
    const [a, b] = [sides.sqlite[table], sides.postgres[table]];
    if (!a || !b) {
      const side = a ? 'sqlite' : 'postgres';
      if (!(table in only[side])) out.push(`table ${table}: only in ${side === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    const columns = [...new Set([...names(a.columns), ...names(b.columns)])].sort();
    for (const column of columns) {
      const [x, y] = [a.columns[column], b.columns[column]];
      if (!x || !y) {
        const side = x ? 'sqlite' : 'postgres';
        if (!(`${table}.${column}` in only[side])) out.push(`${table}.${column}: only in ${side === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`);
        continue;
      }
      for (const key of ['family', 'notNull', 'hasDefault'] as const) {
        if (x[key] !== y[key]) out.push(`${table}.${column}: ${key} ${String(x[key])} in SQLite, ${String(y[key])} in PostgreSQL`);
      }
    }
    for (const key of ['primaryKey', 'unique', 'indexes', 'foreignKeys'] as const) {
      const [x, y] = [JSON.stringify(a[key]), JSON.stringify(b[key])];
      if (x !== y) out.push(`table ${table}: ${key} ${x} in SQLite, ${y} in PostgreSQL`);
    }
  }
  return out;
}
