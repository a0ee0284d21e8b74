import { validate } from '@readme/openapi-parser';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { execFile } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, OAUTH_TOKEN_PATH } from '../../../src-main/contract';
import { OWNER, startTestService, tempDir, type TestService } from '../../support/service';

// The document is checked as served, by tools nobody on the team wrote: a standard OpenAPI
// validator, a JSON Schema validator run on real answers, and a client generator.

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  tags?: string[];
  'x-extension'?: boolean;
  parameters?: { name: string; in: string; schema: Json }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

let s: TestService;
let doc: Document;
const DEMO_DEALS = 24;

beforeAll(async () => {
  s = await startTestService({ demoDeals: DEMO_DEALS, users: [OWNER] });
  const res = await fetch(`${s.origin}${API_PREFIX}/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as Document;
}, 60_000);
afterAll(async () => s?.stop());

/** Every operation of the document, with its path and method. */
function operations(): { path: string; method: string; op: Operation }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
}

/**
 * ajv over the document's own schemas: each component is registered under an absolute id and
 * every `#/components/schemas/X` reference is pointed at it.
 */
function schemaValidator(): (schema: Json) => ValidateFunction {
  const base = 'https://openapi.test/components/schemas/';
  const rewrite = <T>(value: T): T =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', `"${base}`)) as T;
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats.default(ajv);
  for (const [name, schema] of Object.entries(doc.components.schemas)) ajv.addSchema(rewrite(schema), base + name);
  const cache = new Map<Json, ValidateFunction>();
  return (schema) => {
    let fn = cache.get(schema);
    if (!fn) cache.set(schema, (fn = ajv.compile(rewrite(schema))));
    return fn;
  };
}

describe('the served OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document to a standard validator, every reference resolving', async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThan(50);
    for (const ref of refs) expect(doc.components.schemas, ref).toHaveProperty([ref]);
    // The fields this implementation adds to the spec's answers say so.
    expect(JSON.stringify(doc.components.schemas.DealFundsInfoResponseDto)).toContain('Extension beyond the spec');
  });

  it('compiles every request and response schema with a JSON Schema validator', () => {
    const compile = schemaValidator();
    let compiled = 0;
    for (const { op } of operations()) {
      for (const content of [op.requestBody?.content, ...Object.values(op.responses).map((r) => r.content)]) {
        for (const { schema } of Object.values(content ?? {})) {
          compile(schema);
          compiled++;
        }
      }
    }
    expect(compiled).toBeGreaterThan(50);
  });

  it('marks the analysis and sync endpoints as extensions: the Extensions tag, x-extension and a description', () => {
    const extensions = operations().filter(({ op }) => (op as unknown as Json)['x-extension'] === true);
    expect(extensions.map(({ op }) => op.operationId).sort()).toEqual(['getDealChanges', 'getDealGraphs', 'sizeLoan', 'stressDeal', 'stressPortfolio']);
    for (const { op } of extensions) {
      expect((op as unknown as Json).tags).toEqual(['Extensions']);
      expect(String((op as unknown as Json).description)).toMatch(/^Extension beyond the Deal Underwriting Service spec/);
    }
    expect((doc as unknown as Json).tags).toEqual([expect.objectContaining({ name: 'Extensions' })]);
    // The spec's own operations carry neither mark.
    expect(operations().filter(({ op }) => (op as unknown as Json).tags !== undefined)).toHaveLength(5);
    expect(operations().find(({ op }) => op.operationId === 'getDealInfo')!.op).not.toHaveProperty('x-extension');
    const changes = operations().find(({ op }) => op.operationId === 'getDealChanges')!;
    expect(changes.op.parameters?.map((p) => `${p.in} ${p.name}`).sort()).toEqual(['query limit', 'query since']);
  });

  it('documents the 401 answer, its envelope, on every resource path', () => {
    const resources = operations().filter(({ path }) => path.startsWith(`${API_PREFIX}/`));
    // The spec's 22, the three analysis and the two sync extensions.
    expect(resources).toHaveLength(27);
    const compile = schemaValidator();
    const unauthorized = { success: false, error: { target: 'Authorization', code: 'ValidationError', message: 'x', details: [] } };
    for (const { path, op } of resources) {
      const schema = op.responses['401']?.content?.['application/json']?.schema;
      expect(schema, path).toBeDefined();
      expect(compile(schema!)(unauthorized), path).toBe(true);
    }
  });
});

