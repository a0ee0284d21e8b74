import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ENDPOINT_NAMES,
  ENDPOINTS,
  type EndpointDef,
  endpointPath,
  replySchema,
  type BodyOf,
  type ResponseOf,
} from '../../../src-main/contract';

const all = Object.entries(ENDPOINTS) as [keyof typeof ENDPOINTS, EndpointDef][];
const failure = { success: false, error: { target: 'id', code: 'MissingEntity', message: 'No deal d404', details: [] } };

describe('ENDPOINTS', () => {
  it('lists the 21 spec endpoints and the import report, each under its own name, beside the marked extensions', () => {
    expect(all.filter(([, e]) => !e.extension)).toHaveLength(22);
    for (const [key, endpoint] of all) expect(endpoint.name).toBe(key);
    expect(ENDPOINT_NAMES).toContain('getImportReport');
    // The analysis and sync endpoints are marked as extensions beyond the spec, each with a description.
    expect(all.filter(([, e]) => e.extension).map(([key]) => key).sort()).toEqual(['getDealChanges', 'getDealGraphs', 'sizeLoan', 'stressDeal', 'stressPortfolio']);
    for (const [, e] of all.filter(([, x]) => x.extension)) expect(e.description).toMatch(/^Extension beyond the Deal Underwriting Service spec/);
  });

  it('gives every endpoint a distinct method and path, with capitalised aliases for the creates', () => {
    const routes = all.flatMap(([, e]) => [e.path, ...(e.aliases ?? [])].map((p) => `${e.method} ${p}`));
    expect(new Set(routes).size).toBe(routes.length);
    const aliased = all.filter(([, e]) => e.aliases).map(([, e]) => [e.path, e.aliases]);
    expect(aliased).toEqual([
      ['/createResidentialDeal', ['/CreateResidentialDeal']],
      ['/createCommercialDeal', ['/CreateCommercialDeal']],
      ['/createHotelDeal', ['/CreateHotelDeal']],
    ]);
  });

  it('declares exactly the parameters its path names', () => {
    for (const [name, e] of all) {
      const inPath = [...e.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      expect(Object.keys(e.params?.shape ?? {}), name).toEqual(inPath);
    }
  });

  it('takes a body on POST and PATCH only', () => {
    for (const [name, e] of all) expect(Boolean(e.body), name).toBe(e.method !== 'GET');
  });

  it('builds every response on the envelope of success and error', () => {
    for (const [name, e] of all) {
      const { success, error } = e.response.shape;
      expect(success, name).toBeInstanceOf(z.ZodBoolean);
      expect(error.safeParse(null).success, name).toBe(true);
      expect(error.safeParse(failure.error).success, name).toBe(true);
    }
  });

  it('answers a failure without the DTO fields through replySchema', () => {
    for (const name of ENDPOINT_NAMES) {
      expect(replySchema(name).parse(failure), name).toEqual(failure);
      expect(replySchema(name).safeParse({ success: true, error: null }).success, name).toBe(false);
    }
  });

  it('fills and encodes path parameters', () => {
    expect(endpointPath('getDealInfo', { id: 'a b/c' })).toBe('/api/apiGateway/getDealInfo/a%20b%2Fc');
    expect(endpointPath('getAllDealIds')).toBe('/api/apiGateway/getAllDealIds');
    expect(endpointPath('getImportReport', { reportId: 'r1' })).toBe('/api/apiGateway/getImportReport/r1');
  });

  it('types responses and bodies by endpoint name', () => {
    const ids: ResponseOf<'getAllDealIds'> = { success: true, error: null, dealIds: ['d1'] };
    const filter: BodyOf<'getCrossDealCollateralReport'> = { states: ['Prep'] };
    expect(ENDPOINTS.getAllDealIds.response.parse(ids)).toEqual(ids);
    expect(ENDPOINTS.getCrossDealCollateralReport.body.parse(filter).page).toBe(1);
  });
});
