// Child process (timed from its own start), run on plain Node: the cold-start ceiling.
// better-sqlite3 opens the store file and selects the deal ids in getAllDealIds's order; nothing
// else is loaded.

// eslint-disable-next-line no-restricted-imports -- the ceiling is raw better-sqlite3 by definition
import Database from 'better-sqlite3';
import { childArgs, reply } from '../support/child-protocol.mjs';

/** @type {{ file: string; expect: number }} */
const args = childArgs();
const loaded = performance.now();
const db = new Database(args.file, { fileMustExist: true });
const ids = db.prepare('SELECT id FROM deals ORDER BY created_at, id').pluck().all();
const answered = performance.now();
if (ids.length !== args.expect) throw new Error(`${ids.length} ids`);
db.close();
reply({ answeredMs: answered, loadedMs: loaded });