describe('the limits of what the API takes', () => {
  it('are documented on every request field: a maximum length on each free string, a range on each number', () => {
    const resolve = (schema: Json): Json =>
      typeof schema.$ref === 'string' ? doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]! : schema;
    const unbounded: string[] = [];
    let checked = 0;
    const walk = (node: Json, at: string, seen: Set<Json>) => {
      const schema = resolve(node);
      if (seen.has(schema)) return;
      seen.add(schema);
      const type = schema.type;
      if (type === 'string' && schema.enum === undefined && schema.const === undefined && schema.format === undefined && schema.pattern === undefined) {
        checked++;
        if (typeof schema.maxLength !== 'number') unbounded.push(at);
      }
      if (type === 'number' || type === 'integer') {
        checked++;
        if (typeof schema.maximum !== 'number' && typeof schema.exclusiveMaximum !== 'number') unbounded.push(at);
      }
      for (const [key, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) walk(child, `${at}.${key}`, seen);
      if (schema.items) walk(schema.items as Json, `${at}[]`, seen);
      for (const branch of [...((schema.anyOf ?? []) as Json[]), ...((schema.oneOf ?? []) as Json[])]) walk(branch, at, seen);
    };
    for (const { path, method, op } of operations()) {
      for (const parameter of op.parameters ?? []) walk(parameter.schema, `${method} ${path} ${parameter.name}`, new Set());
      const body = op.requestBody?.content['application/json']?.schema;
      if (body) walk(body, `${method} ${path} body`, new Set());
    }
    expect(unbounded).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});

/** The document's schema of an operation's answer with this status. */
function responseSchema(path: string, method: string, status: number): Json {
  const schema = doc.paths[path]?.[method]?.responses[String(status)]?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`the document has no ${status} answer for ${method.toUpperCase()} ${path}`);
  return schema;
}

describe('real answers against the served document', () => {
  it('match their response schema for every record of the demo portfolio, on every read endpoint', async () => {
    const compile = schemaValidator();
    const answered = new Map<string, number>();
    const failures: string[] = [];
    /** Calls an endpoint and validates the answer with the document's schema of its operation. */
    async function call<T = Json>(method: 'get' | 'post', template: string, params: Record<string, string> = {}, body?: unknown, query = ''): Promise<T> {
      const path = template.replace(/\{(\w+)\}/g, (_, key: string) => encodeURIComponent(params[key]!)) + query;
      const res = await s.api(method.toUpperCase(), path.slice(API_PREFIX.length), body);
      expect(res.status, path).toBe(200);
      expect(res.body.success, `${path}: ${JSON.stringify(res.body.error)}`).toBe(true);
      const check = compile(responseSchema(template, method, 200));
      if (!check(res.body) && failures.length < 10) failures.push(`${path}: ${JSON.stringify(check.errors?.slice(0, 3))}`);
      const operationId = doc.paths[template]![method]!.operationId!;
      answered.set(operationId, (answered.get(operationId) ?? 0) + 1);
      return res.body as T;
    }
    const P = (name: string) => Object.keys(doc.paths).find((p) => p.startsWith(`${API_PREFIX}/${name}`))!;

    const seen = { residential: 0, commercial: 0, hotel: 0, mixedCollaterals: 0, residentialRolls: 0, commercialRolls: 0, people: 0, companies: 0 };
    const people = new Set<string>();
    const companies = new Set<string>();
    const { dealIds } = await call<{ dealIds: string[] }>('get', P('getAllDealIds'));
    expect(dealIds).toHaveLength(DEMO_DEALS);
    for (const id of dealIds) {
      const deal = await call<{ personIds: string[]; companyIds: string[] }>('get', P('getDealInfo'), { id });
      await call('get', P('getDealFunds'), { dealId: id });
      await call('get', P('getDealComponentSummary'), { dealId: id });
      const { collateralSummaries } = await call<{ collateralSummaries: { id: string }[] }>('get', P('getDealCollateralSummary'), { dealId: id });
      for (const collateral of collateralSummaries) {
        await call('get', P('getCollateralCashFlow'), { id: collateral.id });
        const { componentSummary } = await call<{ componentSummary: { id: string; componentType: string }[] }>(
          'get', P('getCollateralComponentSummary'), { collateralId: collateral.id },
        );
        if (new Set(componentSummary.map((c) => c.componentType)).size > 1) seen.mixedCollaterals++;
        for (const component of componentSummary) {
          const { rentRollsOrder } = await call<{ rentRollsOrder: string[] }>('get', P('getBaseComponentInfo'), { id: component.id });
          const kind = component.componentType as 'Residential' | 'Commercial' | 'Hotel';
          await call('get', P(`get${kind}ComponentInfo`), { id: component.id });
          seen[kind.toLowerCase() as 'residential' | 'commercial' | 'hotel']++;
          if (kind === 'Hotel') continue;
          for (const rollId of rentRollsOrder) {
            await call('get', P(`get${kind}RentrollInfo`), { id: rollId });
            seen[kind === 'Residential' ? 'residentialRolls' : 'commercialRolls']++;
          }
        }
      }
      for (const personId of deal.personIds) people.add(personId);
      for (const companyId of deal.companyIds) companies.add(companyId);
    }
    for (const id of people) await call('get', P('getPersonInfo'), { id });
    for (const id of companies) await call('get', P('getCompanyInfo'), { id });
    seen.people = people.size;
    seen.companies = companies.size;
    const pageSize = 10;
    const { totalRows } = await call<{ totalRows: number }>('post', P('getCrossDealCollateralReport'), {}, { page: 1, pageSize });
    for (let page = 2; page <= Math.ceil(totalRows / pageSize); page++) await call('post', P('getCrossDealCollateralReport'), {}, { page, pageSize });
    const imported = await call<{ reportId: string }>('post', P('importCollaterals'), {}, {
      collaterals: [{ clientItemId: 'row-1', collateralCreateData: { dealIds: [dealIds[0]], name: 'Annex', propertyType: 'Office', address: { fullAddress: '100 Main St, Springfield, IL 62701' } } }],
    });
    await call('get', P('getImportReport'), { reportId: imported.reportId });
    // The analysis extensions, on every deal of the demo portfolio.
    for (const id of dealIds) {
      await call('post', P('sizeLoan'), {}, { dealId: id, inputs: { totalCost: 90_000_000 } });
      await call('post', P('stressDeal'), {}, { dealId: id, scenario: { name: 'mild', rentChange: -0.05, vacancyChange: 0.03, valueChange: -0.1, rateChangeBps: 100 } });
    }
    await call('post', P('sizeLoan'), {}, { inputs: { noi: 500_000, value: 8_000_000, interestRate: 0.065 }, policy: { maxLtc: null } });
    for (let page = 1; page <= Math.ceil(DEMO_DEALS / pageSize); page++) {
      await call('post', P('stressPortfolio'), {}, { scenarios: [{ valueChange: -0.2, rateChangeBps: 200 }, { noiChange: -0.3, capRateChangeBps: 50 }], page, pageSize });
    }
    // The sync extensions: the change feed (a query string, not a path id) and the bulk graph reads.
    const changes = await call<{ cursor: string; hasMore: boolean }>('get', P('getDealChanges'), {}, undefined, '?limit=5');
    expect(changes.hasMore).toBe(true);
    await call('get', P('getDealChanges'), {}, undefined, `?since=${encodeURIComponent(changes.cursor)}`);
    await call('post', P('getDealGraphs'), {}, { dealIds: dealIds.slice(0, 5) });

    expect(failures).toEqual([]);
    // Every kind of record the API reads was met, and every read endpoint answered.
    for (const [kind, count] of Object.entries(seen)) expect(count, kind).toBeGreaterThan(0);
    const reads = operations().filter(({ method, op }) => method === 'get' && op.operationId).map(({ op }) => op.operationId!);
    expect(reads.length).toBe(17);
    for (const name of [...reads, 'getCrossDealCollateralReport', 'getDealGraphs', 'sizeLoan', 'stressDeal', 'stressPortfolio']) expect(answered.get(name), name).toBeGreaterThan(0);
    expect([...answered.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(DEMO_DEALS * 10);
  }, 120_000);

  it('match the document for the error envelope: MissingEntity, ValidationError and the 401 body', async () => {
    const compile = schemaValidator();
    const missing = await s.api('GET', '/getDealInfo/no-such-deal');
    expect(missing.body.error.code).toBe('MissingEntity');
    expect(compile(responseSchema(`${API_PREFIX}/getDealInfo/{id}`, 'get', 200))(missing.body)).toBe(true);

    const invalid = await s.api('POST', '/createHotelDeal', { loanAmount: 'ten million' });
    expect(invalid.body.error.code).toBe('ValidationError');
    expect(compile(responseSchema(`${API_PREFIX}/createHotelDeal`, 'post', 200))(invalid.body)).toBe(true);

    const res = await fetch(`${s.origin}${API_PREFIX}/getAllDealIds`);
    expect(res.status).toBe(401);
    expect(compile(responseSchema(`${API_PREFIX}/getAllDealIds`, 'get', 401))(await res.json())).toBe(true);

    const token = await fetch(s.origin + OAUTH_TOKEN_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', audience: 'x', client_id: 'nobody', client_secret: 'nothing' }) });
    expect(token.status).toBe(401);
    expect(compile(responseSchema(OAUTH_TOKEN_PATH, 'post', 401))(await token.json())).toBe(true);
  });
});

describe('a client generated from the served document', () => {
  it('type-checks with openapi-typescript and tsc, real answers included', async () => {
    const dir = tempDir('uw-openapi-client-');
    try {
      writeFileSync(join(dir.path, 'api.d.ts'), astToString(await openapiTS(doc as never)));
      const [dealId] = (await s.api('GET', '/getAllDealIds')).body.dealIds as string[];
      const funds = (await s.api('GET', `/getDealFunds/${dealId}`)).body;
      const deal = (await s.api('GET', `/getDealInfo/${dealId}`)).body;
      writeFileSync(
        join(dir.path, 'client.ts'),
        `import type { components, paths } from './api';
type Answer<P extends keyof paths, M extends 'get' | 'post' | 'patch'> = NonNullable<paths[P][M]> extends { responses: { 200: { content: { 'application/json': infer B } } } } ? B : never;
type Schemas = components['schemas'];

export async function call<P extends keyof paths>(base: string, token: string, path: P): Promise<Answer<P, 'get'>> {
  const res = await fetch(base + path, { headers: { authorization: 'Bearer ' + token } });
  return (await res.json()) as Answer<P, 'get'>;
}

// Real answers of this server, as the generated types read them.
export const funds: Schemas['DealFundsInfoResponseDto'] = ${JSON.stringify(funds)};
export const deal: Answer<'/api/apiGateway/getDealInfo/{id}', 'get'> = ${JSON.stringify(deal)};
export const ids: Schemas['DealIdsResponseDto'] = { success: true, error: null, dealIds: ['d1'] };
export const nullError: Schemas['ErrorDto'] | null = ids.error;
// @ts-expect-error dealIds are strings: the generated types are not any
export const wrong: Schemas['DealIdsResponseDto'] = { success: true, error: null, dealIds: [1] };
`,
      );
      const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
      const args = [tsc, '--noEmit', '--strict', '--target', 'es2022', '--module', 'esnext', '--moduleResolution', 'bundler', '--skipLibCheck', '--types', 'node', '--typeRoots', join(process.cwd(), 'node_modules/@types'), join(dir.path, 'client.ts')];
      const run = await promisify(execFile)(process.execPath, args, { cwd: dir.path }).catch((err: { stdout: string }) => ({ stdout: err.stdout, failed: true }));
      expect('failed' in run ? run.stdout : '').toBe('');
    } finally {
      dir.remove();
    }
  }, 60_000);
});
