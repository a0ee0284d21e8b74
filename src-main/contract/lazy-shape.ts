import type { z } from 'zod';

/**
 * An object schema's shape that is built on its first read instead of at import:
 * `z.object(lazyShape(() => ({ ... })))` has the very type of `z.object({ ... })`.
 *
 * Zod reads a shape when the object first parses, is documented (JSON Schema, OpenAPI) or is
 * extended, picked or omitted, and then keeps what it read (the same field schemas ever after).
 * The service built about 2,400 zod schemas at every start (bench: cold-start), nearly all of
 * them fields of DTOs that a given process may never parse; with the large shapes written
 * lazily (and the desktop channel table out of its build) it builds about 600. The object
 * schema itself (with its description and its registry id) is still made at import, in
 * declaration order.
 *
 * Keep `.meta({ id })` out of a lazy shape's fields: an id registers its schema in zod's registry
 * when the field is built, and the OpenAPI document lists its components in registration order.
 * Give such a schema its own exported constant instead (they are, throughout the contract).
 */
export function lazyShape<T extends z.ZodRawShape>(build: () => T): T {
  let shape: T | undefined;
  const built = () => (shape ??= build());
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(built(), key),
    has: (_target, key) => Reflect.has(built(), key),
    ownKeys: () => Reflect.ownKeys(built()),
    getOwnPropertyDescriptor: (_target, key) => Reflect.getOwnPropertyDescriptor(built(), key),
    set: (_target, key, value) => Reflect.set(built(), key, value),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(built(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(built(), key),
  });
}
