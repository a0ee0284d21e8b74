import ky, { HTTPError, TimeoutError, type KyInstance, type Options } from 'ky';
import {
  API_PREFIX,
  ENDPOINTS,
  OAUTH_TOKEN_PATH,
  replySchema,
  type BodyOf,
  type EndpointName,
  type ErrorDto,
  type ResponseOf,
} from '../contract';
import { RemoteError, SyncError } from './errors';
import { normaliseUrl, withoutCredentials } from './urls';

// The client of the central platform (docs/sync.md): ky over fetch, an OAuth 2.0
// client-credentials token fetched from {auth_url}/oauth/token for the audience
// {base_url}/api/, kept in memory (never persisted, never logged), refreshed single-flight
// before it expires and once more when a call answers 401.
//
// Retries: reads (GET, and the report's POST) are retried on network errors, timeouts, 5xx and
// 429 with full-jitter exponential backoff, honouring Retry-After. Writes are retried only when
// the platform provably did not process them (429, connection refused): a write that may have
// been applied is reported as such (RemoteError.mayHaveApplied) and the push resolves it by
// reading, never by sending it blindly again.

export interface RemoteConfig {
  /** {base_url} of the platform, e.g. https://platform.example.com */
  baseUrl: string;
  /** {auth_url}; defaults to the base URL's origin. */
  authUrl?: string;
  clientId: string;
  clientSecret: string;
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  limit: number;
  /** Backoff of the first retry, doubled per retry, capped by maxDelayMs; full jitter. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Cap on a Retry-After the platform asks for. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { limit: 5, baseDelayMs: 250, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

export interface RetryNotice {
  method: string;
  path: string;
  attempt: number;
  reason: string;
}

export interface RemoteClientOptions extends RemoteConfig {
  /** Per attempt; default 30 s. */
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  signal?: AbortSignal;
  onRetry?: (notice: RetryNotice) => void;
  /**
   * Which answers are checked against the contract's schema: 'essential' (default) checks the
   * reads the merge and the push decide on (deal ids, deals) and every write's answer in full,
   * the graph reads' envelope only (the mirror checks what it uses); 'full' checks everything.
   */
  validate?: 'essential' | 'full';
  now?: () => number;
}

/** A call's outcome in the spec's envelope: the DTO, or the error the platform reported. */
export type CallResult<T> = { ok: true; body: T } | { ok: false; error: ErrorDto };

export type ReadName = Exclude<EndpointName, 'bulkUpdateDeals' | 'createResidentialDeal' | 'createCommercialDeal' | 'createHotelDeal' | 'importCollaterals'>;
export type WriteName = 'bulkUpdateDeals' | 'createResidentialDeal' | 'createCommercialDeal' | 'createHotelDeal';

export interface RemoteStats {
  requests: number;
  retries: number;
  tokenRequests: number;
}

export interface RemoteClient {
  readonly baseUrl: string;
  readonly stats: RemoteStats;
  /** A read; `params` fill the path (e.g. { id }), `body` is the report filter. */
  read<N extends ReadName>(name: N, params?: Record<string, string>, body?: unknown): Promise<CallResult<ResponseOf<N>>>;
  write<N extends WriteName>(name: N, body: BodyOf<N>): Promise<CallResult<ResponseOf<N>>>;
}

const FULLY_CHECKED = new Set<EndpointName>([
  'getAllDealIds',
  'getDealInfo',
  'getDealChanges',
  'bulkUpdateDeals',
  'createResidentialDeal',
  'createCommercialDeal',
  'createHotelDeal',
]);

/** The path with its parameters filled; the parameters the path does not name go to the query string (getDealChanges). */
function pathOf(name: EndpointName, params: Record<string, string> = {}): string {
  const used = new Set<string>();
  const path =
    API_PREFIX +
    ENDPOINTS[name].path.replace(/:(\w+)/g, (_, key: string) => {
      used.add(key);
      return encodeURIComponent(params[key] ?? '');
    });
  const query = new URLSearchParams(Object.entries(params).filter(([key]) => !used.has(key)));
  return query.size > 0 ? `${path}?${query.toString()}` : path;
}

