#!/usr/bin/env node
/**
 * Builds better-sqlite3's native addon for ELECTRON's ABI, next to (never instead of) the Node
 * build that tests, the CLI and `uw serve` use.
 *
 *   node scripts/build-electron-native.mjs [--target <electron version>] [--arch <arch>]
 *        [--nodedir <unpacked Electron headers>] [--dist-url <headers mirror>]
 *
 * How: copy node_modules/better-sqlite3 (sources + bundled SQLite) to a temp folder, run npm's
 * own node-gyp there against the Electron headers (--target=<electron version>
 * --dist-url=https://electronjs.org/headers, as Electron's "native modules" guide says), and
 * copy build/Release/better_sqlite3.node to
 *
 *   out/native/electron-<version>-<platform>-<arch>/better_sqlite3.node
 *
 * which src-main/electron/native-binding.ts finds and the main process passes to the store as
 * better-sqlite3's `nativeBinding`. node_modules is not touched (unlike `electron-rebuild`, which
 * rebuilds in place and would break the Node ABI build under vitest).
 *
 * Needs a C++ toolchain (as better-sqlite3's own install does) and the Electron headers: from
 * --dist-url (network) or, offline, an unpacked electron-v<version>-headers given as --nodedir.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './lib.mjs';

const { values } = parseArgs({
  options: {
    target: { type: 'string' },
    arch: { type: 'string', default: process.arch },
    nodedir: { type: 'string' },
    'dist-url': { type: 'string', default: 'https://electronjs.org/headers' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0].replace(/^#!.*\n\/\*\*\n?/, '').replace(/^ \* ?/gm, ''));
  process.exit(0);
}

const fail = (message) => {
  console.error(`build-electron-native: ${message}`);
  process.exit(1);
};

const electronVersion = values.target ?? JSON.parse(readFileSync(join(ROOT, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
const sourceDir = join(ROOT, 'node_modules', 'better-sqlite3');
if (!existsSync(join(sourceDir, 'binding.gyp'))) fail('node_modules/better-sqlite3 is missing: run npm ci first.');

function findNodeGyp() {
  const candidates = [
    process.env.npm_config_node_gyp,
    join(dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
  ];
  try {
    candidates.push(createRequire(import.meta.url).resolve('node-gyp/bin/node-gyp.js'));
  } catch {
    // not installed locally
  }
  return candidates.find((candidate) => candidate && existsSync(candidate));
}
const nodeGyp = findNodeGyp();
if (!nodeGyp) fail("node-gyp not found (it ships with npm; or set npm_config_node_gyp).");

const outDir = join(ROOT, 'out', 'native', `electron-${electronVersion}-${process.platform}-${values.arch}`);
const work = mkdtempSync(join(tmpdir(), 'uw-better-sqlite3-electron-'));
try {
  for (const entry of ['package.json', 'binding.gyp', 'src', 'deps']) {
    cpSync(join(sourceDir, entry), join(work, entry), { recursive: true });
  }

  // npm passes its config to node-gyp through npm_config_* variables. This machine's npmrc sets
  // nodedir (Node's headers): left in place it would silently build for Node's ABI again.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([key]) => !/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch|build_from_source)$/i.test(key),
    ),
  );
  const args = [
    nodeGyp,
    'rebuild',
    '--release',
    `--target=${electronVersion}`,
    `--arch=${values.arch}`,
    `--devdir=${join(homedir(), '.electron-gyp')}`,
    values.nodedir ? `--nodedir=${values.nodedir}` : `--dist-url=${values['dist-url']}`,
  ];
  console.log(`build-electron-native: better-sqlite3 for Electron ${electronVersion} (${process.platform}-${values.arch})`);
  const result = spawnSync(process.execPath, args, { cwd: work, env, stdio: 'inherit' });
  if (result.status !== 0) {
    fail(
      `node-gyp failed (see above). It needs a C++ toolchain and the Electron ${electronVersion} headers, ` +
        `downloaded from ${values['dist-url']} or given offline with --nodedir <unpacked electron-v${electronVersion}-headers>. ` +
        'The Node build in node_modules/better-sqlite3 is untouched.',
    );
  }
  const built = join(work, 'build', 'Release', 'better_sqlite3.node');
  if (!existsSync(built)) fail(`node-gyp succeeded but ${built} is missing.`);
  mkdirSync(outDir, { recursive: true });
  copyFileSync(built, join(outDir, 'better_sqlite3.node'));
  console.log(`build-electron-native: wrote ${join(outDir, 'better_sqlite3.node')}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
