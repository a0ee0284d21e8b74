import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { sessionOf, type UwServer } from './fixtures';

/*
 * Holding a running `uw serve` still at a chosen moment of its work, so that a click in the
 * browser lands while that work has nearly everything left to do (issue 17: the Cancel of an
 * export, and of the portfolio stress).
 *
 * A 3,000-deal report exports in under a second (XLSX: 0.7 to 0.8 s here), often before a click
 * on its Cancel button reaches the server, and a larger book only buys time by luck: 10,000 deals
 * took 62 s to seed and their XLSX report still exported in 2.3 to 2.8 s. Instead, the test stops
 * the server process with SIGSTOP the moment its event stream reports the export's first
 * progress (a watcher process of its own sends the signal: pause-watcher.mjs), as a busy machine
 * may deschedule it. The page keeps running: it shows the progress, the click sends the cancel,
 * and the kernel queues it in the server's socket (unreadBytes). SIGCONT lets the server go on
 * with its export, the cancel waiting for it. Nothing of the app is replaced or slowed.
 *
 * Where the stop lands: an event leaves the server when it next yields to its event loop (Node's
 * HTTP response corks the socket until the next tick), in these exports at the end of a batch
 * (the stress export: its 0 and 500 of 3,000 deals arrive together), and the watcher stops the
 * server a few milliseconds later, within the next batch. Measured: the report export (XLSX,
 * 3,302 rows) stopped before its 1,000th row, the stress export (CSV, batches of 500 deals)
 * before its third batch, every time. The export goes on from there, and reads the waiting
 * cancel the next time it waits for its file writes (each batch does), batches before its end.
 * The portfolio stress on 3,000 deals with ten scenarios ran to its end before a click on its
 * Cancel reached the server on a fast CI machine; held the same way, it stopped after its first
 * batch of 500 deals every time (its progress has no phase: the watcher takes `*`), and reads
 * the cancel when it yields between batches.
 */

/** One message of the bridge's event stream. */
export interface BridgeEvent {
  event: string;
  // Events are loosely typed JSON here; the app's contract types them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  payload: any;
}

export interface PauseAtEvent {
  /** The event that stopped the server (resolves once it is stopped). */
  paused: Promise<BridgeEvent>;
  /** The events the watcher saw, the one that stopped the server included, in order. */
  seen: BridgeEvent[];
  /** Lets the server go on (SIGCONT) and ends the watcher. */
  resume(): void;
}

const WATCHER = join(import.meta.dirname, 'pause-watcher.mjs');
const ROOT = resolve(import.meta.dirname, '..', '..');

/**
 * Starts a watcher of the server's event stream (pause-watcher.mjs) that stops the server with
 * SIGSTOP at the first event `name` of phase `phase` (`'*'`: of any phase). Resolves once the watcher is subscribed:
 * start the work after that.
 */
export async function pauseAtEvent(server: UwServer, name: string, phase: string): Promise<PauseAtEvent> {
  const watcher = spawn(process.execPath, [WATCHER, server.baseUrl, sessionOf(server), String(server.pid), name, phase], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  watcher.stderr.setEncoding('utf8').on('data', (chunk: string) => (errors += chunk));
  const ended = new Promise<never>((_, reject) => watcher.once('exit', (code) => reject(new Error(`the pause watcher ended (${code}) before the event: ${errors}`))));
  ended.catch(() => undefined);
  const seen: BridgeEvent[] = [];
  let stopped = false;
  let onConnected!: () => void;
  let onPaused!: (event: BridgeEvent) => void;
  const connected = new Promise<void>((resolvePromise) => (onConnected = resolvePromise));
  const paused = new Promise<BridgeEvent>((resolvePromise) => (onPaused = resolvePromise));
  createInterface({ input: watcher.stdout }).on('line', (line) => {
    const space = line.indexOf(' ');
    const [kind, json] = space < 0 ? [line, ''] : [line.slice(0, space), line.slice(space + 1)];
    if (kind === 'connected') onConnected();
    if (kind === 'paused' || kind === 'event') seen.push(JSON.parse(json) as BridgeEvent);
    if (kind === 'paused') {
      stopped = true;
      onPaused(seen.at(-1)!);
    }
  });
  const resume = () => {
    if (stopped) process.kill(server.pid, 'SIGCONT');
    stopped = false;
    watcher.kill();
  };
  try {
    await Promise.race([connected, ended]);
  } catch (error) {
    resume();
    throw error;
  }
  return { paused: Promise.race([paused, ended]), seen, resume };
}

/**
 * Bytes (and connections not yet accepted) waiting in the server's TCP sockets: what it has been
 * sent and not read yet. Linux's /proc/net/tcp{,6}: for a listening socket the receive queue
 * is its backlog of connections, for a connected one the unread bytes.
 */
export function unreadBytes(server: UwServer): number {
  const port = Number(new URL(server.baseUrl).port).toString(16).toUpperCase().padStart(4, '0');
  let unread = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let lines: string[];
    try {
      lines = readFileSync(table, 'utf8').trim().split('\n').slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      // sl local_address rem_address st tx_queue:rx_queue ...
      const [, local, , , queues] = line.trim().split(/\s+/);
      if (local?.endsWith(`:${port}`)) unread += parseInt(queues?.split(':')[1] ?? '0', 16);
    }
  }
  return unread;
}
