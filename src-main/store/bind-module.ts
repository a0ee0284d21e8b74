// How an engine turns its store functions (each taking the engine's connection first) into the
// methods of the storage port (port.ts): the connection bound, the result answered as a promise.
// The port's type is computed from the SQLite functions with the same maps (PortOf), so that a
// function added to the registry (port-functions.ts) is a port method without a second signature.

/** A store function on connection `C`: the connection first, then the method's arguments. */
// `...args: never[]` accepts any parameters after the connection (they are checked contravariantly).
export type StoreFunction<C> = (connection: C, ...args: never[]) => unknown;

/** Functions on connection `C`, by the name of their port method. */
export type StoreFunctions<C> = Record<string, StoreFunction<C>>;

/**
 * The port methods of `M`'s functions on connection `C`: the same arguments after the
 * connection, answering a promise of the same value (a synchronous engine's functions answer the
 * value, an asynchronous engine's a promise of it).
 */
export type PortOf<M, C> = {
  [K in keyof M]: M[K] extends (connection: C, ...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never;
};

/** `M`'s functions with connection `C` bound, answering what they answer. */
export type BoundTo<M, C> = {
  [K in keyof M]: M[K] extends (connection: C, ...args: infer A) => infer R ? (...args: A) => R : never;
};

/**
 * What an engine on connection `C` must provide for the port methods `P`: for each, a function
 * taking `C` then the method's arguments and answering the method's promise. An engine's registry
 * typed with it does not compile while one is missing or takes or answers another type.
 */
export type FunctionsOn<C, P> = {
  [K in keyof P]: P[K] extends (...args: infer A) => infer R ? (connection: C, ...args: A) => R : never;
};

/** How a bound call reaches the connection (the SQLite engine: through its unit lock, as a promise). */
export type Runner = <T>(call: () => T) => Promise<T>;

/**
 * `functions` with `connection` bound: each called with the connection first and the caller's
 * arguments after. Given `run`, each call goes through it (and answers its promise).
 */
export function bindModule<C, M extends StoreFunctions<C>>(functions: M, connection: C): BoundTo<M, C>;
export function bindModule<C, M extends StoreFunctions<C>>(functions: M, connection: C, run: Runner): PortOf<M, C>;
export function bindModule<C, M extends StoreFunctions<C>>(functions: M, connection: C, run?: Runner): BoundTo<M, C> | PortOf<M, C> {
  const bound: Record<string, (...args: unknown[]) => unknown> = {};
  for (const [name, fn] of Object.entries(functions)) {
    const call = fn as (connection: C, ...args: unknown[]) => unknown;
    bound[name] = run ? (...args) => run(() => call(connection, ...args)) : (...args) => call(connection, ...args);
  }
  return bound as BoundTo<M, C> | PortOf<M, C>;
}

/** The functions `names` of `module`, by their own names (a name the module lacks does not compile). */
export function pick<M extends object, K extends keyof M>(module: M, ...names: K[]): Pick<M, K> {
  const picked = {} as Pick<M, K>;
  for (const name of names) picked[name] = module[name];
  return picked;
}
