import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenResponse } from '../../../src-main/contract';
import { CLIENT, startTestService, type TestService } from '../../support/service';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => s.stop());

const tokenUrl = () => `${s.origin}/oauth/token`;
const good = () => ({ grant_type: 'client_credentials', audience: `${s.baseUrl}/api/`, client_id: CLIENT.clientId, client_secret: CLIENT.secret });

async function postJson(body: unknown) {
  const res = await fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('POST /oauth/token', () => {
  it('issues a bearer token for a JSON body', async () => {
    const res = await postJson(good());
    expect(res.status).toBe(200);
    const token = TokenResponse.parse(res.body);
    expect(token.token_type).toBe('Bearer');
    expect(token.expires_in).toBeGreaterThan(0);
  });

  it('issues a bearer token for a form-encoded body', async () => {
    const res = await fetch(tokenUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(good()).toString(),
    });
    expect(res.status).toBe(200);
    expect(TokenResponse.parse(await res.json()).access_token.split('.')).toHaveLength(3);
  });

  it('refuses a wrong secret with invalid_client and HTTP 401', async () => {
    const res = await postJson({ ...good(), client_secret: 'Guess-9f3k2' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
    expect(JSON.stringify(res.body)).not.toContain('Guess-9f3k2');
  });

  it('refuses an unknown client with invalid_client', async () => {
    const res = await postJson({ ...good(), client_id: 'nobody' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });

  it('refuses an audience other than {base_url}/api/', async () => {
    const res = await postJson({ ...good(), audience: 'https://elsewhere.example/api/' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('refuses another grant type with unsupported_grant_type', async () => {
    const res = await postJson({ ...good(), grant_type: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
  });

  it('refuses a request without client_secret with invalid_request', async () => {
    const { client_secret: _omit, ...rest } = good();
    const res = await postJson(rest);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('refuses malformed JSON with invalid_request', async () => {
    const res = await fetch(tokenUrl(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"grant_type":' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_request');
  });
});

describe('bearer authentication on /api/apiGateway', () => {
  it('answers 401 with WWW-Authenticate and the envelope when the token is missing', async () => {
    const res = await fetch(`${s.origin}/api/apiGateway/getAllDealIds`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
    const body = (await res.json()) as { success: boolean; error: { target: string; code: string } };
    expect(body.success).toBe(false);
    expect(body.error).toMatchObject({ target: 'Authorization', code: 'ValidationError' });
  });

  it('answers 401 for a forged token', async () => {
    const token = await s.token();
    const [h, p] = token.split('.');
    const res = await fetch(`${s.origin}/api/apiGateway/getAllDealIds`, { headers: { authorization: `Bearer ${h}.${p}.forged` } });
    expect(res.status).toBe(401);
  });

  it('accepts a valid token', async () => {
    const res = await s.api('GET', '/getAllDealIds');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null, dealIds: [] });
  });

  it('serves the OpenAPI reference at swagger-ui/index.html without a token', async () => {
    const res = await fetch(`${s.origin}/api/apiGateway/swagger-ui/index.html`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
    const doc = (await (await fetch(`${s.origin}/api/apiGateway/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toContain('/api/apiGateway/getDealInfo/{id}');
  });
});
