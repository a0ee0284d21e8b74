import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyShape } from '../../../src-main/contract/lazy-shape';

describe('lazyShape', () => {
  it('builds the shape only when an object first reads it, and only once', () => {
    let builds = 0;
    const Dto = z.object(
      lazyShape(() => {
        builds += 1;
        return { amount: z.number().describe('USD'), name: z.string().optional() };
      }),
    );
    const Described = Dto.describe('A described copy');
    expect(builds).toBe(0);
    expect(Dto.parse({ amount: 5, name: 'a' })).toEqual({ amount: 5, name: 'a' });
    expect(Described.safeParse({ amount: 'five' }).success).toBe(false);
    expect(Object.keys(Dto.shape)).toEqual(['amount', 'name']);
    expect(Dto.shape.amount).toBe(Described.shape.amount);
    expect(builds).toBe(1);
  });

  it('parses, extends and documents as the same object written eagerly', () => {
    const fields = () => ({
      id: z.string().max(100).describe('Deal id'),
      rate: z.number().min(0).max(1).nullable().describe('Decimal'),
      tags: z.array(z.enum(['a', 'b'])).default([]),
      nested: z.object({ when: z.iso.date() }).optional(),
    });
    const eager = z.strictObject(fields()).describe('Eager');
    const lazy = z.strictObject(lazyShape(fields)).describe('Eager');
    for (const input of [{ id: 'x', rate: 0.5 }, { id: 'x', rate: null, tags: ['b'], nested: { when: '2025-02-30' } }, { id: 'x', rate: 2, extra: 1 }]) {
      expect(lazy.safeParse(input)).toEqual(eager.safeParse(input));
    }
    expect(z.toJSONSchema(lazy)).toEqual(z.toJSONSchema(eager));
    expect(z.toJSONSchema(lazy.extend({ more: z.boolean() }).pick({ id: true, more: true }))).toEqual(
      z.toJSONSchema(eager.extend({ more: z.boolean() }).pick({ id: true, more: true })),
    );
  });
});
