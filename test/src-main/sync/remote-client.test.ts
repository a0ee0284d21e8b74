import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { RemoteError } from '../../../src-main/sync/errors';
import { createRemoteClient, type RetryNotice } from '../../../src-main/sync/remote-client';

/*
 * The remote client's retry and timeout rules against a real HTTP server on port 0: what is
 * tried again after a lost connection or a timeout, and what a write never sends twice.
 */

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function platform(api: Handler) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url === '/oauth/token') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ token_type: 'Bearer', access_token: 'tok', expires_in: 3600 }));
        return;
      }
      api(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { origin, seen, calls: (path: string) => seen.filter((s) => s.endsWith(path)).length, close };
}

/** A port nothing listens on: the connection is refused. */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

const ok = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const SECRET = 'remote-client-test-secret';
const FAST = { limit: 2, baseDelayMs: 1, maxDelayMs: 5 };
const IDS = '/api/apiGateway/getAllDealIds';
const BULK = '/api/apiGateway/bulkUpdateDeals';

describe('the remote client on a failing network', () => {
  test('a read whose connection drops is sent again and succeeds, each retry reported with its reason', async () => {
    let attempts = 0;
    const p = await platform((req, res) => {
      attempts += 1;
      if (attempts <= 2) return req.socket.destroy();
      ok(res, { success: true, error: null, dealIds: ['a'] });
    });
    try {
      const notices: RetryNotice[] = [];
      const client = createRemoteClient({ baseUrl: p.origin, clientId: 'c', clientSecret: SECRET, retry: FAST, onRetry: (n) => notices.push(n) });
      expect(await client.read('getAllDealIds')).toEqual({ ok: true, body: { success: true, error: null, dealIds: ['a'] } });
      expect(p.calls(IDS)).toBe(3);
      expect(notices.map((n) => [n.method, n.path, n.attempt])).toEqual([
        ['GET', IDS, 1],
        ['GET', IDS, 2],
      ]);
      expect(notices[0]!.reason).toMatch(/socket|closed|terminated/i);
      expect(client.stats).toMatchObject({ requests: 2, retries: 2, tokenRequests: 1 });
    } finally {
      await p.close();
    }
  });

  test('a read that keeps timing out is tried limit + 1 times, then fails naming the call and the timeout', async () => {
    const p = await platform(() => {
      // never answers
    });
    try {
      const client = createRemoteClient({ baseUrl: p.origin, clientId: 'c', clientSecret: SECRET, retry: FAST, timeoutMs: 100 });
      const failed = (await client.read('getAllDealIds').catch((e: unknown) => e)) as RemoteError;
      expect(failed).toBeInstanceOf(RemoteError);
      expect(failed).toMatchObject({ kind: 'unavailable', mayHaveApplied: false, message: `the platform did not answer GET ${IDS} within 100 ms` });
      expect(p.calls(IDS)).toBe(3);
    } finally {
      await p.close();
    }
  });

  test('a write that times out is not sent again: it may have been applied', async () => {
    const p = await platform(() => {
      // never answers
    });
    try {
      const client = createRemoteClient({ baseUrl: p.origin, clientId: 'c', clientSecret: SECRET, retry: FAST, timeoutMs: 100 });
      const failed = (await client.write('bulkUpdateDeals', { itemsToUpdate: [] }).catch((e: unknown) => e)) as RemoteError;
      expect(failed).toMatchObject({ kind: 'unavailable', mayHaveApplied: true });
      expect(p.calls(BULK)).toBe(1);
    } finally {
      await p.close();
    }
  });

  test('a write whose connection drops after it was sent is not sent again: it may have been applied', async () => {
    const p = await platform((req) => req.socket.destroy());
    try {
      const client = createRemoteClient({ baseUrl: p.origin, clientId: 'c', clientSecret: SECRET, retry: FAST });
      const failed = (await client.write('bulkUpdateDeals', { itemsToUpdate: [] }).catch((e: unknown) => e)) as RemoteError;
      expect(failed).toMatchObject({ kind: 'unavailable', mayHaveApplied: true });
      expect(failed.message).toMatch(new RegExp(`^cannot reach the platform for PATCH ${BULK}: `));
      expect(p.calls(BULK)).toBe(1);
    } finally {
      await p.close();
    }
  });

  test('a write to a platform that refuses the connection is tried again, and reported as never applied', async () => {
    const auth = await platform(() => undefined);
    try {
      const notices: RetryNotice[] = [];
      const client = createRemoteClient({ baseUrl: await closedPort(), authUrl: auth.origin, clientId: 'c', clientSecret: SECRET, retry: FAST, onRetry: (n) => notices.push(n) });
      const failed = (await client.write('bulkUpdateDeals', { itemsToUpdate: [] }).catch((e: unknown) => e)) as RemoteError;
      expect(failed).toMatchObject({ kind: 'unavailable', mayHaveApplied: false });
      expect(failed.message).toMatch(/ECONNREFUSED/);
      expect(notices.map((n) => [n.method, n.attempt])).toEqual([
        ['PATCH', 1],
        ['PATCH', 2],
      ]);
    } finally {
      await auth.close();
    }
  });

  test('a 4xx answer to a read is not retried and keeps its status', async () => {
    const p = await platform((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"message":"no such route"}');
    });
    try {
      const client = createRemoteClient({ baseUrl: p.origin, clientId: 'c', clientSecret: SECRET, retry: FAST });
      const failed = (await client.read('getAllDealIds').catch((e: unknown) => e)) as RemoteError;
      expect(failed).toMatchObject({ kind: 'protocol', status: 404, message: `the platform answered GET ${IDS} with HTTP 404` });
      expect(p.calls(IDS)).toBe(1);
    } finally {
      await p.close();
    }
  });
});
