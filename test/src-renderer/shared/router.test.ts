import { describe, expect, it } from 'vitest';
import { parseRoute, routePath } from '../../../src-renderer/shared/router';

describe('router', () => {
  it('reads and writes hash routes', () => {
    expect(parseRoute('#/deals/abc/funds')).toEqual({ name: 'deal', id: 'abc', tab: 'funds' });
    expect(parseRoute('#/deals/abc/nope')).toEqual({ name: 'deal', id: 'abc', tab: 'terms' });
    expect(parseRoute('')).toEqual({ name: 'pipeline' });
    expect(parseRoute('#/report')).toEqual({ name: 'report' });
    expect(routePath({ name: 'deal', id: 'a/b', tab: 'terms' })).toBe('#/deals/a%2Fb');
    expect(parseRoute(routePath({ name: 'deal', id: 'a/b', tab: 'rentrolls' }))).toEqual({ name: 'deal', id: 'a/b', tab: 'rentrolls' });
  });
});
