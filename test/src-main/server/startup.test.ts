import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OWNER, startTestService, type TestService } from '../../support/service';

// What the server loads only when asked for: recorded as each module is first imported.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('@fastify/swagger', async (importOriginal) => {
  loaded.add('@fastify/swagger');
  return importOriginal();
});
vi.mock('@fastify/swagger-ui', async (importOriginal) => {
  loaded.add('@fastify/swagger-ui');
  return importOriginal();
});
vi.mock('@fastify/static', async (importOriginal) => {
  loaded.add('@fastify/static');
  return importOriginal();
});
vi.mock('zipcodes', async (importOriginal) => {
  loaded.add('zipcodes');
  return importOriginal();
});

const REFERENCE = '/api/apiGateway/swagger-ui';

let s: TestService;
beforeAll(async () => {
  s = await startTestService();
});
afterAll(async () => s.stop());

describe('a server start', () => {
  it('loads neither the API reference, nor web mode, nor the ZIP table, nor Fastify’s default compilers', async () => {
    expect((await s.api('GET', '/getAllDealIds')).body).toMatchObject({ success: true, dealIds: [] });
    expect([...loaded]).toEqual([]);
    const required = Object.keys(createRequire(import.meta.url).cache);
    expect(required.filter((file) => /[\\/](@fastify[\\/]ajv-compiler|ajv|fast-json-stringify-compiler)[\\/]/.test(file))).toEqual([]);
  });
});

describe('the API reference, built on its first request', () => {
  it('serves the OpenAPI document of every route', async () => {
    const res = await fetch(`${s.origin}/api/apiGateway/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const doc = (await res.json()) as { paths: Record<string, Record<string, { operationId?: string }>> };
    expect(loaded.has('@fastify/swagger')).toBe(true);
    expect(doc.paths['/oauth/token']?.post).toBeDefined();
    expect(doc.paths['/api/apiGateway/getDealInfo/{id}']?.get?.operationId).toBe('getDealInfo');
    // Only documented routes: neither the reference's own nor hidden aliases.
    expect(Object.keys(doc.paths).filter((p) => p.includes('swagger') || p.endsWith('openapi.json'))).toEqual([]);
    // The same document swagger-ui shows.
    expect(await (await fetch(`${s.origin}${REFERENCE}/json`)).json()).toEqual(doc);
  });

  it('serves swagger-ui at the address the spec names, its assets, HEAD and redirects as swagger-ui answers them', async () => {
    const page = await fetch(`${s.origin}${REFERENCE}/index.html`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('swagger');

    const redirect = await fetch(`${s.origin}${REFERENCE}/static/index.html`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe(`${REFERENCE}/`);
    expect(redirect.headers.get('content-type')).toBeNull();

    const css = await fetch(`${s.origin}${REFERENCE}/static/swagger-ui.css`);
    const length = (await css.arrayBuffer()).byteLength;
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const head = await fetch(`${s.origin}${REFERENCE}/static/swagger-ui.css`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(length);
    const range = await fetch(`${s.origin}${REFERENCE}/static/swagger-ui.css`, { headers: { range: 'bytes=0-99' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(100);
  });

  it('answers an unknown reference address with the API’s 404 envelope', async () => {
    const res = await fetch(`${s.origin}${REFERENCE}/static/missing.js`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: { code: 'MissingEntity' } });
  });
});

describe('the ZIP table', () => {
  it('is loaded by the first create that looks a place up', async () => {
    expect(loaded.has('zipcodes')).toBe(false);
    const res = await s.api('POST', '/createResidentialDeal', {
      ownerId: OWNER,
      dealName: 'Riverside Apartments',
      address: { fullAddress: '100 Congress Ave, Austin, TX 78701' },
      propertyType: 'Multi_Family_Apartments',
      loanType: 'Acquisition',
      loanAmount: 12_500_000,
      loanTerm: 60,
      residentialLivingUnitCreateDto: [{ frontEndGridLineNumber: '1', description: '1BR/1BA', bedrooms: 1, bathrooms: 1, unitSize: 720, numUnits: 40 }],
    });
    expect(res.body).toMatchObject({ success: true });
    expect(loaded.has('zipcodes')).toBe(true);
  });
});
