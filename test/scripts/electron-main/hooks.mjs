/**
 * Node module hooks (module.register) for loading the desktop app's main bundle in plain Node:
 * `electron`, which only the Electron binary provides, resolves to electron-stub.mjs. Everything
 * else resolves as Node resolves it, so a chunk or a package the bundle cannot find fails here
 * as it would in Electron.
 */
const STUB = new URL('./electron-stub.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: STUB, shortCircuit: true };
  return next(specifier, context);
}