const schemas = new Map<EndpointName, ReturnType<typeof replySchema>>();

/** Checks an answer against the contract: in full for FULLY_CHECKED (or `validate` 'full'), else its envelope. */
function checkAnswer(name: EndpointName, body: unknown, where: string, validate: 'essential' | 'full'): void {
  if (validate === 'essential' && !FULLY_CHECKED.has(name)) {
    const envelope = body as { success?: unknown } | null;
    if (envelope === null || typeof envelope !== 'object' || typeof envelope.success !== 'boolean') {
      throw new RemoteError('protocol', `the platform answered ${where} without the envelope (success, error)`);
    }
    return;
  }
  let schema = schemas.get(name);
  if (!schema) schemas.set(name, (schema = replySchema(name)));
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RemoteError('protocol', `the platform answered ${where} in an unexpected shape (${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'})`);
  }
}

function resultOf<T>(body: unknown): CallResult<T> {
  const envelope = body as { success?: unknown; error?: ErrorDto | null };
  if (envelope.success !== true) {
    return { ok: false, error: envelope.error ?? { target: 'body', code: 'ValidationError', message: 'success false without an error', details: [] } };
  }
  return { ok: true, body: body as T };
}

/** Reads answered by a bulk read (getDealGraphs' `reads`): by endpoint name, then by path id (the report: by deal id). */
export type PrefilledReads = Partial<Record<string, Record<string, unknown> | undefined>>;

/**
 * A view of `client` whose reads are answered from a bulk answer when it holds them (checked as
 * a network answer would be, counted as no request) and from the network otherwise. The graph
 * read runs unchanged over it (docs/sync.md, "What a sync costs").
 */
export function prefilledClient(client: RemoteClient, reads: PrefilledReads, validate: 'essential' | 'full' = 'essential'): RemoteClient {
  const keyOf = (name: ReadName, params: Record<string, string> | undefined, body: unknown): string | undefined => {
    if (name === 'getCrossDealCollateralReport') {
      // Only the per-deal filter the graph read asks (one deal, page 1 of 1000 rows) is what the bulk answer holds.
      const filter = body as { dealIds?: unknown; page?: unknown; pageSize?: unknown } | undefined;
      const ids = filter?.dealIds;
      const single = Array.isArray(ids) && ids.length === 1 && typeof ids[0] === 'string';
      const firstPage = (filter?.page ?? 1) === 1 && filter?.pageSize === 1000;
      return single && firstPage ? (ids[0] as string) : undefined;
    }
    return params?.id ?? params?.dealId;
  };
  return {
    baseUrl: client.baseUrl,
    stats: client.stats,
    read(name, params, body) {
      const key = keyOf(name, params, body);
      const byId = reads[name];
      if (key !== undefined && byId && Object.prototype.hasOwnProperty.call(byId, key)) {
        const answer = byId[key];
        try {
          checkAnswer(name, answer, `${name} ${key} (in getDealGraphs)`, validate);
        } catch (error) {
          return Promise.reject(error);
        }
        return Promise.resolve(resultOf(answer));
      }
      return client.read(name, params, body);
    },
    write: (name, body) => client.write(name, body),
  };
}

function causeCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function causeMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e: unknown = (error as { cause?: unknown })?.cause, depth = 0; e && depth < 5; depth++) {
    if (e instanceof Error && e.message) message = e.message;
    e = (e as { cause?: unknown }).cause;
  }
  return message;
}

/**
 * No answer came back: Node's fetch rejects with TypeError('fetch failed'), the system error
 * (ECONNREFUSED, ECONNRESET...) as its cause. ky 1 passes it through as it is.
 */
function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError && /fetch failed/i.test(error.message);
}

