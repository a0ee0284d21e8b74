import type { ChildProcess } from 'node:child_process';
import type { ServerArgs, ServerReady } from '../children/server';
import { startTsChild, stopChild } from './child';
import { fetchToken } from './http';

export interface BenchServer extends ServerReady {
  token: string;
  stop(): Promise<void>;
  child: ChildProcess;
}

/** The service over `dataDir` in its own process (so load generators do not share its CPU). */
export async function startServer(args: ServerArgs): Promise<BenchServer> {
  const { child, info } = await startTsChild<ServerReady>('bench/children/server.ts', args, { timeoutMs: 120_000, echoStderr: 'server: ' });
  try {
    const token = await fetchToken(info.origin, args.publicUrl ?? info.origin);
    return { ...info, token, child, stop: () => stopChild(child) };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}
