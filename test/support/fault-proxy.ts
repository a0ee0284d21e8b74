import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A small fault-injecting HTTP proxy for the sync tests, on 127.0.0.1 and a free port, between
// the local instance and the "platform". It forwards everything to `target` and, per rule, can
// add latency, answer an error itself (5xx, 429 with Retry-After: nothing reaches the platform),
// drop the connection before forwarding (nothing applied), drop the answer after forwarding
// (the write WAS applied, the client never learns it), or expire every token seen so far
// (answering 401 as the platform does for an expired token). Tokens the platform issues through
// the proxy are handed out with a unique prefix (and forwarded without it), so that a token
// fetched again within the same second (a JWT then has the same bytes) is still a new token.
//
// Besides the rules, a seeded *chaos* plan draws a fault for every request it covers: drop the
// connection before forwarding, drop the answer after forwarding, answer 502, forward and never
// answer (the client times out), delay, or hold the answer back and release it after a later
// request's answer (reordering answers). Each request's draw depends only on the seed, the
// endpoint (method and path, less the query) and how many requests to it came before since the
// plan was set, not on the ids or cursors a request carries (they differ from one platform
// instance to the next): a seed replays the same faults, up to the order in which concurrent
// requests to one endpoint arrive.

export type Fault =
  | { kind: 'status'; status: number; retryAfterSeconds?: number }
  | { kind: 'drop-request' }
  | { kind: 'drop-response' }
  | { kind: 'delay'; ms: number }
  | { kind: 'expire-tokens' }
  /** Forwarded (the platform processes it), and the answer never comes: the client's timeout fires. */
  | { kind: 'timeout' }
  /** Forwarded; its answer is held until `after` (default 1) later answers went out, or `maxMs` (default 300) passed. */
  | { kind: 'hold'; after?: number; maxMs?: number };

export type ChaosKind = 'drop-request' | 'drop-response' | 'status-502' | 'timeout' | 'delay' | 'hold';

export interface ChaosPlan {
  seed: number;
  /** Chance per covered request of each fault (their sum at most 1). */
  rates: Partial<Record<ChaosKind, number>>;
  /** Requests covered (default: every API call, not the token endpoint). */
  path?: RegExp;
  /** Extra latency of a 'delay' (default 20 to 200 ms, drawn). */
  delayMs?: [number, number];
}

export interface FaultRule {
  method?: string;
  /** Substring of, or pattern for, the request path. */
  path?: string | RegExp;
  fault: Fault;
  /** How many matching requests get the fault (default 1; Infinity for all). */
  times?: number;
  /** Matching requests let through before the fault applies (default 0). */
  skip?: number;
  /** Chance that a matching request gets the fault (default 1). */
  probability?: number;
}

export interface ProxyLogEntry {
  method: string;
  path: string;
  outcome: string;
}

export interface ForwardedRequest {
  method: string;
  path: string;
  body: string;
}

export interface FaultProxy {
  readonly origin: string;
  /** Where requests go, e.g. the platform's http://127.0.0.1:PORT. */
  target: string;
  /** Added to every forwarded request. */
  latencyMs: number;
  /** Runs before a request is forwarded (e.g. a concurrent edit on the platform). */
  beforeForward: ((request: ForwardedRequest) => Promise<void> | void) | null;
  inject(rule: FaultRule): void;
  /** Seeded random faults on every covered request (after the rules; null: none). */
  chaos(plan: ChaosPlan | null): void;
  clear(): void;
  readonly log: ProxyLogEntry[];
  /** Requests that got a fault, by kind. */
  faultsApplied(): Record<string, number>;
  close(): Promise<void>;
}

