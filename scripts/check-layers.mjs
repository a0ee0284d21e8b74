#!/usr/bin/env node
/**
 * Proves that the layer rules of eslint.config.js fire: lints deliberately good and bad imports
 * as if they were files of each layer (ESLint lintText with a virtual filePath: nothing is
 * written to the tree). Exits non-zero when a bad import passes or a good one is refused.
 * Every import case is also linted as a dynamic `import('...')` (the local rule
 * layers/dynamic-imports, eslint.config.js), which must fire exactly when the static one does.
 * Run by scripts/test.mjs with the lint step; `node scripts/check-layers.mjs` on its own.
 */
import { ESLint } from 'eslint';

const RULE = 'no-restricted-imports';
const DYNAMIC_RULE = 'layers/dynamic-imports';

/** [virtual file, import source, allowed?] */
const CASES = [
  // renderer: no Node, no electron, from src-main only contract
  ['src-renderer/views/Deals.tsx', 'node:fs', false],
  ['src-renderer/views/Deals.tsx', 'fs/promises', false],
  ['src-renderer/views/Deals.tsx', 'path', false],
  ['src-renderer/views/Deals.tsx', 'child_process', false],
  ['src-renderer/views/Deals.tsx', 'electron', false],
  ['src-renderer/views/Deals.tsx', 'electron-store', false],
  ['src-renderer/views/Deals.tsx', 'better-sqlite3', false],
  ['src-renderer/views/Deals.tsx', '../../src-main/gateway/deals', false],
  ['src-renderer/views/Deals.tsx', '../../src-main/app/channels', false],
  ['src-renderer/views/Deals.tsx', '../../src-main/contract', true],
  ['src-renderer/views/Deals.tsx', '../../src-main/contract/index', true],
  ['src-renderer/views/Deals.tsx', '../../src-main/contract/deal', false], // past the contract's entry
  ['src-renderer/views/Deals.tsx', '../../src-preload/api', true],
  ['src-renderer/views/Deals.tsx', '@mantine/core', true],
  ['src-renderer/views/Deals.tsx', './DealTable', true],
  // preload: electron and contract only
  ['src-preload/index.ts', 'electron', true],
  ['src-preload/index.ts', './api', true],
  ['src-preload/index.ts', '../src-main/contract', true],
  ['src-preload/index.ts', '../src-main/contract/channels', false],
  ['src-preload/index.ts', 'zod', false],
  ['src-preload/index.ts', 'electron-store', false],
  ['src-preload/index.ts', 'node:fs', false],
  ['src-preload/index.ts', '../src-main/app/channels', false],
  ['src-preload/index.ts', '../src-main/electron/constants', false],
  // the renderer's feature folders: another feature through its entry or shared/, never a module inside it
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../report', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../report/index', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../report/index.ts', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../report/ReportScreen', false],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../../features/report/ReportScreen', false],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../../../src-renderer/features/report/ReportScreen', false],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../deal/SizingStressTab', false],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../deal', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', './stress-run', true], // its own modules
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../../shared/components/ExportBanner', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../../shared/format', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../../../src-main/contract', true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', '../../../src-main/contract/deal', false],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', 'node:fs', false],
  ['src-renderer/features/pipeline/Pipeline.tsx', '../compare/compare-selection', false],
  ['src-renderer/features/pipeline/Pipeline.tsx', '../compare', true],
  ['src-renderer/features/pipeline/grid/Grid.tsx', '../../compare/compare-selection', false], // one folder down
  ['src-renderer/features/pipeline/grid/Grid.tsx', '../../compare', true],
  ['src-renderer/features/pipeline/grid/Grid.tsx', '../pipeline-view', true], // its own feature, one folder up
  ['src-renderer/features/pipeline/grid/Grid.tsx', '../../../shared/api', true],
  ['src-renderer/features/deal/DealPage.tsx', './SizingStressTab', true],
  ['src-renderer/shared/components/common.tsx', '../api', true],
  ['src-renderer/shared/components/common.tsx', '../../features/deal', false], // shared sits below the features
  ['src-renderer/shared/api.ts', '../features/sync/sync', false],
  ['src-renderer/shared/api.ts', '../features/sync', false],
  ['src-renderer/App.tsx', './features/deal', true],
  ['src-renderer/App.tsx', './features/deal/index', true],
  ['src-renderer/App.tsx', './features/deal/DealPage', false],
  ['src-renderer/App.tsx', '../src-renderer/features/deal/DealPage', false],
  ['src-renderer/App.tsx', './shared/router', true],
  ['src-renderer/App.tsx', '../src-main/app', false],
  ['src-preload/index.ts', '../src-renderer/App', false],
  // electron layer
  ['src-main/electron/settings.ts', 'electron', true],
  ['src-main/electron/settings.ts', 'electron-store', true],
  ['src-main/electron/settings.ts', '../app', true],
  ['src-main/electron/settings.ts', '../app/channels', false],
  ['src-main/electron/settings.ts', '../contract', true],
  ['src-main/electron/settings.ts', 'better-sqlite3', false],
  ['src-main/electron/settings.ts', 'drizzle-orm', false],
  ['src-main/electron/settings.ts', '../../src-preload/api', false],
  ['src-main/electron/settings.ts', '../../src-renderer/App', false],
  // app
  ['src-main/app/channels.ts', 'electron', false],
  ['src-main/app/channels.ts', '../electron/ipc', false],
  ['src-main/app/channels.ts', '../gateway', true],
  ['src-main/app/channels.ts', '../gateway/deals', false],
  ['src-main/app/channels.ts', '../sync', true],
  ['src-main/app/channels.ts', '../sync/engine', false],
  ['src-main/app/channels.ts', '../store', true],
  ['src-main/app/channels.ts', '../store/sync-outbox', false],
  ['src-main/app/pipeline-pages.ts', '../store/db', false], // the connection: the store's SqliteHandle
  ['src-main/app/channels.ts', 'zod', true],
  // server
  ['src-main/server/routes/deals.ts', '../../app/channels', false],
  ['src-main/server/routes/deals.ts', '../../electron/window', false],
  ['src-main/server/routes/deals.ts', '../../gateway', true],
  ['src-main/server/routes/deals.ts', '../../gateway/deals', false],
  ['src-main/server/routes/deals.ts', '../../store', true],
  ['src-main/server/routes/deals.ts', '../../store/port', false],
  ['src-main/server/routes/deals.ts', '../../store/db', false],
  ['src-main/server/service.ts', '../store/db', false],
  ['src-main/server/service.ts', '../store', true],
  ['src-main/server/service.ts', '../store/index.js', true],
  ['src-main/server/service.ts', '../store/postgres', true], // the store's second entry: the PostgreSQL engine
  ['src-main/server/service.ts', '../store/postgres/open', false],
  ['src-main/server/service.ts', '../store/sqlite-store', false],
  ['src-main/server/service.ts', '../store/sqlite-store.js', false],
  ['src-main/server/service.ts', '../../src-main/store/sqlite-store', false],
  ['src-main/server/service.ts', '../figures', true],
  ['src-main/server/routes/deals.ts', 'fastify', true],
  ['src-main/server/routes/deals.ts', 'node:http', true],
  ['src-main/server/routes/deals.ts', 'drizzle-orm', false],
  ['src-main/server/routes/deals.ts', '../app', true], // src-main/server/app.ts, not the app layer
  ['src-main/server/routes/deals.ts', '../../../src-main/app/channels', false],
  ['src-main/server/service.ts', './app', true], // src-main/server/app.ts
  ['src-main/server/service.ts', '../app', false],
  ['src-main/server/service.ts', '../app/channels.js', false],
  ['src-main/server/service.ts', '../../src-main/app', false],
  ['src-main/server/a/b/c/d/e/f/g/deep.ts', '../../../../../../../../app/x', false],
  ['src-main/server/routes/deals.ts', 'electron', false],
  // sync
  ['src-main/sync/pull.ts', '../server/index', false],
  ['src-main/sync/pull.ts', '../app', false],
  ['src-main/sync/pull.ts', '../reports', true],
  ['src-main/sync/pull.ts', '../reports/collateral', false],
  ['src-main/sync/pull.ts', '../gateway', true],
  ['src-main/sync/pull.ts', '../gateway/deals', false],
  ['src-main/sync/apply.ts', '../store', true],
  ['src-main/sync/apply.ts', '../store/sync-mirror', false],
  ['src-main/sync/apply.ts', '../store/db', false], // the connection: the store's SqliteHandle
  ['src-main/sync/a/b.ts', '../../store/db', false],
  ['src-main/sync/pull.ts', 'ky', true],
  // reports
  ['src-main/reports/collateral.ts', '../sync/pull', false],
  ['src-main/reports/collateral.ts', '../gateway', true],
  ['src-main/reports/collateral.ts', '../gateway/cross-deal-report', false],
  ['src-main/reports/collateral.ts', '../figures', true],
  ['src-main/reports/collateral.ts', '../store/db', false],
  ['src-main/reports/memo/gather.ts', '../../store/db', false],
  ['src-main/reports/collateral.ts', 'exceljs', true],
  // gateway
  ['src-main/gateway/deals.ts', '../server/app.js', false],
  ['src-main/gateway/deals.ts', '../server', false],
  ['src-main/gateway/deals.ts', '../../src-main/server/app', false],
  ['src-main/gateway/deals.ts', '../reports/collateral', false],
  ['src-main/gateway/deals.ts', '../sync', false],
  ['src-main/gateway/deals.ts', 'drizzle-orm', false],
  ['src-main/gateway/deals.ts', 'better-sqlite3', false],
  ['src-main/gateway/deals.ts', '../store', true],
  ['src-main/gateway/deals.ts', '../store/index', true],
  ['src-main/gateway/deals.ts', '../store/port', false], // past the store's entry
  ['src-main/gateway/deals.ts', '../store/deals', false],
  ['src-main/gateway/deals.ts', '../../src-main/store/deals', false],
  ['src-main/gateway/deals.ts', '../store/postgres', true],
  ['src-main/gateway/deals.ts', '../store/postgres/index', true],
  ['src-main/gateway/deals.ts', '../store/postgres/store', false],
  ['src-main/gateway/deals.ts', '../store/db', false], // the connection type: the port only
  ['src-main/gateway/deals.ts', '../figures', true],
  ['src-main/gateway/deals.ts', '../figures/rollups', false],
  ['src-main/gateway/deals.ts', '../domain', true],
  ['src-main/gateway/deals.ts', '../domain/ratio', false],
  ['src-main/gateway/deals.ts', '../contract', true],
  ['src-main/gateway/deals.ts', '../contract/deal', false],
  ['src-main/gateway/deals.ts', './helpers', true],
  ['src-main/gateway/deals.ts', './server', true], // a file of the gateway named server.ts
  ['src-main/gateway/place-lookup/offline.ts', '../../server/app', false],
  ['src-main/gateway/place-lookup/offline.ts', '../../sync', false],
  ['src-main/gateway/place-lookup/offline.ts', '../index', true],
  ['src-main/gateway/place-lookup/offline.ts', '../../store', true],
  ['src-main/gateway/place-lookup/offline.ts', '../../store/port', false],
  ['src-main/gateway/place-lookup/offline.ts', '../../store/deals', false],
  ['src-main/gateway/a/b/c/d/e/f/g/deep.ts', '../../../../../../../../store/deals', false],
  ['src-main/gateway/a/b/c/d/e/f/g/deep.ts', '../../../../../../../../store', true],
  ['src-main/gateway/place-lookup/offline.ts', '../../store/db', false],
  // figures: between store and gateway
  ['src-main/figures/rollups.ts', '../store', true],
  ['src-main/figures/rollups.ts', '../store/port', false],
  ['src-main/figures/rollups.ts', '../domain', true],
  ['src-main/figures/rollups.ts', '../contract', true],
  ['src-main/figures/rollups.ts', '../contract/system-config', false],
  ['src-main/figures/rollups.ts', './group-by', true],
  ['src-main/figures/rollups.ts', '../store/db', false],
  ['src-main/figures/rollups.ts', '../gateway/context', false], // upward
  ['src-main/figures/rollups.ts', '../gateway', false],
  ['src-main/figures/rollups.ts', '../reports/memo', false],
  ['src-main/figures/rollups.ts', '../server/app', false],
  ['src-main/figures/rollups.ts', '../demo/seed', false],
  ['src-main/figures/rollups.ts', 'better-sqlite3', false],
  ['src-main/figures/rollups.ts', 'drizzle-orm', false],
  ['src-main/figures/a/b.ts', '../../gateway/context', false],
  ['src-main/figures/a/b.ts', '../../store', true],
  ['src-main/figures/a/b.ts', '../../store/port', false],
  ['src-main/demo/seed.ts', '../figures', false], // figures sit above demo
  ['src-main/store/port.ts', '../figures', false],
  ['src-main/gateway/demo.ts', '../demo', true],
  ['src-main/gateway/demo.ts', '../demo/seed', false],
  // demo: the generator over the store's bulk insert
  ['src-main/demo/seed.ts', '../store', true],
  ['src-main/demo/seed.ts', '../store/bulk-insert', false],
  ['src-main/demo/seed.ts', '../store/db', false],
  ['src-main/demo/generate.ts', '../contract', true],
  ['src-main/demo/generate.ts', '../contract/enums', false],
  ['src-main/demo/generate.ts', '../domain', true],
  ['src-main/demo/seed.ts', '../gateway/demo', false],
  ['src-main/demo/seed.ts', 'drizzle-orm', false],
  ['src-main/demo/seed.ts', 'better-sqlite3', false],
  ['src-main/store/bulk-insert.ts', '../demo/generate', false],
  // store
  ['src-main/store/db.ts', 'better-sqlite3', true],
  ['src-main/store/db.ts', 'drizzle-orm/better-sqlite3', true],
  ['src-main/store/db.ts', 'drizzle-orm', true],
  ['src-main/store/db.ts', '../gateway/deals', false],
  ['src-main/store/db.ts', 'electron', false],
  ['src-main/store/db.ts', 'electron-store', false],
  ['src-main/store/db.ts', '../domain', true],
  ['src-main/store/db.ts', '../domain/ratio', false],
  ['src-main/store/sync-mirror.ts', './db', true], // inside the store: any module
  ['src-main/store/postgres/store.ts', '../sqlite-store', true],
  ['src-main/store/postgres/store.ts', '../db', true],
  ['src-main/store/db.ts', '../contract', true],
  ['src-main/store/db.ts', '../contract/deal', false],
  ['src-main/store/db.ts', 'node:fs', true],
  ['src-main/store/postgres/migrate.ts', 'pg', true],
  ['src-main/gateway/deals.ts', 'pg', false],
  ['src-main/server/routes/deals.ts', 'pg', false],
  // domain: nothing but domain
  ['src-main/domain/valuation.ts', './ratio', true],
  ['src-main/domain/valuation.ts', '../domain/ratio', true],
  ['src-main/domain/valuation.ts', 'zod', false],
  ['src-main/domain/valuation.ts', 'node:fs', false],
  ['src-main/domain/valuation.ts', 'fs', false],
  ['src-main/domain/valuation.ts', '../contract/deal', false],
  ['src-main/domain/valuation.ts', '../store/db', false],
  ['src-main/domain/valuation.ts', '../gateway', false],
  ['src-main/domain/rent-roll/summary.ts', '../../contract/deal', false],
  ['src-main/domain/rent-roll/summary.ts', '../ratio', true],
  // contract: zod only
  ['src-main/contract/deal.ts', 'zod', true],
  ['src-main/contract/deal.ts', 'zod/v4', true],
  ['src-main/contract/deal.ts', './enums', true],
  ['src-main/contract/deal.ts', 'fastify', false],
  ['src-main/contract/deal.ts', 'node:crypto', false],
  ['src-main/contract/deal.ts', '../domain/ratio', false],
  ['src-main/contract/deal.ts', '../store/schema', false],
  // outside the layers
  ['src-main/index.ts', 'electron', true],
  ['src-main/index.ts', 'better-sqlite3', false],
  ['src-main/cli/uw.ts', 'electron', false],
  ['src-main/cli/uw.ts', 'better-sqlite3', false],
  ['src-main/cli/uw.ts', '../server/index', true],
  ['src-main/cli/uw.ts', '../server', true],
  ['src-main/cli/uw.ts', '../server/service', false],
  ['src-main/cli/uw.ts', '../store/postgres', true],
  ['src-main/cli/uw.ts', '../store/postgres/open', false],
  ['src-main/cli/sync.ts', '../store', true],
  ['src-main/cli/sync.ts', '../store/db', false], // the one opener is the store's openSqliteStore
  ['src-main/cli/sync.ts', '../electron', false],
  ['src-main/index.ts', './electron', true],
  ['src-main/index.ts', './electron/main', false],
  ['src-main/index.ts', './store/db', false],
  ['test/src-main/gateway/deals.test.ts', 'electron', false],
  ['test/src-main/gateway/deals.test.ts', 'better-sqlite3', true], // tests may inspect the SQLite file
  ['test/src-main/gateway/deals.test.ts', '../../../src-main/gateway/deals', true], // tests may import any module
  ['test/src-main/sync/apply.test.ts', '../../../src-main/store/db', true],
  ['bench/run.ts', '../src-main/store/sync-mirror', true],
  ['test/src-main/store/db.test.ts', 'better-sqlite3', true],
  ['test/src-main/electron/csp.test.ts', 'electron', false],
  ['scripts/tool.mjs', 'electron', false],
  ['bench/run.ts', 'electron', false],
  ['bench/run.ts', 'drizzle-orm', false],
  ['electron.vite.config.ts', 'electron-vite', true],
];

