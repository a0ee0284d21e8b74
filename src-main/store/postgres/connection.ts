import { TypeOverrides, types, type PoolConfig } from 'pg';

/**
 * How the engine's connections parse results. Only bigint (int8: file sizes, outbox ids, input
 * versions, count(*)) differs from node-postgres' defaults: it comes back as a JS number, as
 * SQLite's integers do, not as a string; every value it holds stays below 2^53. double
 * precision parses with parseFloat and json with JSON.parse, as by default.
 */
const pgTypes = new TypeOverrides();
pgTypes.setTypeParser(types.builtins.INT8, 'text', Number);

/**
 * What every engine connection needs whatever the server's or the database's defaults:
 * `new Pool({ ...connectionSettings, connectionString })`. A connection string's own
 * `options` would replace these: add to them instead.
 */
export const connectionSettings = {
  types: pgTypes,
  // Doubles as the shortest text that reads back to the same double (PostgreSQL >= 12, for any
  // value above 0). A database set to 0 would round them to 15 digits: 0.1 + 0.2 would read 0.3.
  options: '-c extra_float_digits=1',
} satisfies PoolConfig;
