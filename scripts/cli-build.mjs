/**
 * The build of the `uw` command (out/cli): src-main/cli/uw.ts bundled with its dependencies into
 * a few plain ES modules, so `npm run uw` / `npm run serve` start on plain Node. Run from source
 * through tsx, a server start loads about 300 ES modules, each resolved and transformed through
 * tsx's loader thread: about 1.2 s to a first answer on 10,000 deals, against about 0.35 s for
 * this bundle (bench: cold-start).
 *
 * `ensureCliBuild()` rebuilds when a source is newer than the build, so editing src-main and
 * running `npm run uw` never runs stale code. The tests run this build too, as users do: made
 * once per test run by scripts/builds.mjs, then started through scripts/uw.mjs
 * (test/support/cli.ts, the e2e fixtures); test/scripts/cli-build.test.ts compares it with the
 * sources, and test/scripts/builds.test.ts drives what it loads on demand.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, newestMtime } from './lib.mjs';

/** Where the build goes: out/cli, or UW_CLI_OUT (the tests build into a temporary directory). */
export const CLI_OUT = process.env.UW_CLI_OUT || join(ROOT, 'out', 'cli');
const STAMP = 'build-stamp.json';

/**
 * Entries: the command, and the server's startService (bench/children/cold-start-service.mjs
 * starts it the way `uw serve` does, in a process it times).
 */
const ENTRIES = { uw: 'src-main/cli/uw.ts', service: 'src-main/server/service.ts' };

/**
 * Left in node_modules: the native addon; packages that read their own files next to their
 * modules (swagger-ui's assets, @fastify/static, and pdfmake, whose pdfkit reads its font metrics
 * from `__dirname + '/data/*.afm'`: bundled into an ES module, `__dirname` is not defined and
 * every memo and credit file failed); and large ones loaded only on demand (exceljs for XLSX,
 * pdfmake for the memo, the offline place data).
 */
const DIRECT_EXTERNAL = ['better-sqlite3', '@fastify/swagger', '@fastify/swagger-ui', '@fastify/static', 'exceljs', 'pdfmake', 'zipcodes', 'parse-address'];

/**
 * Fastify's own dependencies that it `require`s only on demand, and that the service never asks
 * for at start: its default validator and serializer compilers (ajv, fast-json-stringify; the
 * server passes its own, server/app.ts), `inject` (light-my-request) and the pino logger (the
 * service runs without one unless asked). Bundled, their ~700 KB would be parsed at every start
 * although never run; left in node_modules, Node loads them on the first `require`. They are
 * not our dependencies but fastify's, so each stays external only where the build's output
 * resolves it to the very file fastify does (npm hoists them; see lazyExternals).
 */
const FASTIFY_ON_DEMAND = ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler', 'light-my-request', 'pino'];

/** FASTIFY_ON_DEMAND's packages that resolve from `outDir` as from fastify (the others stay bundled). */
function lazyExternals(outDir) {
  const fromFastify = createRequire(createRequire(join(ROOT, 'package.json')).resolve('fastify'));
  const fromOut = createRequire(join(outDir, 'service.mjs'));
  return FASTIFY_ON_DEMAND.filter((name) => {
    try {
      return fromOut.resolve(name) === fromFastify.resolve(name);
    } catch {
      return false;
    }
  });
}

/** src-main/contract's modules (see treeshake below). */
const CONTRACT_MODULE = /[\\/]src-main[\\/]contract[\\/].+\.ts$/;

/** What the build is made from: a change to any of these makes it stale. */
const SOURCES = ['src-main', 'package.json', 'package-lock.json', 'scripts/cli-build.mjs'];

function sourcesMtime() {
  return Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
}

/** True when out/cli was built from the sources as they are now. */
export function cliBuildIsCurrent(outDir = CLI_OUT) {
  try {
    const stamp = JSON.parse(readFileSync(join(outDir, STAMP), 'utf8'));
    return stamp.sourcesMtime === sourcesMtime() && existsSync(join(outDir, 'uw.mjs'));
  } catch {
    return false;
  }
}

/**
 * Builds into a fresh directory, then copies the files over `outDir`, the entries and the stamp
 * last. Chunk names carry a content hash and old ones are not removed: a process still running
 * the previous build keeps finding the chunks it loads on demand.
 */
export async function buildCli(outDir = CLI_OUT) {
  const { build } = await import('vite');
  const started = sourcesMtime();
  const next = `${outDir}.next-${process.pid}`;
  const EXTERNAL = [...DIRECT_EXTERNAL, ...lazyExternals(outDir)];
  try {
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      build: {
        ssr: true,
        outDir: next,
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        sourcemap: true,
        rollupOptions: {
          input: ENTRIES,
          external: EXTERNAL,
          // The contract's modules only declare schemas and constants (no statement of theirs acts
          // at import but building them), so one that supplies nothing the command or the service
          // uses is left out of the build: the service then does not build the channel table's
          // schemas (contract/channels/, the desktop UI's) at every start (bench: cold-start).
          treeshake: { moduleSideEffects: [{ test: CONTRACT_MODULE, sideEffects: false }] },
          // Chunks sit next to the entries: the store finds its migrations next to its module.
          output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      },
      ssr: { noExternal: true, external: EXTERNAL },
    });
    mkdirSync(outDir, { recursive: true });
    cpSync(join(ROOT, 'src-main', 'store', 'migrations'), join(outDir, 'migrations'), { recursive: true });
    // The PostgreSQL engine's own (store/postgres/migrate.ts looks for this folder next to its module first).
    cpSync(join(ROOT, 'src-main', 'store', 'postgres', 'migrations'), join(outDir, 'postgres-migrations'), { recursive: true });
    const entries = new Set(Object.keys(ENTRIES).flatMap((name) => [`${name}.mjs`, `${name}.mjs.map`]));
    const files = readdirSync(next);
    for (const file of [...files.filter((f) => !entries.has(f)), ...files.filter((f) => entries.has(f))]) copyFileSync(join(next, file), join(outDir, file));
    writeFileSync(join(outDir, STAMP), JSON.stringify({ sourcesMtime: started }));
  } finally {
    rmSync(next, { recursive: true, force: true });
  }
}

/** Builds out/cli unless it is current; says so on stderr, since it takes a few seconds. */
export async function ensureCliBuild(outDir = CLI_OUT) {
  if (cliBuildIsCurrent(outDir)) return;
  process.stderr.write('uw: building the command from src-main (out/cli)...\n');
  await buildCli(outDir);
}
