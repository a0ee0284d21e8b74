import { connect } from 'node:net';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, FailureResponse } from '../../../src-main/contract';
import { startTestService, type TestService } from '../../support/service';

// Every answer under /api/apiGateway/ that the server shapes carries the envelope:
// { success: false, error: { target, code, message, details } }.

let s: TestService;
let auth: { authorization: string };
beforeAll(async () => {
  s = await startTestService();
  auth = { authorization: `Bearer ${await s.token()}` };
});
afterAll(async () => s?.stop());

interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

async function call(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(s.origin + API_PREFIX + path, { ...init, headers: { ...auth, ...(init.headers as Record<string, string>) } });
  expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
  return { status: res.status, headers: res.headers, body: await res.json() };
}

/** The envelope of a failure, exactly: no field more, none less. */
function envelope(answer: Answer) {
  const parsed = FailureResponse.strict().safeParse(answer.body);
  expect(parsed.success, JSON.stringify(answer.body)).toBe(true);
  return parsed.data!.error;
}

const json = (body: string, type = 'application/json') => ({ method: 'POST', headers: { 'content-type': type }, body });

describe('answers in the envelope', () => {
  it.each([
    ['an id of 101 characters', `/getDealInfo/${'x'.repeat(101)}`, {}, 200, 'id', 'ValidationError'],
    ['an id of 5,000 characters', `/getCollateralCashFlow/${'x'.repeat(5000)}`, {}, 200, 'id', 'ValidationError'],
    ['a path that is not validly percent-encoded', '/getDealInfo/%E0%A4%A', {}, 200, 'path', 'ValidationError'],
    ['an unknown path', '/getEverything', {}, 404, 'path', 'MissingEntity'],
    ['malformed JSON', '/createHotelDeal', json('{"dealName":'), 200, 'body', 'ValidationError'],
    ['an empty JSON body', '/createHotelDeal', json(''), 200, 'body', 'ValidationError'],
    ['a body that is not JSON', '/createHotelDeal', json('<deal/>', 'application/xml'), 200, 'content-type', 'ValidationError'],
    ['a body without a content type', '/createHotelDeal', { method: 'POST', body: new Uint8Array([1, 2, 3]) }, 200, 'content-type', 'ValidationError'],
  ] as const)('%s', async (_what, path, init, status, target, code) => {
    const answer = await call(path, init);
    expect(answer.status).toBe(status);
    expect(envelope(answer)).toMatchObject({ target, code });
  });

  it('answers a method an endpoint does not take with 405 and Allow', async () => {
    const post = await call('/getDealInfo/d1', { method: 'DELETE' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    expect(envelope(post)).toMatchObject({ target: 'method', code: 'ValidationError' });
    const get = await call('/bulkUpdateDeals');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('PATCH');
  });

  it('answers a body over the 64 MiB limit with 413', async () => {
    // The declared length is enough for the server to refuse; nothing more is sent.
    const answer = await new Promise<Answer>((resolve, reject) => {
      const req = request(`${s.origin}${API_PREFIX}/bulkUpdateDeals`, {
        method: 'PATCH',
        headers: { ...auth, 'content-type': 'application/json', 'content-length': String(65 * 2 ** 20) },
      });
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: new Headers(res.headers as Record<string, string>), body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.write('{"itemsToUpdate":[');
    });
    expect(answer.status).toBe(413);
    expect(envelope(answer)).toMatchObject({ target: 'body', code: 'ValidationError' });
  });

  it('answers 503 in the envelope to a request that arrives while the server closes, after finishing the one in flight', async () => {
    const server = await startTestService();
    const token = await server.token();
    const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk));
    const body = JSON.stringify({ dealName: 'in flight' });
    // A request in flight (its body half sent), then the close, then a second request on the connection.
    socket.write(`POST ${API_PREFIX}/createHotelDeal HTTP/1.1\r\nHost: uw\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closed = server.stop();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(`${body.slice(5)}GET ${API_PREFIX}/getAllDealIds HTTP/1.1\r\nHost: uw\r\nAuthorization: Bearer ${token}\r\n\r\n`);
    await new Promise((resolve) => socket.on('close', resolve));
    await closed;
    const [first, second] = received.split(/(?=HTTP\/1\.1 )/);
    expect(first).toMatch(/^HTTP\/1\.1 200 /);
    expect(second).toMatch(/^HTTP\/1\.1 503 /);
    envelope({ status: 503, headers: new Headers(), body: JSON.parse(second!.slice(second!.indexOf('\r\n\r\n') + 4)) });
  });
});
