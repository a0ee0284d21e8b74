import type { IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, OAUTH_TOKEN_PATH } from '../../../src-main/contract';
import type { TokenRateLimit } from '../../../src-main/server/token-endpoint';
import { CLIENT, startTestService, type TestService } from '../../support/service';

let s: TestService;
beforeAll(async () => {
  // Dozens of failed requests below: the rate limit is not what these tests are about.
  s = await startTestService({ tokenRateLimit: { failuresPerClient: 1000, failuresPerAddress: 1000 } });
});
afterAll(async () => s?.stop());

const credentials = (overrides: Record<string, string> = {}) => ({
  grant_type: 'client_credentials',
  audience: `${s.baseUrl}/api/`,
  client_id: CLIENT.clientId,
  client_secret: CLIENT.secret,
  ...overrides,
});

function postToken(body: unknown, server = s): Promise<Response> {
  return fetch(server.origin + OAUTH_TOKEN_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('checking client secrets', () => {
  it('answers an API request sent during eight wrong-secret token requests before any of them', async () => {
    const token = await s.token();
    const answered: string[] = [];
    // The API read goes out once the server has taken in all eight token requests.
    const received = new Promise<void>((resolve) => {
      let count = 0;
      const onRequest = (request: IncomingMessage) => {
        if (request.url !== OAUTH_TOKEN_PATH || ++count < 8) return;
        s.app.server.off('request', onRequest);
        resolve();
      };
      s.app.server.on('request', onRequest);
    });
    const wrong = Array.from({ length: 8 }, (_, i) =>
      postToken(credentials({ client_secret: `wrong-${i}` })).then((res) => {
        expect(res.status).toBe(401);
        answered.push('token');
      }),
    );
    await received;
    const read = fetch(`${s.origin}${API_PREFIX}/getAllDealIds`, { headers: { authorization: `Bearer ${token}` } }).then((res) => {
      expect(res.status).toBe(200);
      answered.push('api');
    });
    await Promise.all([...wrong, read]);
    expect(answered.indexOf('api')).toBe(0);
  });

  it('spends as long on an unknown client as on a known client with a wrong secret (medians within 40 %)', async () => {
    const timed = async (body: unknown) => {
      const started = performance.now();
      const res = await postToken(body);
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const unknown: number[] = [];
    const known: number[] = [];
    // Interleaved, one at a time: both series see the same load on the machine.
    for (let i = 0; i < 15; i++) {
      unknown.push(await timed(credentials({ client_id: `nobody-${i}`, client_secret: 'wrong' })));
      known.push(await timed(credentials({ client_secret: `wrong-${i}` })));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ratio = median(unknown) / median(known);
    expect(ratio, `unknown ${median(unknown).toFixed(1)} ms, known ${median(known).toFixed(1)} ms`).toBeGreaterThan(0.6);
    expect(ratio).toBeLessThan(1 / 0.6);
  }, 30_000);
});

describe('body limits', () => {
  it('refuses a token request over 8 KiB with 413 and invalid_request, JSON or form-encoded', async () => {
    const padding = 'x'.repeat(9 * 1024);
    const json = await postToken(credentials({ client_secret: padding }));
    expect(json.status).toBe(413);
    expect(await json.json()).toMatchObject({ error: 'invalid_request' });
    const form = await fetch(s.origin + OAUTH_TOKEN_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(credentials({ client_secret: padding })).toString(),
    });
    expect(form.status).toBe(413);
    expect((await postToken(credentials())).status).toBe(200);
  });

  it('keeps the large limit on the API: a 2 MB bulk update is taken', async () => {
    const itemsToUpdate = Array.from({ length: 10_000 }, (_, i) => ({ id: `no-such-deal-${i}`, updates: [{ property: 'Note', value: 'n'.repeat(160) }] }));
    const body = JSON.stringify({ itemsToUpdate });
    expect(body.length).toBeGreaterThan(2_000_000);
    const res = await s.api('PATCH', '/bulkUpdateDeals', body);
    expect(res.status).toBe(200);
    expect(res.body.errors).toHaveLength(10_000);
  });
});

describe('the rate limit of failed token requests', () => {
  const OTHER = { clientId: 'other-client', secret: 'other-secret-77c1' };
  const servers: TestService[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop();
  });
  async function limited(tokenRateLimit: Partial<TokenRateLimit>) {
    const server = await startTestService({ clients: [CLIENT, OTHER], tokenRateLimit });
    servers.push(server);
    const post = (client: { clientId: string; secret: string }) =>
      postToken({ grant_type: 'client_credentials', audience: `${server.baseUrl}/api/`, client_id: client.clientId, client_secret: client.secret }, server);
    return { server, post };
  }

  it('refuses a client id with 429 and Retry-After once its failures are spent, its right secret too, and keeps other clients working', async () => {
    const { post } = await limited({ failuresPerClient: 3, failuresPerAddress: 100, windowSeconds: 60 });
    for (let i = 0; i < 3; i++) expect((await post({ ...CLIENT, secret: `guess-${i}` })).status).toBe(401);
    const refused = await post(CLIENT);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await refused.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect((await post({ ...CLIENT, secret: 'guess-4' })).status).toBe(429);
    expect((await post(OTHER)).status).toBe(200);
  });

  it('never counts successful requests: the real client gets fifty tokens in a row', async () => {
    const { post } = await limited({ failuresPerClient: 2, failuresPerAddress: 2, windowSeconds: 60 });
    for (let i = 0; i < 50; i++) expect((await post(CLIENT)).status).toBe(200);
    expect((await post({ ...CLIENT, secret: 'guess' })).status).toBe(401);
    expect((await post(CLIENT)).status).toBe(200);
  });

  it('refuses an address once its failures across client ids are spent', async () => {
    const { post } = await limited({ failuresPerClient: 100, failuresPerAddress: 4, windowSeconds: 60 });
    for (let i = 0; i < 4; i++) expect((await post({ clientId: `nobody-${i}`, secret: 'x' })).status).toBe(401);
    const refused = await post(OTHER);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('takes requests again once the window has passed', async () => {
    const { post } = await limited({ failuresPerClient: 1, windowSeconds: 1 });
    expect((await post({ ...CLIENT, secret: 'guess' })).status).toBe(401);
    expect((await post(CLIENT)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await post(CLIENT)).status).toBe(200);
  });
});
