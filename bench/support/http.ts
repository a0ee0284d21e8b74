import { Agent, request } from 'node:http';
import { API_PREFIX, OAUTH_TOKEN_PATH } from '../../src-main/contract';

/** The API client every bench server provisions. */
export const BENCH_CLIENT = { clientId: 'bench-client', secret: 'bench-secret-9d2c' };
/** The read-throughput ceiling's route, under the API prefix (so behind the same auth hook). */
export const CONSTANT_PATH = '/__bench/constantDealInfo';

export async function fetchToken(origin: string, baseUrl = origin): Promise<string> {
  const res = await fetch(origin + OAUTH_TOKEN_PATH, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'client_credentials',
      audience: `${baseUrl}/api/`,
      client_id: BENCH_CLIENT.clientId,
      client_secret: BENCH_CLIENT.secret,
    }),
  });
  if (res.status !== 200) throw new Error(`token request failed: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** One API call with fetch; the JSON answer and its status. */
export async function api<T = Record<string, unknown>>(
  origin: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T; bytes: number }> {
  const res = await fetch(origin + API_PREFIX + path, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text) as T, bytes: Buffer.byteLength(text) };
}

/**
 * A minimal keep-alive client for latency samples: one connection, one request at a time, the
 * time from writing the request to the last byte of the answer.
 */
export class LatencyClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  /** Milliseconds for one GET of API_PREFIX + path; throws unless HTTP 200 with success true. */
  get(path: string): Promise<number> {
    return this.send('GET', path);
  }

  /** Milliseconds for one POST of a JSON body (serialized before the clock starts); as get. */
  post(path: string, body: unknown): Promise<number> {
    return this.send('POST', path, JSON.stringify(body));
  }

  private send(method: 'GET' | 'POST', path: string, body?: string): Promise<number> {
    const url = new URL(this.origin + API_PREFIX + path);
    const headers: Record<string, string | number> = { authorization: `Bearer ${this.token}` };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    return new Promise((resolvePromise, reject) => {
      const started = performance.now();
      const req = request(
        { host: url.hostname, port: url.port, path: url.pathname, method, agent: this.agent, headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const elapsed = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let success: boolean;
            try {
              success = (JSON.parse(text) as { success?: unknown }).success === true;
            } catch {
              success = false;
            }
            if (res.statusCode !== 200 || !success) {
              reject(new Error(`${method} ${path}: HTTP ${res.statusCode} ${text.slice(0, 200)}`));
            } else resolvePromise(elapsed);
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}
