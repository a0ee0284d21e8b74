import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEAL_PROPERTIES, type BulkUpdateProperty } from '../../../src-main/contract';
import { percentToDecimal } from '../../../src-main/gateway/bulk-update-rules';
import { canonicalJson, contentHash, sameValue } from '../../../src-main/sync/canonical';
import { RemoteError } from '../../../src-main/sync/errors';
import { decidePull, decidePush } from '../../../src-main/sync/merge';
import { nextDown, nextUp, plainDecimal, solveFactor, solveReversion } from '../../../src-main/sync/numbers';
import { createRemoteClient, TokenSource } from '../../../src-main/sync/remote-client';
import { toWireValue } from '../../../src-main/gateway';

const ratio = (a: number, b: number) => (b === 0 || !Number.isFinite(a / b) ? 0 : a / b);

describe('the canonical form of a resource', () => {
  test('does not depend on key order and reads -0 as 0', () => {
    expect(canonicalJson({ b: [1, { d: -0, c: 'x' }], a: null, u: undefined })).toBe('{"a":null,"b":[1,{"c":"x","d":0}]}');
    expect(contentHash({ x: 1, y: [2, 3] })).toBe(contentHash({ y: [2, 3], x: 1 }));
    expect(contentHash({ x: 1 })).not.toBe(contentHash({ x: 1.0000000000000002 }));
  });

  test('is JSON with every object key sorted, for any JSON value', () => {
    // Written out plainly (JSON.stringify of a re-keyed object would put integer-like keys first).
    const reference = (v: unknown): string =>
      Array.isArray(v)
        ? `[${v.map(reference).join(',')}]`
        : v !== null && typeof v === 'object'
          ? `{${Object.keys(v)
              .sort()
              .map((k) => `${JSON.stringify(k)}:${reference((v as Record<string, unknown>)[k])}`)
              .join(',')}}`
          : JSON.stringify(v);
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(text).toBe(reference(value));
        expect(() => JSON.parse(text)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });

  test('compares values as the platform shows them', () => {
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue(0.1 + 0.2, 0.3)).toBe(false);
    expect(sameValue({ a: [1] }, { a: [1] })).toBe(true);
    expect(sameValue('1', 1)).toBe(false);
  });
});

describe('exact inverses for the mirror', () => {
  test('solveFactor finds f with f * by === target whenever the target is such a product', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 1e7, noNaN: true }), fc.integer({ min: 1, max: 5000 }), (f0, by) => {
        const target = f0 * by;
        const f = solveFactor(target, by);
        expect(f).not.toBeNull();
        expect(f! * by).toBe(target);
      }),
      { numRuns: 500 },
    );
  });

  test('solveReversion reproduces ratio(noi, exitCap) * (1 - sellingCosts) exactly', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1e3, max: 1e8, noNaN: true }),
        fc.double({ min: 0.03, max: 0.12, noNaN: true }),
        fc.double({ min: 0, max: 0.05, noNaN: true }),
        (noi, exitCap, costs) => {
          const finalSale = ratio(noi, exitCap) * (1 - costs);
          const r = solveReversion(finalSale, noi);
          expect(r.exact).toBe(true);
          expect(ratio(noi, r.exitCapRate) * (1 - r.sellingCosts)).toBe(finalSale);
        },
      ),
      { numRuns: 500 },
    );
    expect(solveReversion(0, 123)).toEqual({ exitCapRate: 0, sellingCosts: 0, exact: true });
  });

  test('nextUp and nextDown step one double', () => {
    expect(nextUp(1)).toBe(1 + Number.EPSILON);
    expect(nextDown(nextUp(0.3))).toBe(0.3);
    expect(nextUp(0)).toBe(Number.MIN_VALUE);
  });
});

describe('bulk-update values from read values', () => {
  test('a percentage read as a decimal is written so that the platform stores exactly the same decimal', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (decimal) => {
        const wire = plainDecimal(decimal, 2);
        expect(wire).toMatch(/^-?(?:\d+(?:\.\d+)?|\.\d+)$/);
        expect(percentToDecimal(wire)).toBe(decimal);
      }),
      { numRuns: 1000 },
    );
    expect(toWireValue('RateSpread', 0.055)).toBe('5.5');
    expect(toWireValue('IndexRate', 0.0057)).toBe('0.57');
  });

  test('numbers are written in plain decimal notation, booleans and empty values as the bulk update takes them', () => {
    expect(toWireValue('GrossLoan', 1e21)).toBe('1000000000000000000000');
    expect(toWireValue('GrossLoan', 5e-7)).toBe('0.0000005');
    expect(toWireValue('GrossLoan', 12345678.9)).toBe('12345678.9');
    expect(toWireValue('IsSyndicatedLoan', true)).toBe('true');
    expect(toWireValue('Note', null)).toBe('');
    expect(toWireValue('RateIndex', 'SOFR')).toBe('SOFR');
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (n) => {
        expect(Number(plainDecimal(n))).toBe(n + 0);
      }),
    );
    for (const p of Object.keys(DEAL_PROPERTIES) as BulkUpdateProperty[]) expect(typeof toWireValue(p, 1)).toBe('string');
  });
});

