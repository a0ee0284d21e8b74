import { defineConfig } from 'vitest/config';

// Unit, integration and sync tests run in plain Node. Playwright owns test/e2e.
// Integration tests start real servers on port 0, hence the generous timeouts.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**', '**/node_modules/**', 'out/**'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    teardownTimeout: 15_000,
    // `vi.mock('electron')` only reaches electron-store's own `import 'electron'` when Vite
    // transforms electron-store instead of handing it to Node.
    server: { deps: { inline: ['electron-store'] } },
    // The default reporter for people, the JSON file for scripts/test.mjs and CI.
    reporters: ['default', 'json'],
    outputFile: { json: '.reports/vitest.json' },
  },
});
