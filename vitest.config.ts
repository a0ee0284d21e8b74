import { defineConfig } from 'vitest/config';

const ALL = ['test/**/*.test.ts', 'test/**/*.test.tsx'];
const NOT_TESTS = ['test/e2e/**', '**/node_modules/**', 'out/**'];
const SERVER = ['test/src-main/server/*.test.ts'];

/** The HTTP integration files that run on SQLite only (why: next to `projects`). */
const SQLITE_ONLY = [
  'test/src-main/server/bridge.test.ts',
  'test/src-main/server/bulk-update-10k.test.ts',
  'test/src-main/server/postgres-*.test.ts',
  // The SQLite engine's unit lock under concurrent requests: its own SQLite store by design.
  'test/src-main/server/concurrent-units.test.ts',
  // Serves PostgreSQL itself, whatever the project: once is enough.
  'test/src-main/server/log-safe.test.ts',
];

/**
 * The files that assert what a process has loaded, or replace a module (vi.mock): they need a
 * fresh module registry, so they run isolated (a process per file), in the `-isolated` projects.
 * Every other file shares its worker process, and the modules it loaded, with the files that
 * ran there before it (isolate: false): loading the server, drizzle, exceljs and the rest once
 * per worker instead of once per file. A new file that mocks a module or checks what is
 * loaded goes in this list.
 */
const FRESH_MODULES = [
  'test/src-main/server/startup.test.ts',
  'test/src-main/gateway/place-lookup/offline-place-lookup.test.ts',
  'test/src-main/electron/wiring.test.ts',
  'test/src-main/electron/secret-store.test.ts',
  'test/src-main/reports/memo/lazy-load.test.ts',
];

// Unit, integration and sync tests run in plain Node. Playwright owns test/e2e.
// Integration tests start real servers on port 0, hence the generous timeouts.
export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Two files at a time on two cores: many wait on I/O (PostgreSQL clusters, child processes, servers).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    teardownTimeout: 15_000,
    // The tests that start `uw` or load the desktop app run their builds (out/cli, out/main),
    // made here once per run, before any worker starts.
    globalSetup: ['test/support/global-builds.ts', 'test/support/global-postgres.ts'],
    // `vi.mock('electron')` only reaches electron-store's own `import 'electron'` when Vite
    // transforms electron-store instead of handing it to Node.
    server: { deps: { inline: ['electron-store'] } },
    // Every test once as is (SQLite), and the HTTP integration suite a second time with the
    // server on PostgreSQL (test/support/service.ts reads UW_TEST_ENGINE; each file gets
    // databases of its own on the run's one cluster, started by test/support/global-postgres.ts).
    // bridge.test.ts is web mode (SQLite only); the 10k bulk update is a load test, run once;
    // postgres-*.test.ts test the engine themselves (SQLite project); concurrent-units.test.ts
    // proves the SQLite engine's lock.
    projects: [
      // (include and exclude live in each project: a project that extends the root config would
      // add its lists to the root's, not replace them.)
      {
        extends: true,
        test: { name: 'sqlite', include: ALL, exclude: [...NOT_TESTS, ...FRESH_MODULES], isolate: false },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: SERVER,
          exclude: [...SQLITE_ONLY, ...FRESH_MODULES],
          env: { UW_TEST_ENGINE: 'postgres' },
          isolate: false,
        },
      },
      // The files that need modules loaded afresh, each in a process of its own.
      { extends: true, test: { name: 'sqlite-isolated', include: FRESH_MODULES } },
      {
        extends: true,
        test: {
          name: 'postgres-isolated',
          include: FRESH_MODULES.filter((file) => file.startsWith('test/src-main/server/')),
          env: { UW_TEST_ENGINE: 'postgres' },
        },
      },
    ],
    // The default reporter for people, the JSON file for scripts/test.mjs and CI.
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
  },
});