/** The request never reached the platform: safe to send again, even a write. */
function neverReached(error: unknown): boolean {
  const code = causeCode(error);
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

/** Single-flight token cache with early refresh. */
export class TokenSource {
  private current: { value: string; refreshAt: number } | undefined;
  private pending: Promise<string> | undefined;
  constructor(
    private readonly fetchToken: () => Promise<{ accessToken: string; expiresIn: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  /** A valid token: the cached one until shortly before it expires, else a fresh one (one request for all callers). */
  get(): Promise<string> {
    if (this.current && this.now() < this.current.refreshAt) return Promise.resolve(this.current.value);
    this.pending ??= this.fetchToken()
      .then(({ accessToken, expiresIn }) => {
        const lifetime = Math.max(1, expiresIn) * 1000;
        // Refresh early: 10 % of the lifetime before expiry, at most a minute.
        this.current = { value: accessToken, refreshAt: this.now() + lifetime - Math.min(60_000, lifetime * 0.1) };
        return accessToken;
      })
      .finally(() => {
        this.pending = undefined;
      });
    return this.pending;
  }

  /** The platform refused `token`: forget it (unless a newer one replaced it already). */
  invalidate(token: string): void {
    if (this.current?.value === token) this.current = undefined;
  }
}

export function createRemoteClient(options: RemoteClientOptions): RemoteClient {
  const baseUrl = normaliseUrl(options.baseUrl);
  const authUrl = normaliseUrl(options.authUrl ?? new URL(baseUrl).origin);
  const policy: RetryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  const timeout = options.timeoutMs ?? 30_000;
  const validate = options.validate ?? 'essential';
  const stats: RemoteStats = { requests: 0, retries: 0, tokenRequests: 0 };
  const secret = options.clientSecret;
  // Belt and braces: whatever a server echoes, the secret never reaches a message.
  // Messages carry neither the secret nor the user name and password of a URL.
  const clean = (text: string) => withoutCredentials(secret ? text.split(secret).join('***') : text);

  const retryBase = {
    limit: policy.limit,
    delay: (attempt: number) => Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1)),
    backoffLimit: policy.maxDelayMs,
    maxRetryAfter: policy.maxRetryAfterMs,
    jitter: true,
  };
  const readRetry: Options['retry'] = {
    ...retryBase,
    methods: ['get', 'post'],
    statusCodes: [408, 429, 500, 502, 503, 504],
    afterStatusCodes: [429, 503],
    retryOnTimeout: true,
    // ky 1 would retry any error; only answers, timeouts and lost connections are worth another try.
    shouldRetry: ({ error }) => (error instanceof HTTPError || error instanceof TimeoutError || isNetworkError(error) ? undefined : false),
  };
  const writeRetry: Options['retry'] = {
    ...retryBase,
    methods: ['post', 'patch'],
    statusCodes: [429],
    afterStatusCodes: [429],
    shouldRetry: ({ error }) => {
      if (error instanceof HTTPError) return error.response.status === 429 ? undefined : false;
      if (isNetworkError(error)) return neverReached(error);
      return false;
    },
  };

  // An error answer's body, read as it arrives: ky 1 leaves it unread, which would hold the
  // connection until garbage collection, and the token error's body says why it was refused.
  const errorBodies = new WeakMap<HTTPError, unknown>();

  const http: KyInstance = ky.create({
    timeout,
    signal: options.signal,
    hooks: {
      beforeError: [
        async (error) => {
          const text = await error.response.text().catch(() => '');
          try {
            errorBodies.set(error, JSON.parse(text));
          } catch {
            // not JSON: nothing to keep
          }
          return error;
        },
      ],
      beforeRequest: [
        // Calls, not attempts: ky 1 runs this hook again for each retry, which `retries` counts.
        (_request, _options, { retryCount }) => {
          if (retryCount === 0) stats.requests += 1;
        },
      ],
      beforeRetry: [
        ({ request, error, retryCount }) => {
          stats.retries += 1;
          const reason =
            error instanceof HTTPError ? `HTTP ${error.response.status}` : error instanceof TimeoutError ? 'timeout' : clean(causeMessage(error));
          options.onRetry?.({ method: request.method, path: new URL(request.url).pathname, attempt: retryCount, reason });
        },
      ],
    },
  });

  function describe(error: unknown, method: string, path: string, write: boolean): SyncError {
    if (options.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) {
      return new SyncError('aborted', 'the sync was stopped');
    }
    const where = `${method} ${path}`;
    if (error instanceof HTTPError) {
      const status = error.response.status;
      if (status === 401) return new RemoteError('auth', `the platform refused the access token on ${where} (HTTP 401)`, { status });
      if (status === 429) return new RemoteError('unavailable', `the platform kept rate-limiting ${where} (HTTP 429)`, { status });
      if (status >= 500) {
        return new RemoteError('unavailable', `the platform failed ${where} (HTTP ${status})`, { status, mayHaveApplied: write });
      }
      return new RemoteError('protocol', `the platform answered ${where} with HTTP ${status}`, { status });
    }
    if (error instanceof TimeoutError) {
      return new RemoteError('unavailable', `the platform did not answer ${where} within ${timeout} ms`, { mayHaveApplied: write });
    }
    if (isNetworkError(error)) {
      return new RemoteError('unavailable', `cannot reach the platform for ${where}: ${clean(causeMessage(error))}`, {
        mayHaveApplied: write && !neverReached(error),
      });
    }
    if (error instanceof SyncError) return error;
    return new RemoteError('protocol', `unexpected failure of ${where}: ${clean(causeMessage(error))}`, { mayHaveApplied: write });
  }

  const tokens = new TokenSource(async () => {
    stats.tokenRequests += 1;
    const url = `${authUrl}${OAUTH_TOKEN_PATH}`;
    let body: unknown;
    try {
      body = await http
        .post(url, {
          json: { grant_type: 'client_credentials', audience: `${baseUrl}/api/`, client_id: options.clientId, client_secret: secret },
          retry: readRetry,
        })
        .json();
    } catch (error) {
      if (error instanceof HTTPError && (error.response.status === 400 || error.response.status === 401)) {
        const data = (errorBodies.get(error) ?? {}) as { error?: unknown; error_description?: unknown };
        const code = typeof data.error === 'string' ? data.error : `HTTP ${error.response.status}`;
        const detail = typeof data.error_description === 'string' ? `: ${data.error_description}` : '';
        throw new RemoteError('auth', clean(`the platform refused the client credentials of "${options.clientId}" (${code}${detail})`), {
          status: error.response.status,
        });
      }
      // Never rethrow ky's error: it carries the request options, the secret among them.
      throw describe(error, 'POST', OAUTH_TOKEN_PATH, false);
    }
    const token = body as { access_token?: unknown; expires_in?: unknown; token_type?: unknown };
    if (typeof token.access_token !== 'string' || token.access_token === '') {
      throw new RemoteError('protocol', clean(`the token endpoint ${url} answered without an access_token`));
    }
    const expiresIn = typeof token.expires_in === 'number' && token.expires_in > 0 ? token.expires_in : 300;
    return { accessToken: token.access_token, expiresIn };
  }, options.now);

  const check = (name: EndpointName, body: unknown, where: string) => checkAnswer(name, body, where, validate);

  async function call<T>(name: EndpointName, method: 'GET' | 'POST' | 'PATCH', path: string, json: unknown, write: boolean): Promise<CallResult<T>> {
    const where = `${method} ${path}`;
    for (let attempt = 0; ; attempt++) {
      const token = await tokens.get();
      let body: unknown;
      try {
        body = await http(`${baseUrl}${path}`, {
          method,
          json: json === undefined ? undefined : json,
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          retry: write ? writeRetry : readRetry,
        }).json();
      } catch (error) {
        // An expired or revoked token: fetch a new one and try once more (a 401 was not processed).
        if (error instanceof HTTPError && error.response.status === 401 && attempt === 0) {
          tokens.invalidate(token);
          continue;
        }
        throw describe(error, method, path, write);
      }
      check(name, body, where);
      return resultOf<T>(body);
    }
  }

  return {
    baseUrl,
    stats,
    read(name, params, body) {
      const def = ENDPOINTS[name];
      return call(name, def.method, pathOf(name, params), body, false);
    },
    write(name, body) {
      const def = ENDPOINTS[name];
      return call(name, def.method, pathOf(name), body, true);
    },
  };
}
