import { defineConfig } from 'vitest/config';

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
    // server on PostgreSQL (test/support/service.ts reads UW_TEST_ENGINE; each file starts its
    // own throwaway cluster, test/support/postgres.ts). bridge.test.ts is web mode (SQLite only);
    // the 10k bulk update is a load test, run once; postgres-*.test.ts start their own clusters;
    // concurrent-units.test.ts proves the SQLite engine's lock.
    projects: [
      // (include and exclude live in each project: a project that extends the root config would
      // add its lists to the root's, not replace them.)
      {
        extends: true,
        test: { name: 'sqlite', include: ['test/**/*.test.ts', 'test/**/*.test.tsx'], exclude: ['test/e2e/**', '**/node_modules/**', 'out/**'] },
      },
      {
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/src-main/server/*.test.ts'],
          exclude: [
            'test/src-main/server/bridge.test.ts',
            'test/src-main/server/bulk-update-10k.test.ts',
            'test/src-main/server/postgres-*.test.ts',
            // The SQLite engine's unit lock under concurrent requests: its own SQLite store by design.
            'test/src-main/server/concurrent-units.test.ts',
            // Starts its own cluster: once is enough.
            'test/src-main/server/log-safe.test.ts',
          ],
          env: { UW_TEST_ENGINE: 'postgres' },
        },
      },
    ],
    // The default reporter for people, the JSON file for scripts/test.mjs and CI.
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
  },
});