describe('the three-way merge of a field', () => {
  const row = (status: 'pending' | 'conflict' | 'ambiguous' | 'rejected', base: unknown, mine: unknown) => ({ status, base, mine });
  test('on pull: remote == base keeps mine, remote == mine settles, a third value is a conflict', () => {
    expect(decidePull(row('pending', 1, 2), 1)).toBe('keep');
    expect(decidePull(row('pending', 1, 2), 2)).toBe('settled');
    expect(decidePull(row('pending', 1, 2), 3)).toBe('conflict');
    expect(decidePull(row('conflict', 1, 2), 3)).toBe('leave');
    expect(decidePull(row('conflict', 1, 2), 2)).toBe('settled');
    expect(decidePull(row('ambiguous', 1, 2), 2)).toBe('leave');
    expect(decidePull(row('rejected', 1, 2), 3)).toBe('leave');
  });

  test('on push: remote == base sends, remote == mine was applied, a third value is a conflict', () => {
    expect(decidePush(row('pending', 1, 2), 1)).toBe('send');
    expect(decidePush(row('pending', 1, 2), 2)).toBe('applied');
    expect(decidePush(row('pending', 1, 2), 3)).toBe('conflict');
    // A lost attempt that landed, with a newer local edit since: it starts from what was sent.
    expect(decidePush({ ...row('ambiguous', 1, 3), sent: 2, hasSent: true }, 2)).toBe('applied-sent');
    expect(decidePush({ ...row('ambiguous', 1, 2), sent: 2, hasSent: true }, 2)).toBe('applied');
    expect(decidePush({ ...row('ambiguous', 1, 2), sent: 2, hasSent: true }, 1)).toBe('send');
  });
});

describe('the token', () => {
  test('is fetched once for concurrent callers, kept until shortly before it expires, and forgotten when refused', async () => {
    let now = 0;
    let fetches = 0;
    const source = new TokenSource(async () => {
      fetches += 1;
      await new Promise((r) => setTimeout(r, 5));
      return { accessToken: `t${fetches}`, expiresIn: 100 };
    }, () => now);
    expect(await Promise.all([source.get(), source.get(), source.get()])).toEqual(['t1', 't1', 't1']);
    expect(fetches).toBe(1);
    now = 89_000;
    expect(await source.get()).toBe('t1');
    now = 90_001; // within the last 10 % of its lifetime: refreshed early
    expect(await source.get()).toBe('t2');
    source.invalidate('t1'); // an older token: nothing to forget
    expect(await source.get()).toBe('t2');
    source.invalidate('t2');
    expect(await source.get()).toBe('t3');
  });
});

describe('the remote client', () => {
  async function fakePlatform(handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void) {
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => handler(req, res, body));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { origin, close: () => new Promise<void>((r) => server.close(() => r())) };
  }
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  test('asks for a token for {base_url}/api/, retries once with a new token after a 401, and never retries a write that may have been applied', async () => {
    const seen: string[] = [];
    let tokens = 0;
    let dealCalls = 0;
    const platform = await fakePlatform((req, res, body) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? ''}`);
      if (req.url === '/oauth/token') {
        const b = JSON.parse(body);
        expect(b).toMatchObject({ grant_type: 'client_credentials', client_id: 'c', client_secret: 's3cr3t' });
        expect(b.audience).toBe(`${platform.origin}/base/api/`);
        return json(res, 200, { token_type: 'Bearer', access_token: `tok${++tokens}`, expires_in: 3600 });
      }
      if (req.url === '/base/api/apiGateway/getAllDealIds') {
        dealCalls += 1;
        if (dealCalls === 1) return json(res, 401, { success: false, error: { target: 'Authorization', code: 'ValidationError', message: 'expired', details: [] } });
        return json(res, 200, { success: true, error: null, dealIds: ['a'] });
      }
      if (req.url === '/base/api/apiGateway/bulkUpdateDeals') return json(res, 503, { success: false });
      json(res, 404, {});
    });
    try {
      const client = createRemoteClient({ baseUrl: `${platform.origin}/base/`, authUrl: platform.origin, clientId: 'c', clientSecret: 's3cr3t', retry: { limit: 3, baseDelayMs: 1 } });
      expect(await client.read('getAllDealIds')).toEqual({ ok: true, body: { success: true, error: null, dealIds: ['a'] } });
      expect(seen.filter((s) => s.includes('getAllDealIds')).map((s) => s.split(' ').at(-1))).toEqual(['tok1', 'tok2']);
      const failed = await client.write('bulkUpdateDeals', { itemsToUpdate: [] }).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(RemoteError);
      expect(failed).toMatchObject({ kind: 'unavailable', mayHaveApplied: true, status: 503 });
      expect(seen.filter((s) => s.includes('bulkUpdateDeals'))).toHaveLength(1);
      expect(String((failed as Error).message)).not.toContain('s3cr3t');
    } finally {
      await platform.close();
    }
  });

  test('a refused secret is an auth failure whose message never shows the secret, even if the platform echoes it', async () => {
    const platform = await fakePlatform((_req, res) => json(res, 401, { error: 'invalid_client', error_description: 'bad secret s3cr3t' }));
    try {
      const client = createRemoteClient({ baseUrl: platform.origin, clientId: 'c', clientSecret: 's3cr3t' });
      const failed = (await client.read('getAllDealIds').catch((e: unknown) => e)) as RemoteError;
      expect(failed.kind).toBe('auth');
      expect(failed.message).toBe('the platform refused the client credentials of "c" (invalid_client: bad secret ***)');
    } finally {
      await platform.close();
    }
  });
});
