import { randomBytes, randomUUID } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BRIDGE_DOWNLOAD_PATH,
  BRIDGE_EVENTS_PATH,
  BRIDGE_INVOKE_PATH,
  InvokeRequest,
  type ExportFileFormat,
  type InvokeResult,
} from '../contract';
import type { GatewayContext } from '../gateway';
import { firstLine } from './log-safe';
import { isValidSession, presentedSession, refuseForeign, type WebOriginPolicy } from './web-origin';

export { isValidSession } from './web-origin';

/*
 * The web-mode bridge: the same channel table Electron reaches over IPC, over HTTP.
 *
 *   POST BRIDGE_INVOKE_PATH   {channel, payload} -> InvokeResult (always HTTP 200 once admitted)
 *   GET  BRIDGE_EVENTS_PATH   server-sent events: `data: {"event": ..., "payload": ...}`
 *   GET  BRIDGE_DOWNLOAD_PATH/:id   a finished export, once
 *
 * Every route first refuses a request of another origin or for a host name this server does not
 * go by (HTTP 403, web-origin.ts). invoke and events then require the per-launch session: the
 * session cookie the printed link set (HttpOnly, SameSite=Strict, for /bridge only), or the
 * SESSION_HEADER header; without it: HTTP 401.
 *
 * A download is a plain link the user clicks, so its URL is its own credential: a random UUID
 * issued only to a session-holding caller (report.export), valid once and for DOWNLOAD_TTL_MS,
 * the file deleted after it is sent or when it expires.
 *
 * The server layer sits below src-main/app: it does not import the channel table. The CLI
 * passes a factory (`BridgeFactory`) that builds the dispatcher from what the server opened.
 */

export type BridgeDispatch = (channel: string, payload: unknown) => Promise<InvokeResult>;

export interface BridgeEnvironment {
  gateway: GatewayContext;
  dataDir: string;
  /** Sends an event to every open page of this launch. */
  emit: (event: string, payload: unknown) => void;
  /** Where report.export writes: a temporary file the bridge then serves once. */
  exportTarget: (request: { format: ExportFileFormat; suggestedName: string }) => Promise<{ file: string; downloadUrl: string; fileName: string }>;
}

export interface BridgeDispatcher {
  dispatch: BridgeDispatch;
  close?: () => void;
}

/** Built by the composition root (src-main/cli/serve.ts) from src-main/app. */
export type BridgeFactory = (env: BridgeEnvironment) => BridgeDispatcher;

// --- events -----------------------------------------------------------------------------------

export interface EventHub {
  emit(event: string, payload: unknown): void;
  subscribe(listener: (message: string) => void): () => void;
  size(): number;
}

export function createEventHub(): EventHub {
  const listeners = new Set<(message: string) => void>();
  return {
    emit(event, payload) {
      if (listeners.size === 0) return;
      const message = `data: ${JSON.stringify({ event, payload })}\n\n`;
      for (const listener of listeners) listener(message);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    size: () => listeners.size,
  };
}

// --- downloads --------------------------------------------------------------------------------

export interface DownloadRegistry {
  target(request: { format: ExportFileFormat; suggestedName: string }): Promise<{ file: string; downloadUrl: string; fileName: string }>;
  /** The file behind a download link, removed from the registry (each link works once). */
  take(id: string): { file: string; fileName: string } | undefined;
  release(id: string): void;
  close(): void;
}

/** Exports of web mode: written to a private temporary folder, served once, then deleted. */
export const DOWNLOAD_TTL_MS = 15 * 60_000;

export function createDownloadRegistry(ttlMs = DOWNLOAD_TTL_MS): DownloadRegistry {
  let dir: string | null = null;
  const files = new Map<string, { file: string; fileName: string }>();
  const timers = new Set<NodeJS.Timeout>();
  const registry: DownloadRegistry = {
    async target({ suggestedName }) {
      dir ??= mkdtempSync(join(tmpdir(), 'uw-web-exports-'));
      const id = randomUUID();
      const fileName = basename(suggestedName);
      const file = join(dir, `${id}-${fileName}`);
      files.set(id, { file, fileName });
      const timer = setTimeout(() => {
        timers.delete(timer);
        registry.release(id);
      }, ttlMs);
      timer.unref();
      timers.add(timer);
      return { file, downloadUrl: `${BRIDGE_DOWNLOAD_PATH}/${id}`, fileName };
    },
    take(id) {
      // Single use: a second request for the same link finds nothing.
      const entry = files.get(id);
      files.delete(id);
      return entry;
    },
    release(id) {
      const entry = files.get(id);
      files.delete(id);
      if (entry) rmSync(entry.file, { force: true });
    },
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      files.clear();
      if (dir) rmSync(dir, { recursive: true, force: true });
      dir = null;
    },
  };
  return registry;
}

