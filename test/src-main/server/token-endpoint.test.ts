import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, OAUTH_TOKEN_PATH } from '../../../src-main/contract';
import { CLIENT, startTestService, type TestService } from '../../support/service';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => s?.stop());

const credentials = (overrides: Record<string, string> = {}) => ({
  grant_type: 'client_credentials',
  audience: `${s.baseUrl}/api/`,
  client_id: CLIENT.clientId,
  client_secret: CLIENT.secret,
  ...overrides,
});

function postToken(body: unknown): Promise<Response> {
  return fetch(s.origin + OAUTH_TOKEN_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
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
