import { describe, expect, it } from 'vitest';
import { compareRefusal } from '../../../../src-renderer/features/compare/compare-selection';
import { parseRoute, routePath } from '../../../../src-renderer/shared/router';

describe('the comparison selection', () => {
  it('takes 2 to 4 deals and says why not otherwise', () => {
    expect(compareRefusal(0)).toBe('Select 2 to 4 deals to compare.');
    expect(compareRefusal(1)).toBe('Select 2 to 4 deals to compare (1 is selected).');
    expect(compareRefusal(2)).toBeNull();
    expect(compareRefusal(4)).toBeNull();
    expect(compareRefusal(5)).toBe('Compare at most 4 deals at a time: 5 are selected.');
  });

  it('routes #/new and #/compare?ids=a,b both ways', () => {
    expect(parseRoute('#/new')).toEqual({ name: 'new' });
    expect(parseRoute('#/compare?ids=a,b')).toEqual({ name: 'compare', ids: ['a', 'b'] });
    expect(parseRoute('#/compare')).toEqual({ name: 'compare', ids: [] });
    expect(routePath({ name: 'compare', ids: ['a', 'b'] })).toBe('#/compare?ids=a,b');
    expect(parseRoute(routePath({ name: 'new' }))).toEqual({ name: 'new' });
  });
});
