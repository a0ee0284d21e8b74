import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  closeSqliteStore,
  listApiClients,
  openSqliteStore,
  removeApiClient,
  type SqliteHandle,
  STORE_FILE,
  workstationDb,
} from '../store';
import { UsageError } from './args';

export const CLIENT_HELP = `uw client — the API clients of a data directory (provisioned by uw serve --client and its alternatives)

  uw client list --data-dir DIR         print each client id with when it was created and last changed
  uw client remove --data-dir DIR ID    remove a client: its secret stops working and every access
                                        token issued to it is refused from the next request on,
                                        also by a server running on DIR

A client given to uw serve again (--client, --clients-file, UW_CLIENTS ...) is provisioned anew
at that start; its earlier tokens stay refused. Secrets are stored hashed and never printed.
`;

async function withStore<T>(dataDir: string, use: (db: SqliteHandle) => T): Promise<T> {
  if (!existsSync(join(dataDir, STORE_FILE))) throw new UsageError(`--data-dir ${dataDir} holds no store (${STORE_FILE} not found)`);
  const store = openSqliteStore({ file: join(dataDir, STORE_FILE) });
  try {
    return use(workstationDb(store));
  } finally {
    await closeSqliteStore(store);
  }
}

export async function client(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { 'data-dir': { type: 'string' }, help: { type: 'boolean' } }, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]!);
  }
  const [action, ...ids] = parsed.positionals;
  if (parsed.values.help || action === undefined) {
    process.stdout.write(CLIENT_HELP);
    return;
  }
  const dir = parsed.values['data-dir'];
  if (!dir) throw new UsageError('--data-dir DIR is required (see uw client --help)');
  const dataDir = resolve(dir);
  if (action === 'list') {
    if (ids.length > 0) throw new UsageError('uw client list takes no client id');
    const clients = await withStore(dataDir, listApiClients);
    if (clients.length === 0) process.stdout.write(`no API clients in ${dataDir}\n`);
    for (const c of clients) process.stdout.write(`${c.clientId}\tcreated ${c.createdAt}\tupdated ${c.updatedAt}\n`);
    return;
  }
  if (action === 'remove') {
    if (ids.length !== 1) throw new UsageError('uw client remove takes one client id');
    const id = ids[0]!;
    if (!(await withStore(dataDir, (db) => removeApiClient(db, id)))) throw new Error(`no API client "${id}" in ${dataDir}`);
    process.stdout.write(`removed API client ${id}: its secret and access tokens are refused from now on\n`);
    return;
  }
  throw new UsageError(`unknown action "${action}" (uw client list|remove)`);
}