/**
 * [virtual file, code, allowed?]: dynamic imports in the forms the code base uses, beyond the
 * `() => import('...')` form every CASE is also linted in.
 */
const DYNAMIC_CASES = [
  // A layer loading a lower layer's module on first use still goes through the entry.
  ['src-main/app/channels.ts', "const { seedDemo } = await import('../gateway/demo');\nexport { seedDemo };\n", false],
  ['src-main/app/channels.ts', "const { seedDemo } = await import('../gateway');\nexport { seedDemo };\n", true],
  ['src-main/server/service.ts', "export const demo = async () => (await import('../gateway/demo')).seedDemo;\n", false],
  ['src-main/server/service.ts', "export const demo = async () => (await import('../gateway')).seedDemo;\n", true],
  ['src-main/server/service.ts', 'export const demo = () => import(`../gateway/demo`);\n', false], // a template literal
  ['src-main/cli/serve-database.ts', "export const pg = () => import('../store/postgres');\n", true], // the store's second entry
  ['src-main/cli/serve-database.ts', "export const pg = () => import('../store/postgres/open');\n", false],
  ['src-main/reports/index.ts', "export const x = () => import('./write-xlsx');\n", true], // inside the layer
  ['src-main/gateway/deals.ts', "export const x = () => import('../reports');\n", false], // upward
  ['src-main/gateway/deals.ts', "export const x = () => import('drizzle-orm');\n", false],
  ['src-main/gateway/deals.ts', "const name = '../store/deals';\nexport const x = () => import(name);\n", true], // computed: not checked
  // TypeScript's import types are held to the same rules.
  ['src-main/server/app.ts', "export type Db = typeof import('../store/db');\n", false],
  ['src-main/server/app.ts', "export type Store = import('../store').StorePort;\n", true],
  ['src-main/server/app.ts', "export type Deals = typeof import('../store/deals');\n", false],
  ['test/src-main/electron/window.test.ts', "export const e = () => import('electron');\n", false],
  // A renderer feature loaded lazily (React.lazy) or named in a type goes through its entry too.
  ['src-renderer/App.tsx', "export const load = () => import('./features/report/ReportScreen');\n", false],
  ['src-renderer/App.tsx', "export const load = () => import('./features/report');\n", true],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', "export type Draft = import('../report/ReportScreen').Draft;\n", false],
  ['src-renderer/features/stress/PortfolioStressScreen.tsx', "export type Draft = import('../report').Draft;\n", true],
];

