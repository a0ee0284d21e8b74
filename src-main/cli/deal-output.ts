import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import type { GatewayContext, PlaceLookup } from '../gateway';
import { closeSqliteStore, loadSystemConfig, openSqliteStore, STORE_FILE } from '../store';
import { parseCommandArgs, UsageError } from './args';

// What `uw memo` and `uw credit-file` share: a data directory's store opened for reading one
// deal, and an output file checked before any work is done.

export const PRODUCT_VERSION: string = packageJson.version;

/** These commands resolve no addresses. */
const NO_PLACE_LOOKUP: PlaceLookup = {
  resolve: async () => ({ ok: false, target: 'address', message: 'this command does not resolve addresses.' }),
};

export interface DealOutputArgs {
  dataDir: string;
  dealId: string;
  out: string;
}

/**
 * The flags both commands take (--data-dir, --deal, --out, --force), checked before any work:
 * a store in the data directory, an output the command may write. Null: --help was printed.
 */
export function dealOutputArgs(command: string, argv: string[], help: string): DealOutputArgs | null {
  const args = parseCommandArgs(argv, {
    'data-dir': { type: 'string' },
    deal: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
  });
  if (args.help) {
    process.stdout.write(help);
    return null;
  }
  for (const flag of ['data-dir', 'deal', 'out'] as const) if (!args[flag]) throw new UsageError(`--${flag} is required (see uw ${command} --help)`);
  return { dataDir: checkDataDir(args['data-dir']!), dealId: args.deal!, out: checkOut(args.out!, args.force === true) };
}

/** The data directory, which must hold a store. */
export function checkDataDir(value: string): string {
  const dataDir = resolve(value);
  if (!existsSync(join(dataDir, STORE_FILE))) throw new UsageError(`--data-dir ${dataDir} holds no store (${STORE_FILE} not found)`);
  return dataDir;
}

/** The output file: its folder must exist and be writable; an existing file is replaced only with --force. */
export function checkOut(value: string, force: boolean): string {
  const out = resolve(value);
  const dir = dirname(out);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--out: folder ${dir} does not exist`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`--out ${out} is a folder, not a file`);
  if (existsSync(out) && !force) throw new UsageError(`--out ${out} exists; add --force to replace it`);
  try {
    accessSync(dir, constants.W_OK);
  } catch {
    throw new UsageError(`--out: folder ${dir} is not writable`);
  }
  return out;
}

/** A write that failed (a full disk, a folder the system refuses): one line naming the file. */
export function writeFailure(out: string, error: unknown): Error {
  const e = error as NodeJS.ErrnoException;
  return new Error(`cannot write ${out}: ${e.code ? `${e.code} ` : ''}${e.message.split('\n')[0]!.replace(/^\w+: /, '')}`);
}

/** Who generates the document: the local user's name, when the system tells it. */
export function localUser(): string | undefined {
  try {
    return userInfo().username || undefined;
  } catch {
    return undefined;
  }
}

/** Runs `work` with a gateway context over the data directory's store, closed afterwards. */
export async function withStore<T>(dataDir: string, work: (ctx: GatewayContext) => Promise<T>): Promise<T> {
  const config = loadSystemConfig(dataDir);
  const store = openSqliteStore({ file: join(dataDir, STORE_FILE) });
  try {
    return await work({ store, places: NO_PLACE_LOOKUP, config, now: () => new Date() });
  } finally {
    await closeSqliteStore(store);
  }
}
