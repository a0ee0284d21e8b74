import type { ChildProcess } from 'node:child_process';
import type { ServerArgs, ServerReady } from '../children/server';
import { startTsChild, stopChild } from './child';
import { fetchToken } from './http';

export interface BenchServer extends ServerReady {
  token: string;
  stop(): Promise<void>;
  child: ChildProcess;
}

/**
 * The service over `dataDir` (or `args.database`) in its own process (so load generators do not
 * share its CPU). `env`: e.g. PGPASSWORD for the database, kept off the command line.
 */
export async function startServer(args: ServerArgs, env?: Record<string, string>): Promise<BenchServer> {
  const { child, info } = await startTsChild<ServerReady>('bench/children/server.ts', args, { timeoutMs: 120_000, echoStderr: 'server: ', ...(env ? { env } : {}) });
  try {
    const token = await fetchToken(info.origin, args.publicUrl ?? info.origin);
    return { ...info, token, child, stop: () => stopChild(child) };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}
