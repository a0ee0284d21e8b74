import { cpSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * The store finds its SQL migrations next to its own module (src-main/store/db.ts
 * defaultMigrationsFolder); bundled into out/main/index.js that is out/main/migrations.
 */
function copyStoreMigrations(): Plugin {
  const from = resolve('src-main/store/migrations');
  return {
    name: 'uw:copy-store-migrations',
    apply: 'build',
    writeBundle(options) {
      if (existsSync(from)) cpSync(from, resolve(options.dir ?? 'out/main', 'migrations'), { recursive: true });
    },
  };
}

// Entries in our own folders (docs/architecture.md), not electron-vite's default folder names.
//
// main:     dependencies from package.json (better-sqlite3, drizzle-orm, fastify, ...) stay
//           external (electron-vite's `build.externalizeDeps`, on by default): the native
//           better-sqlite3 addon cannot be bundled and is loaded from node_modules at run time.
// preload:  a sandboxed preload can only `require('electron')` (and a few polyfilled
//           modules), so it is a single self-contained CommonJS file: nothing externalized.
// renderer: a plain browser bundle, served from app:// in Electron and from `uw serve --web`.
export default defineConfig({
  main: {
    plugins: [copyStoreMigrations()],
    build: {
      lib: { entry: resolve('src-main/index.ts') },
    },
  },
  preload: {
    build: {
      lib: { entry: resolve('src-preload/index.ts') },
      externalizeDeps: false,
      rollupOptions: { output: { format: 'cjs' } }, // sandboxed preload: CJS
    },
  },
  renderer: {
    root: resolve('src-renderer'),
    plugins: [react()],
    build: {
      // Minified: the unminified bundle is ~2.9 MB for the browser and Electron to parse.
      minify: true,
      rollupOptions: { input: resolve('src-renderer/index.html') },
    },
  },
});
