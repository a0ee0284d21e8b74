import { describe, expect, it } from 'vitest';
import { bindModule, pick, type FunctionsOn, type Runner } from '../../../src-main/store/bind-module';
import type { PortStoreFunctions } from '../../../src-main/store/port';
import type { PgDb } from '../../../src-main/store/postgres/db';
import { PG_PORT_FUNCTIONS } from '../../../src-main/store/postgres/port-functions';

// bindModule: store functions taking a connection first, bound into port methods. The lines
// marked as expected type errors are the registries' compile-time guarantees: `npm run
// typecheck` fails if one of them ever compiles.

interface Conn {
  name: string;
}
const conn: Conn = { name: 'the connection' };
const module = {
  greet: (c: Conn, who: string, punctuation = '.') => `${c.name} greets ${who}${punctuation}`,
  fail: (c: Conn): string => {
    throw new Error(`${c.name} failed`);
  },
  notOnThePort: (c: Conn) => c.name.length,
};

describe('bindModule', () => {
  it('calls each function with the connection first and the caller arguments after', () => {
    const bound = bindModule(pick(module, 'greet', 'fail'), conn);
    expect(Object.keys(bound).sort()).toEqual(['fail', 'greet']);
    expect(bound.greet('the lender')).toBe('the connection greets the lender.');
    expect(bound.greet('the lender', '!')).toBe('the connection greets the lender!');
    expect(() => bound.fail()).toThrow('the connection failed');
  });

  it('given a runner, sends every call through it and answers its promise', async () => {
    const ran: string[] = [];
    const run: Runner = <T>(call: () => T): Promise<T> => {
      ran.push('call');
      try {
        return Promise.resolve(call());
      } catch (error) {
        return Promise.reject(error);
      }
    };
    const port = bindModule(pick(module, 'greet', 'fail'), conn, run);
    const greeting: Promise<string> = port.greet('the borrower');
    await expect(greeting).resolves.toBe('the connection greets the borrower.');
    await expect(port.fail()).rejects.toThrow('the connection failed');
    expect(ran).toEqual(['call', 'call']);
  });

  it('refuses, at compile time, a function whose first parameter is not the connection', () => {
    // @ts-expect-error the first parameter is a string, not the connection
    const bound = bindModule({ shout: (text: string) => text.toUpperCase() }, conn);
    expect(Object.keys(bound)).toEqual(['shout']);
    // @ts-expect-error the module has no function of that name
    expect(Object.keys(pick(module, 'missing'))).toEqual(['missing']);
  });
});

describe('the PostgreSQL registry of the port', () => {
  it('has a function for each plain port method and nothing else', async () => {
    const { PORT_FUNCTIONS } = await import('../../../src-main/store/port-functions');
    expect(Object.keys(PG_PORT_FUNCTIONS).sort()).toEqual(Object.keys(PORT_FUNCTIONS).sort());
  });

  it('does not compile with a method missing or answering another type', () => {
    const { dealCount, ...withoutDealCount } = PG_PORT_FUNCTIONS;
    // @ts-expect-error dealCount is missing
    const incomplete: FunctionsOn<PgDb, PortStoreFunctions> = withoutDealCount;
    // @ts-expect-error dealCount answers a string, the port a number
    const mistyped: FunctionsOn<PgDb, PortStoreFunctions> = { ...PG_PORT_FUNCTIONS, dealCount: async (_pg: PgDb) => 'three' };
    // @ts-expect-error dealRow takes an id, not a number
    const wrongArgument: FunctionsOn<PgDb, PortStoreFunctions> = { ...PG_PORT_FUNCTIONS, dealRow: async (_pg: PgDb, _id: number) => undefined };
    expect(typeof dealCount).toBe('function');
    expect([incomplete, mistyped, wrongArgument].every((registry) => typeof registry.dealRow === 'function')).toBe(true);
  });
});
