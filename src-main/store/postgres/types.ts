import { TypeOverrides, types } from 'pg';

/**
 * How the engine's connections parse results, for a pool's `types` option. Only bigint (int8:
 * file sizes, outbox ids, input versions, count(*)) differs from node-postgres' defaults: it
 * comes back as a JS number, as SQLite's integers do, not as a string. Every value it holds
 * stays below 2^53. double precision already parses with parseFloat, exact since PostgreSQL 12
 * prints the shortest text that reads back to the same double; json with JSON.parse.
 */
export const pgTypes = new TypeOverrides();
pgTypes.setTypeParser(types.builtins.INT8, 'text', Number);
