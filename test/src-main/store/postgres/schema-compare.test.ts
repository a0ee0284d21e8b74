import { doublePrecision, index as pgIndex, json, pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as postgres from '../../../../src-main/store/postgres/schema';
import * as sqlite from '../../../../src-main/store/schema';
import { schemaDifferences, schemaShape, type EngineOnly } from '../../../support/schema-shape';

// The two engines' drizzle schemas describe one data model: same tables, same columns (name,
// type family, nullability, default), same keys, foreign keys and indexes. What one engine has
// alone is listed here, with why (src-main/store/postgres/README.md tells the whole story).
const ENGINE_ONLY: { sqlite: EngineOnly; postgres: EngineOnly } = {
  sqlite: {},
  postgres: {
    collateral_inputs: 'each collateral\'s inputs version, bumped by the triggers with every write to its inputs (roll-up cache protocol)',
    'collateral_figures.inputs_version': 'the inputs version a cached roll-up was computed from; the row counts only while it is current',
  },
};

const sides = { sqlite: schemaShape(sqlite), postgres: schemaShape(postgres) };

describe('the SQLite and PostgreSQL schemas', () => {
  it('have the same tables and columns, keys, foreign keys and indexes, apart from the documented engine-only ones', () => {
    expect(Object.keys(sides.sqlite).length).toBeGreaterThan(20); // the shapes were read at all
    expect(schemaDifferences(sides, ENGINE_ONLY)).toEqual([]);
  });

  it('list as engine-only only tables and columns that exist on that engine alone', () => {
    for (const [side, names] of Object.entries(ENGINE_ONLY) as [keyof typeof sides, EngineOnly][]) {
      const other = side === 'sqlite' ? sides.postgres : sides.sqlite;
      for (const name of Object.keys(names)) {
        const [table, column] = name.split('.') as [string, string | undefined];
        const here = sides[side][table];
        expect(column === undefined ? here : here?.columns[column], name).toBeDefined();
        expect(column === undefined ? other[table] : other[table]?.columns[column], name).toBeUndefined();
      }
    }
  });

  it('differ, and say where, when a column is added to one engine only', () => {
    const settingsWithNote = sqliteTable('settings', {
      key: text('key').primaryKey(),
      value: text('value', { mode: 'json' }).notNull(),
      note: text('note'),
    });
    const changed = { sqlite: schemaShape({ ...sqlite, settings: settingsWithNote }), postgres: sides.postgres };
    expect(schemaDifferences(changed, ENGINE_ONLY)).toEqual(['settings.note: only in SQLite']);
  });

  it('differ in the type family, nullability, default, keys and indexes of a column', () => {
    const base = sqliteTable('t', { id: text('id').primaryKey(), amount: real('amount').notNull().default(0), doc: text('doc', { mode: 'json' }) }, (t) => [index('t_amount').on(t.amount)]);
    const same = pgTable('t', { id: pgText('id').primaryKey(), amount: doublePrecision('amount').notNull().default(0), doc: json('doc') }, (t) => [pgIndex('t_amount').on(t.amount)]);
    const compare = (pg: unknown) => schemaDifferences({ sqlite: schemaShape({ base }), postgres: schemaShape({ pg }) });
    expect(compare(same)).toEqual([]);
    expect(compare(pgTable('t', { id: pgText('id').primaryKey(), amount: pgText('amount').notNull().default('0'), doc: json('doc') }, (t) => [pgIndex('t_amount').on(t.amount)]))).toEqual([
      't.amount: family double in SQLite, text in PostgreSQL',
    ]);
    expect(compare(pgTable('t', { id: pgText('id').primaryKey(), amount: doublePrecision('amount').default(0), doc: json('doc') }, (t) => [pgIndex('t_amount').on(t.amount)]))).toEqual([
      't.amount: notNull true in SQLite, false in PostgreSQL',
    ]);
    expect(compare(pgTable('t', { id: pgText('id').primaryKey(), amount: doublePrecision('amount').notNull(), doc: json('doc') }, (t) => [pgIndex('t_amount').on(t.amount)]))).toEqual([
      't.amount: hasDefault true in SQLite, false in PostgreSQL',
    ]);
    expect(compare(pgTable('t', { id: pgText('id'), amount: doublePrecision('amount').notNull().default(0), doc: json('doc').unique() }, (t) => [pgIndex('t_amount').on(t.amount)]))).toEqual([
      't.id: notNull true in SQLite, false in PostgreSQL',
      'table t: primaryKey "id" in SQLite, "" in PostgreSQL',
      'table t: unique [] in SQLite, ["doc"] in PostgreSQL',
    ]);
    expect(compare(pgTable('t', { id: pgText('id').primaryKey(), amount: doublePrecision('amount').notNull().default(0), doc: json('doc') }))).toEqual([
      'table t: indexes ["index t_amount (amount)"] in SQLite, [] in PostgreSQL',
    ]);
  });

  it('differ in a foreign key\'s cascade rule', () => {
    const cascade = { sqlite: schemaShape({ ...sqlite }), postgres: schemaShape({ ...postgres }) };
    const fks = cascade.postgres['components']!.foreignKeys;
    expect(fks).toEqual(['(collateral_id) -> collaterals(id) on delete cascade on update no action']);
    cascade.postgres['components'] = { ...cascade.postgres['components']!, foreignKeys: ['(collateral_id) -> collaterals(id) on delete no action on update no action'] };
    expect(schemaDifferences(cascade, ENGINE_ONLY)).toEqual([
      'table components: foreignKeys ["(collateral_id) -> collaterals(id) on delete cascade on update no action"] in SQLite, ["(collateral_id) -> collaterals(id) on delete no action on update no action"] in PostgreSQL',
    ]);
  });
});
