import { join, resolve } from 'node:path';
import { acquireSyncLock, hasCredentials, runSync, SyncError, type SyncEvent, type SyncMode, type SyncSummary } from '../sync';
import { closeSqliteStore, openSqliteStore, STORE_FILE, workstationDb } from '../store';
import { parseCommandArgs, UsageError } from './args';

export const SYNC_HELP = `uw sync — one full sync of a data directory with the central platform: pull, then push

  --data-dir DIR      data directory (default ./data)
  --remote URL        base_url of the platform (required); tokens are asked for {URL}/api/
  --auth-url URL      auth_url of the platform (default: the origin of --remote)
  --client-id ID      API client id (required); the secret is read from UW_CLIENT_SECRET
  --pull-only         only bring the platform's changes here
  --push-only         only send the local edits and offline creates
  --full-walk         read every deal's whole graph even when the platform offers a change feed

Prints progress and a summary (pulled, unchanged, pushed, conflicts, rejected). Exits 0 when
the sync completed (conflicts and rejections are results), 1 with the reason when it could not.
`;

function url(name: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!URL.canParse(value) || !/^https?:$/.test(new URL(value).protocol)) throw new UsageError(`${name} must be an http(s) URL, not "${value}"`);
  // fetch sends no user:password@ (it refuses such URLs), and they would reach the output.
  if (hasCredentials(value)) throw new UsageError(`${name} must not carry a user name or password: the platform takes --client-id and UW_CLIENT_SECRET`);
  return value;
}

function summaryLine(s: SyncSummary): string {
  return (
    `sync complete: ${s.remoteDeals} deals on the platform; pulled ${s.pulled}, unchanged ${s.unchanged}, removed ${s.removed}, ` +
    `pushed ${s.pushed}, created ${s.created}, conflicts ${s.conflicts}, rejected ${s.rejected}, queued ${s.queued} ` +
    `(${(s.durationMs / 1000).toFixed(1)} s, ${s.requests} requests, ${s.retries} retries)\n`
  );
}

/** Progress for people: each phase, a line per tenth of the way, every retry. */
function printer(out: NodeJS.WritableStream): (event: SyncEvent) => void {
  const lastTenth = new Map<string, number>();
  return (event) => {
    switch (event.type) {
      case 'phase':
        if (event.phase !== 'done') out.write(`${event.phase}${event.detail ? `: ${event.detail}` : ''}\n`);
        return;
      case 'progress': {
        const tenth = event.total === 0 ? 10 : Math.floor((event.done * 10) / event.total);
        if (lastTenth.get(event.phase) === tenth) return;
        lastTenth.set(event.phase, tenth);
        out.write(`${event.phase}: ${event.done}/${event.total}\n`);
        return;
      }
      case 'retry':
        out.write(`retry ${event.attempt}: ${event.method} ${event.path} (${event.reason})\n`);
        return;
      case 'warning':
        out.write(`warning: ${event.message}\n`);
        return;
    }
  };
}

export async function sync(argv: string[]): Promise<void> {
  const args = parseCommandArgs(argv, {
    'data-dir': { type: 'string' },
    remote: { type: 'string' },
    'auth-url': { type: 'string' },
    'client-id': { type: 'string' },
    'pull-only': { type: 'boolean' },
    'push-only': { type: 'boolean' },
    'full-walk': { type: 'boolean' },
  });
  if (args.help) {
    process.stdout.write(SYNC_HELP);
    return;
  }
  const remote = url('--remote', args.remote);
  if (!remote) throw new UsageError('--remote URL is required (the platform\'s base_url)');
  const authUrl = url('--auth-url', args['auth-url']);
  const clientId = args['client-id'];
  if (!clientId) throw new UsageError('--client-id ID is required');
  if (args['pull-only'] && args['push-only']) throw new UsageError('--pull-only and --push-only exclude each other');
  const secret = process.env.UW_CLIENT_SECRET;
  if (!secret) throw new UsageError('UW_CLIENT_SECRET must hold the client secret (it is never taken from the command line)');
  const mode: SyncMode = args['pull-only'] ? 'pull-only' : args['push-only'] ? 'push-only' : 'full';

  const dataDir = resolve(args['data-dir'] ?? './data');
  const store = openSqliteStore({ file: join(dataDir, STORE_FILE) });
  const db = workstationDb(store);
  let release: (() => void) | undefined;
  const abort = new AbortController();
  const stop = () => abort.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    // The workstation takes the same sync.lock.
    release = acquireSyncLock(dataDir);
    const summary = await runSync({
      db,
      remote: { baseUrl: remote, authUrl, clientId, clientSecret: secret },
      mode,
      ...(args['full-walk'] ? { useExtensions: false } : {}),
      signal: abort.signal,
      onEvent: printer(process.stdout),
    });
    process.stdout.write(summaryLine(summary));
  } catch (err) {
    if (err instanceof SyncError) throw new Error(`sync could not complete: ${err.message}`, { cause: err });
    throw err;
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    release?.();
    await closeSqliteStore(store);
  }
}