interface LiveRule extends FaultRule {
  matched: number;
  fired: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A number in [0, 1) from a seed and a string: FNV-1a of both, then one round of mulberry32. */
export function seededDraw(seed: number, what: string): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (let i = 0; i < what.length; i++) h = Math.imul(h ^ what.charCodeAt(i), 16777619) >>> 0;
  let t = (h + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

const CHAOS_KINDS: ChaosKind[] = ['drop-request', 'drop-response', 'status-502', 'timeout', 'delay', 'hold'];

function chaosFault(plan: ChaosPlan, request: string): Fault | undefined {
  let x = seededDraw(plan.seed, request);
  for (const kind of CHAOS_KINDS) {
    const rate = plan.rates[kind] ?? 0;
    if (x >= rate) {
      x -= rate;
      continue;
    }
    const [lo, hi] = plan.delayMs ?? [20, 200];
    switch (kind) {
      case 'status-502':
        return { kind: 'status', status: 502 };
      case 'delay':
        return { kind: 'delay', ms: lo + Math.floor(seededDraw(plan.seed + 1, request) * (hi - lo + 1)) };
      default:
        return { kind };
    }
  }
  return undefined;
}

function matches(rule: FaultRule, method: string, path: string): boolean {
  if (rule.method && rule.method.toUpperCase() !== method) return false;
  if (rule.path === undefined) return true;
  return typeof rule.path === 'string' ? path.includes(rule.path) : rule.path.test(path);
}

export async function startFaultProxy(options: { target?: string; random?: () => number } = {}): Promise<FaultProxy> {
  const rules: LiveRule[] = [];
  const log: ProxyLogEntry[] = [];
  const seenTokens = new Set<string>();
  let issued = 0;
  const expiredTokens = new Set<string>();
  const random = options.random ?? Math.random;
  let plan: ChaosPlan | null = null;
  const seen = new Map<string, number>();
  // Answers held back (reordering): each is released once `after` later answers went out.
  const held: { left: number; release: () => void }[] = [];
  const answered = () => {
    for (const h of [...held]) if (--h.left <= 0) h.release();
  };

  function take(method: string, path: string): Fault | undefined {
    for (const rule of rules) {
      if (!matches(rule, method, path)) continue;
      rule.matched += 1;
      if (rule.matched <= (rule.skip ?? 0)) continue;
      if (rule.fired >= (rule.times ?? 1)) continue;
      if (rule.probability !== undefined && random() >= rule.probability) continue;
      rule.fired += 1;
      return rule.fault;
    }
    if (!plan || !(plan.path ?? /\/api\//).test(path)) return undefined;
    // By endpoint and rank, not by the ids and cursors a request carries (they differ from one
    // platform instance to the next): the same seed replays the same faults.
    const endpoint = `${method} ${path.replace(/\?.*$/, '')}`;
    const n = (seen.get(endpoint) ?? 0) + 1;
    seen.set(endpoint, n);
    return chaosFault(plan, `${endpoint} #${n}`);
  }

  const proxy: FaultProxy = {
    origin: '',
    target: options.target ?? '',
    latencyMs: 0,
    beforeForward: null,
    inject(rule) {
      rules.push({ ...rule, matched: 0, fired: 0 });
    },
    chaos(next) {
      plan = next;
      seen.clear();
    },
    clear() {
      rules.length = 0;
      plan = null;
      seen.clear();
      proxy.latencyMs = 0;
      proxy.beforeForward = null;
    },
    log,
    faultsApplied() {
      const counts: Record<string, number> = {};
      for (const entry of log) if (entry.outcome !== 'forwarded') counts[entry.outcome] = (counts[entry.outcome] ?? 0) + 1;
      return counts;
    },
    async close() {
      for (const h of [...held]) h.release();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server = http.createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const path = req.url ?? '/';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (token) seenTokens.add(token);
    const headers = { ...req.headers };
    const wrapped = token ? /^px\d+~(.+)$/.exec(token) : null;
    if (wrapped) headers.authorization = `Bearer ${wrapped[1]}`;

    const fault = take(method, path);
    const record = (outcome: string) => log.push({ method, path, outcome });
    if (fault?.kind === 'expire-tokens') for (const t of seenTokens) expiredTokens.add(t);
    if (token && expiredTokens.has(token)) {
      record('expired-token');
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' });
      res.end(JSON.stringify({ success: false, error: { target: 'Authorization', code: 'ValidationError', message: 'The access token is invalid or expired.', details: [] } }));
      return;
    }
    if (fault?.kind === 'status') {
      record(`status-${fault.status}`);
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'application/json' };
      if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
      res.writeHead(fault.status, headers);
      res.end(JSON.stringify({ success: false, error: { target: 'server', code: 'ValidationError', message: `injected ${fault.status}`, details: [] } }));
      return;
    }
    if (fault?.kind === 'drop-request') {
      record('drop-request');
      req.socket.destroy();
      return;
    }
    const delay = proxy.latencyMs + (fault?.kind === 'delay' ? fault.ms : 0);
    if (delay > 0) await sleep(delay);
    if (proxy.beforeForward) await proxy.beforeForward({ method, path, body: body.toString('utf8') });

    const target = new URL(proxy.target);
    const upstream = http.request(
      { host: target.hostname, port: target.port, method, path, headers: { ...headers, host: target.host } },
      (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (d: Buffer) => parts.push(d));
        answer.on('end', () => {
          if (fault?.kind === 'drop-response') {
            // The platform has processed the request; its answer never arrives.
            record('drop-response');
            res.socket?.destroy();
            return;
          }
          if (fault?.kind === 'timeout') {
            // Processed; the answer never comes. The client gives up and closes the connection.
            record('timeout');
            return;
          }
          let payload = Buffer.concat(parts);
          const answerHeaders = { ...answer.headers };
          if (path.startsWith('/oauth/token') && answer.statusCode === 200) {
            const json = JSON.parse(payload.toString('utf8')) as { access_token: string };
            json.access_token = `px${++issued}~${json.access_token}`;
            payload = Buffer.from(JSON.stringify(json));
            answerHeaders['content-length'] = String(payload.length);
          }
          const send = () => {
            record(fault?.kind === 'delay' || fault?.kind === 'hold' ? fault.kind : 'forwarded');
            if (res.destroyed) return;
            res.writeHead(answer.statusCode ?? 502, answerHeaders);
            res.end(payload);
            answered();
          };
          if (fault?.kind !== 'hold') return send();
          // Reordered: released after a later answer (or when nothing else comes, after maxMs).
          let released = false;
          const entry = {
            left: fault.after ?? 1,
            release: () => {
              if (released) return;
              released = true;
              clearTimeout(timer);
              held.splice(held.indexOf(entry), 1);
              send();
            },
          };
          const timer = setTimeout(entry.release, fault.maxMs ?? 300);
          held.push(entry);
        });
      },
    );
    upstream.on('error', () => {
      record('upstream-error');
      res.socket?.destroy();
    });
    upstream.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  (proxy as { origin: string }).origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}
