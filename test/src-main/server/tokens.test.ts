import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT, fetchToken, startTestService, type TestService } from '../../support/service';

let s: TestService;
beforeAll(async () => {
  s = await startTestService({
    clients: [CLIENT, { clientId: 'leaving', secret: 'leaving-secret-1' }, { clientId: 'returning', secret: 'returning-secret-2' }, { clientId: 'reader', secret: 'reader-secret-3' }],
    demoDeals: 2,
  });
});
afterAll(async () => s?.stop());

/** A token signed with the server's own key, with the claims given. */
async function signed(claims: { sub?: string; exp?: boolean | number; iat?: boolean }): Promise<string> {
  const key = Buffer.from((await s.store.getSetting<string>('oauth.signingKey'))!, 'base64url');
  let jwt = new SignJWT({}).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuer(s.baseUrl).setAudience(`${s.baseUrl}/api/`);
  if (claims.sub) jwt = jwt.setSubject(claims.sub);
  if (claims.iat !== false) jwt = jwt.setIssuedAt();
  if (claims.exp !== false) jwt = jwt.setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '1h');
  return jwt.sign(key);
}

async function status(token: string, path = '/getAllDealIds'): Promise<number> {
  return (await fetch(`${s.origin}/api/apiGateway${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
}

describe('access tokens', () => {
  it('are accepted when signed by the server with an expiry, for an existing client', async () => {
    expect(await status(await signed({ sub: CLIENT.clientId }))).toBe(200);
  });

  it('are refused without an expiry (exp), even when signed by the server', async () => {
    expect(await status(await signed({ sub: CLIENT.clientId, exp: false }))).toBe(401);
  });

  it('are refused once they expire, also when they were accepted before', async () => {
    const token = await signed({ sub: CLIENT.clientId, exp: Math.floor(Date.now() / 1000) + 2 });
    expect(await status(token)).toBe(200);
    expect(await status(token)).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect(await status(token)).toBe(401);
  });

  it('are refused when they name a client that does not exist', async () => {
    expect(await status(await signed({ sub: 'never-provisioned' }))).toBe(401);
  });

  it('are revoked by removing their client, and stay revoked when the client is provisioned again', async () => {
    const leaving = await fetchToken(s.origin, s.baseUrl, { clientId: 'leaving', secret: 'leaving-secret-1' });
    const returning = await fetchToken(s.origin, s.baseUrl, { clientId: 'returning', secret: 'returning-secret-2' });
    expect(await status(leaving)).toBe(200);
    expect(await status(returning)).toBe(200);

    expect(await s.store.removeApiClient('leaving')).toBe(true);
    expect(await status(leaving)).toBe(401);

    const hash = (await s.store.apiClientSecretHash('returning'))!;
    await s.store.removeApiClient('returning');
    // A token's issue time has a precision of a second: provision again in the next one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await s.store.upsertApiClient('returning', hash);
    expect(await status(returning)).toBe(401);
    expect(await status(await fetchToken(s.origin, s.baseUrl, { clientId: 'returning', secret: 'returning-secret-2' }))).toBe(200);
  });

  // On PostgreSQL getDealInfo checks the client in the deal read's own statement (server/app.ts):
  // a removed client is refused there too, whatever the id names.
  it('are revoked for getDealInfo too, whether the id names a deal, no deal, or is invalid', async () => {
    const [dealId] = (await s.store.allDealIds()) as string[];
    const reader = await fetchToken(s.origin, s.baseUrl, { clientId: 'reader', secret: 'reader-secret-3' });
    const paths = [`/getDealInfo/${dealId}`, '/getDealInfo/no-such-deal', `/getDealInfo/${'x'.repeat(101)}`];
    for (const path of paths) expect(await status(reader, path)).toBe(200);

    expect(await s.store.removeApiClient('reader')).toBe(true);
    for (const path of paths) expect(await status(reader, path)).toBe(401);
    expect(await status(await signed({ sub: 'never-provisioned' }), `/getDealInfo/${dealId}`)).toBe(401);
    expect(await status(await signed({ sub: CLIENT.clientId, exp: false }), `/getDealInfo/${dealId}`)).toBe(401);
    expect(await status(await signed({ sub: CLIENT.clientId }), `/getDealInfo/${dealId}`)).toBe(200);
  });
});
