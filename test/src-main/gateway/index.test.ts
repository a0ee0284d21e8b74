import { describe, expect, it } from 'vitest';
import { ENDPOINT_NAMES } from '../../../src-main/contract';
import { GATEWAY } from '../../../src-main/gateway';

describe('the gateway table', () => {
  it('has a function for every endpoint of the contract, and nothing else', () => {
    expect(Object.keys(GATEWAY).sort()).toEqual([...ENDPOINT_NAMES].sort());
    for (const name of ENDPOINT_NAMES) expect(typeof GATEWAY[name], name).toBe('function');
  });

  it('does not compile without one of them (checked by the typecheck step)', () => {
    const { getDealInfo: _left, ...rest } = GATEWAY;
    // @ts-expect-error a table missing getDealInfo is not a gateway table
    const incomplete: typeof GATEWAY = rest;
    expect(Object.keys(incomplete)).not.toContain('getDealInfo');
  });
});
