import { writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelTable } from '../../../src-main/app';
import { SESSION_HEADER } from '../../../src-main/contract';
import { createDownloadRegistry, createEventHub, isValidSession, type BridgeEnvironment } from '../../../src-main/server/bridge';
import { isAllowedHost, webOriginPolicy } from '../../../src-main/server/web-origin';
import { startTestService, tempDir, type TestService } from '../../support/service';

/** The web-mode bridge on the real server (port 0): the session check, calls, events, downloads. */
describe('web-mode bridge', () => {
  let service: TestService;
  let session: string;
  let env: BridgeEnvironment | undefined;

  // A page of its own, so the test does not depend on a build of the UI having run before it.
  const ui = tempDir('uw-ui-');
  writeFileSync(join(ui.path, 'index.html'), '<!doctype html><title>workstation</title>');

  beforeAll(async () => {
    service = await startTestService({
      web: true,
      rendererDir: ui.path,
      demoDeals: 3,
      bridge: (e) => {
        env = e;
        const table = createChannelTable({ ...e, mode: 'web', version: 'test' });
        return { dispatch: table.dispatch, close: table.close };
      },
    });
    session = new URL(service.webLink!).searchParams.get('session')!;
  });
  afterAll(async () => {
    await service.stop();
    ui.remove();
  });

  const invoke = (body: unknown, headers: Record<string, string> = { [SESSION_HEADER]: session }) =>
    fetch(`${service.origin}/bridge/invoke`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('refuses a call without the session, with a wrong one, or with it in the wrong place (401)', async () => {
    for (const headers of [{} as Record<string, string>, { [SESSION_HEADER]: 'wrong' }, { [SESSION_HEADER]: `${session}x` }, { [SESSION_HEADER]: session.slice(1) }, { authorization: `Bearer ${session}` }]) {
      const res = await invoke({ channel: 'app.info' }, headers);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ ok: false });
    }
    const inQuery = await fetch(`${service.origin}/bridge/invoke?session=${session}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ channel: 'app.info' }),
    });
    expect(inQuery.status).toBe(401);
    const events = await fetch(`${service.origin}/bridge/events`);
    expect(events.status).toBe(401);
  });

  it('answers a call with the session through the channel table', async () => {
    const res = await invoke({ channel: 'app.info' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toMatchObject({ ok: true, value: { mode: 'web', dealCount: 3, firstRun: false } });
    const ids = (await (await invoke({ channel: 'deals.ids' })).json()) as { value: { dealIds: string[] } };
    const deal = await (await invoke({ channel: 'deal.info', payload: { id: ids.value.dealIds[0] } })).json();
    expect(deal).toMatchObject({ ok: true, value: { id: ids.value.dealIds[0] } });
  });

  it('validates the envelope and the payload', async () => {
    expect(await (await invoke({ channel: 'app.info', extra: 1 })).json()).toMatchObject({ ok: false, error: 'invalid request' });
    expect(await (await invoke({ channel: '../etc' })).json()).toMatchObject({ ok: false, error: 'invalid request' });
    expect(await (await invoke({ channel: 'no.such' })).json()).toEqual({ ok: false, error: 'unknown channel' });
    expect(await (await invoke({ channel: 'deal.info', payload: { id: 1 } })).json()).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'id' } });
  });

  it('signs an edit with the name the page gave, and refuses it before any name (never the OS user)', async () => {
    const call = async (channel: string, payload?: unknown) => (await (await invoke({ channel, payload })).json()) as { ok: boolean; value?: unknown; details?: unknown };
    expect(await call('app.info')).toMatchObject({ ok: true, value: { userNameNeeded: true } });
    const id = ((await call('deals.ids')).value as { dealIds: string[] }).dealIds[0]!;
    const edit = { itemsToUpdate: [{ id, updates: [{ property: 'LoanTerm', value: '84' }] }] };
    expect(await call('deals.bulkUpdate', edit)).toMatchObject({ ok: false, details: { code: 'UserNameRequired' } });
    expect((await call('deal.history', { dealId: id })).value).toEqual([]);

    expect(await call('history.setUser', { name: 'Dana Underwriter' })).toMatchObject({ ok: true, value: { name: 'Dana Underwriter' } });
    expect(await call('app.info')).toMatchObject({ ok: true, value: { userNameNeeded: false } });
    expect(await call('deals.bulkUpdate', edit)).toMatchObject({ ok: true });
    expect((await call('deal.history', { dealId: id })).value).toMatchObject([{ field: 'LoanTerm', source: 'ui', actor: 'Dana Underwriter', newValue: 84 }]);
  });

  it('streams events to a page holding the session', async () => {
    const controller = new AbortController();
    const res = await fetch(`${service.origin}/bridge/events`, { headers: { [SESSION_HEADER]: session }, signal: controller.signal });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
    env!.emit('pipeline.progress', { done: 1, total: 2 });
    while (!text.includes('pipeline.progress')) text += (await reader.read()).value ?? '';
    expect(text).toContain(`data: ${JSON.stringify({ event: 'pipeline.progress', payload: { done: 1, total: 2 } })}\n\n`);
    controller.abort();
  });

  it('serves an export once through its one-time link', async () => {
    const result = await (await invoke({ channel: 'report.export', payload: { filter: {}, format: 'csv', exportId: 'x1' } })).json();
    expect(result).toMatchObject({ ok: true, value: { cancelled: false, fileName: expect.stringMatching(/^collateral-report-.*\.csv$/) } });
    const url = `${service.origin}${result.value.downloadUrl}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-disposition')).toMatch(/^attachment; filename="collateral-report-.*\.csv"$/);
    expect(Buffer.from(await first.arrayBuffer()).toString('utf8').split('\r\n')[0]).toMatch(/^\uFEFFDeal ID,Deal name,/);
    const again = await fetch(url);
    expect(again.status).toBe(404);
    expect((await fetch(`${service.origin}/bridge/download/not-a-uuid`)).status).toBe(404);
  });

  it("sends frame-ancestors 'none' and no referrer on the page", async () => {
    const res = await fetch(`${service.origin}/`);
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  /** A raw HTTP request (fetch may not set Host): status, headers and body. */
  function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
    const { port } = new URL(service.origin);
    return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers } }, (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  const call = JSON.stringify({ channel: 'app.info' });
  const host = () => new URL(service.origin).host;
  const cookieOf = async () => {
    const res = await raw('GET', `/?session=${session}`, { host: host() });
    return String(res.headers['set-cookie']).split(';')[0]!;
  };

  it('turns the printed link into an HttpOnly, SameSite=Strict session cookie for the bridge, and the secret out of the address', async () => {
    const res = await raw('GET', `/?session=${session}&x=1`, { host: host() });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/?x=1');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^uw-session-${new URL(service.origin).port}=${session}; `));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/bridge');
    expect(res.headers['cache-control']).toBe('no-store');
    // A link with another secret loses it too, and sets nothing.
    const stale = await raw('GET', '/?session=not-this-launch', { host: host() });
    expect(stale.status).toBe(303);
    expect(stale.headers.location).toBe('/');
    expect(stale.headers['set-cookie']).toBeUndefined();
  });

  it('answers a page holding the cookie alone: a call, the events, from any tab', async () => {
    const cookie = await cookieOf();
    const answered = await raw('POST', '/bridge/invoke', { host: host(), cookie, origin: service.origin, 'sec-fetch-site': 'same-origin' }, call);
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body)).toMatchObject({ ok: true, value: { mode: 'web' } });
    const controller = new AbortController();
    const events = await fetch(`${service.origin}/bridge/events`, { headers: { cookie }, signal: controller.signal });
    expect(events.status).toBe(200);
    controller.abort();
    // Without cookie or header, or with the cookie of another port: 401.
    expect((await raw('POST', '/bridge/invoke', { host: host() }, call)).status).toBe(401);
    expect((await raw('POST', '/bridge/invoke', { host: host(), cookie: cookie.replace(/^uw-session-\d+/, 'uw-session-1') }, call)).status).toBe(401);
    expect((await raw('POST', '/bridge/invoke', { host: host(), cookie: cookie.replace(/=.*/, '=wrong') }, call)).status).toBe(401);
  });

  it('refuses a foreign Host (DNS rebinding): the page, the link, the bridge and downloads, session or not', async () => {
    const cookie = await cookieOf();
    for (const name of ['evil.example', 'evil.example:80', `evil.example:${new URL(service.origin).port}`, '127.0.0.1.evil.example']) {
      for (const [method, path] of [['GET', '/'], ['GET', `/?session=${session}`], ['GET', '/index.html'], ['GET', '/bridge/events'], ['GET', '/bridge/download/00000000-0000-0000-0000-000000000000']]) {
        const res = await raw(method!, path!, { host: name, cookie, [SESSION_HEADER]: session });
        expect(res.status, `${name} ${path}`).toBe(403);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
      const posted = await raw('POST', '/bridge/invoke', { host: name, cookie, [SESSION_HEADER]: session }, call);
      expect(posted.status).toBe(403);
      expect(posted.body).not.toContain('"ok":true');
    }
    // The names this server goes by.
    for (const name of [host(), `localhost:${new URL(service.origin).port}`, '[::1]:1']) expect((await raw('GET', '/', { host: name })).status, name).not.toBe(403);
  });

  it('refuses a page of another origin, another port of this machine included, even with the cookie', async () => {
    const cookie = await cookieOf();
    const port = new URL(service.origin).port;
    for (const origin of ['http://evil.example', `http://localhost:${Number(port) + 1}`, `http://127.0.0.1:${Number(port) + 1}`, 'null']) {
      const res = await raw('POST', '/bridge/invoke', { host: host(), cookie, origin }, call);
      expect(res.status, origin).toBe(403);
    }
    for (const site of ['cross-site', 'same-site']) {
      expect((await raw('POST', '/bridge/invoke', { host: host(), cookie, 'sec-fetch-site': site }, call)).status, site).toBe(403);
      expect((await raw('GET', '/bridge/events', { host: host(), cookie, 'sec-fetch-site': site })).status, site).toBe(403);
    }
    expect((await raw('POST', '/bridge/invoke', { host: host(), cookie, origin: service.origin }, call)).status).toBe(200);
    // Following a link to the page from another site is an ordinary way in; fetching it is not.
    const followed = await raw('GET', `/?session=${session}`, { host: host(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' });
    expect(followed.status).toBe(303);
    expect(followed.headers['set-cookie']).toBeDefined();
    expect((await raw('GET', '/', { host: host(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).status).toBe(200);
    expect((await raw('GET', '/', { host: host(), 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' })).status).toBe(403);
    expect((await raw('GET', '/', { host: 'evil.example', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).status).toBe(403);
  });

  it('leaves the API to its own clients, whatever their Host', async () => {
    expect((await raw('GET', '/api/apiGateway/getAllDealIds', { host: 'api.example' })).status).toBe(401);
  });

  it('closes with an event stream open', async () => {
    const other = await startTestService({ web: true });
    const otherSession = new URL(other.webLink!).searchParams.get('session')!;
    const res = await fetch(`${other.origin}/bridge/events`, { headers: { [SESSION_HEADER]: otherSession } });
    expect(res.status).toBe(200);
    // Without a channel table the bridge still answers, with 'unknown channel'.
    const call = await fetch(`${other.origin}/bridge/invoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SESSION_HEADER]: otherSession },
      body: JSON.stringify({ channel: 'app.info' }),
    });
    expect(await call.json()).toEqual({ ok: false, error: 'unknown channel' });
    await other.stop();
  });
});

describe('bridge helpers', () => {
  it('knows the host names a server goes by: IP addresses, localhost, its bind address and public URL', () => {
    const policy = webOriginPolicy('0.0.0.0', 'https://uw.lender.example/');
    for (const h of ['127.0.0.1:8080', '10.0.0.7', '[::1]:8080', 'localhost:8080', 'LOCALHOST', 'app.localhost:1', 'uw.lender.example', 'UW.Lender.Example:443']) {
      expect(isAllowedHost(h, policy), h).toBe(true);
    }
    for (const h of [undefined, '', 'evil.example', 'uw.lender.example.evil.example', 'user@127.0.0.1', '127.0.0.1/x', 'localhost.evil.example']) {
      expect(isAllowedHost(h, policy), String(h)).toBe(false);
    }
    expect(isAllowedHost('workstation.internal:8080', webOriginPolicy('workstation.internal'))).toBe(true);
  });

  it('compares sessions in constant time and refuses anything that is not the secret', () => {
    expect(isValidSession('abc', 'abc')).toBe(true);
    expect(isValidSession('abd', 'abc')).toBe(false);
    expect(isValidSession('', 'abc')).toBe(false);
    expect(isValidSession(undefined, 'abc')).toBe(false);
    expect(isValidSession(['abc'], 'abc')).toBe(false);
    expect(isValidSession('a'.repeat(600), 'a'.repeat(600))).toBe(false);
  });

  it('fans events out to every subscriber until they leave', () => {
    const hub = createEventHub();
    const a: string[] = [];
    const stopA = hub.subscribe((m) => a.push(m));
    hub.subscribe(() => undefined);
    hub.emit('x', { n: 1 });
    stopA();
    hub.emit('x', { n: 2 });
    expect(a).toEqual([`data: {"event":"x","payload":{"n":1}}\n\n`]);
    expect(hub.size()).toBe(1);
  });

  it('hands out each download once and forgets it after its time', async () => {
    const registry = createDownloadRegistry(30);
    const target = await registry.target({ format: 'csv', suggestedName: '../../etc/report.csv' });
    expect(target.fileName).toBe('report.csv');
    expect(target.downloadUrl).toMatch(/^\/bridge\/download\/[0-9a-f-]{36}$/);
    writeFileSync(target.file, 'x');
    const id = target.downloadUrl.split('/').pop()!;
    expect(registry.take(id)).toMatchObject({ fileName: 'report.csv' });
    expect(registry.take(id)).toBeUndefined();
    const late = await registry.target({ format: 'csv', suggestedName: 'r.csv' });
    await new Promise((r) => setTimeout(r, 60));
    expect(registry.take(late.downloadUrl.split('/').pop()!)).toBeUndefined();
    registry.close();
  });
});