/** [virtual file, allowed?]: the raw SQLite handle is the store's alone (no-restricted-syntax). */
const CLIENT_CASES = [
  ['src-main/figures/rollups.ts', false],
  ['src-main/gateway/bulk-update.ts', false],
  ['src-main/app/pipeline.ts', false],
  ['src-main/server/app.ts', false],
  ['src-main/sync/apply.ts', false],
  ['src-main/cli/sync.ts', false],
  ['src-main/index.ts', false],
  ['src-main/store/transactions.ts', true],
  ['src-main/store/postgres/connection.ts', true],
  ['test/src-main/store/db.test.ts', true],
];

const eslint = new ESLint({ cwd: process.cwd() });
let failures = 0;
for (const [filePath, allowed] of CLIENT_CASES) {
  const [result] = await eslint.lintText('export const open = (db) => db.$client.open;\n', { filePath });
  const fired = (result?.messages ?? []).some((m) => m.ruleId === 'no-restricted-syntax');
  if (fired === allowed) {
    failures += 1;
    console.error(`store-connection rule ${allowed ? 'wrongly refuses' : 'misses'}: $client in ${filePath}`);
  }
}
/** True when `rule` reports on `code` linted as `filePath`. */
async function fires(rule, code, filePath) {
  const [result] = await eslint.lintText(code, { filePath });
  const fatal = (result?.messages ?? []).find((m) => m.fatal);
  if (fatal) throw new Error(`${filePath}: cannot parse the case: ${fatal.message}`);
  return (result?.messages ?? []).some((m) => m.ruleId === rule);
}
for (const [filePath, source, allowed] of CASES) {
  const forms = [
    [RULE, `import * as m from '${source}';\nexport { m };\n`, 'importing'],
    [DYNAMIC_RULE, `export const load = () => import('${source}');\n`, 'dynamically importing'],
  ];
  for (const [rule, code, how] of forms) {
    if ((await fires(rule, code, filePath)) === allowed) {
      failures += 1;
      console.error(`layer rule ${allowed ? 'wrongly refuses' : 'misses'}: ${filePath} ${how} '${source}'`);
    }
  }
}
for (const [filePath, code, allowed] of DYNAMIC_CASES) {
  if ((await fires(DYNAMIC_RULE, code, filePath)) === allowed) {
    failures += 1;
    console.error(`dynamic-import rule ${allowed ? 'wrongly refuses' : 'misses'}: ${filePath}: ${code.trim()}`);
  }
}
const total = 2 * CASES.length + DYNAMIC_CASES.length + CLIENT_CASES.length;
if (failures > 0) {
  console.error(`check-layers: ${failures} of ${total} cases wrong`);
  process.exit(1);
}
console.log(`check-layers: all ${total} layer-rule cases behave (${CASES.length} static, as many dynamic, ${DYNAMIC_CASES.length} more dynamic, ${CLIENT_CASES.length} $client)`);