// --- routes -----------------------------------------------------------------------------------

export interface BridgeOptions {
  session: string;
  /** Which host names and origins may use the bridge. */
  policy: WebOriginPolicy;
  dispatch: BridgeDispatch;
  events: EventHub;
  downloads: DownloadRegistry;
  /** Heartbeat of the event stream (keeps proxies and idle timers from closing it). */
  heartbeatMs?: number;
}

function refuse(reply: FastifyReply) {
  return reply
    .code(401)
    .header('cache-control', 'no-store')
    .send({ ok: false, error: `This page's session is missing or no longer valid: open the link \`uw serve --web\` printed.` });
}

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  zip: 'application/zip',
};

export async function registerBridge(app: FastifyInstance, options: BridgeOptions): Promise<void> {
  const streams = new Set<FastifyReply>();
  const heartbeatMs = options.heartbeatMs ?? 25_000;

  const foreign = async (request: FastifyRequest, reply: FastifyReply) => {
    if (refuseForeign(request, reply, options.policy)) return reply;
  };
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (refuseForeign(request, reply, options.policy)) return reply;
    if (!isValidSession(presentedSession(request), options.session)) return refuse(reply);
  };

  app.post(BRIDGE_INVOKE_PATH, { onRequest: guard, schema: { hide: true } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const parsed = InvokeRequest.safeParse(request.body);
    if (!parsed.success) {
      return { ok: false, error: 'invalid request', details: parsed.error.issues.map((i) => i.path.join('.') || i.message) };
    }
    try {
      return await options.dispatch(parsed.data.channel, parsed.data.payload);
    } catch (error) {
      request.log.error({ channel: parsed.data.channel, message: firstLine((error as Error).message) }, 'bridge call failed');
      return { ok: false, error: 'internal error' };
    }
  });

  app.get(BRIDGE_EVENTS_PATH, { onRequest: guard, schema: { hide: true } }, (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(': connected\n\n');
    const unsubscribe = options.events.subscribe((message) => raw.write(message));
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), heartbeatMs);
    streams.add(reply);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(reply);
    });
  });

  app.get<{ Params: { id: string } }>(`${BRIDGE_DOWNLOAD_PATH}/:id`, { onRequest: foreign, schema: { hide: true } }, async (request, reply) => {
    const entry = /^[0-9a-f-]{36}$/.test(request.params.id) ? options.downloads.take(request.params.id) : undefined;
    const size = entry ? await stat(entry.file).then((s) => s.size, () => null) : null;
    if (!entry || size === null) {
      return reply.code(404).type('text/plain').send('This download is no longer available: each export downloads once. Export the report again.');
    }
    const extension = entry.fileName.split('.').pop() ?? '';
    const stream = createReadStream(entry.file);
    stream.on('close', () => rmSync(entry.file, { force: true }));
    return reply
      .header('content-type', CONTENT_TYPES[extension] ?? 'application/octet-stream')
      .header('content-length', String(size))
      .header('content-disposition', `attachment; filename="${entry.fileName.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });

  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const reply of streams) reply.raw.end();
    streams.clear();
    options.downloads.close();
  });
}

/** A new per-launch session secret (192 bits, URL-safe). */
export function newSessionSecret(): string {
  return randomBytes(24).toString('base64url');
}
