import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where the Electron build of better-sqlite3's addon lives.
 *
 * node_modules/better-sqlite3/build/Release/better_sqlite3.node is compiled for Node's ABI:
 * tests, the CLI and `uw serve` use it and it must stay that way. Electron has its own ABI
 * (NODE_MODULE_VERSION; Electron 45 is 150, see node_modules/electron/abi_version), so the
 * Electron main process loads a second copy of the addon, built for Electron, through
 * better-sqlite3's `nativeBinding` option (src-main/store/db.ts `OpenOptions.nativeBinding`):
 *
 *   scripts/build-electron-native.mjs copies the better-sqlite3 sources to a temp folder,
 *   compiles them with node-gyp against the Electron headers (--target=<electron version>
 *   --dist-url=https://electronjs.org/headers, or --nodedir=<unpacked headers> offline) and
 *   writes out/native/electron-<version>-<platform>-<arch>/better_sqlite3.node.
 *   node_modules is never touched, so the Node build used by tests keeps working.
 *
 * A packaged app ships that folder as resources/native/... (asar-unpacked: a .node file
 * cannot be loaded from inside an asar archive).
 */
export const BETTER_SQLITE_ADDON = 'better_sqlite3.node';

export interface NativeBindingEnvironment {
  /** process.versions.electron */
  electronVersion: string;
  platform: NodeJS.Platform;
  arch: string;
  /** app.isPackaged */
  isPackaged: boolean;
  /** process.resourcesPath (packaged app) */
  resourcesPath: string;
  /** app.getAppPath(): the project root when run unpackaged (package.json "main" lives there) */
  appPath: string;
}

export function nativeBindingDirName(electronVersion: string, platform: string, arch: string): string {
  return `electron-${electronVersion}-${platform}-${arch}`;
}

/** Candidate paths of the Electron-ABI addon, best first. */
export function betterSqliteBindingCandidates(env: NativeBindingEnvironment): string[] {
  const dir = nativeBindingDirName(env.electronVersion, env.platform, env.arch);
  const dev = join(env.appPath, 'out', 'native', dir, BETTER_SQLITE_ADDON);
  if (!env.isPackaged) return [dev];
  return [join(env.resourcesPath, 'native', dir, BETTER_SQLITE_ADDON), dev];
}

export type NativeBindingResolution = { ok: true; path: string } | { ok: false; message: string };

/** The addon to pass as better-sqlite3's `nativeBinding`, or a one-paragraph explanation. */
export function resolveBetterSqliteBinding(
  env: NativeBindingEnvironment,
  exists: (path: string) => boolean = existsSync,
): NativeBindingResolution {
  const candidates = betterSqliteBindingCandidates(env);
  const found = candidates.find((candidate) => exists(candidate));
  if (found !== undefined) return { ok: true, path: found };
  return {
    ok: false,
    message:
      `better-sqlite3 has no build for Electron ${env.electronVersion} (${env.platform}-${env.arch}); ` +
      `looked for ${candidates.join(', ')}. ` +
      (env.isPackaged
        ? 'This installation is incomplete: reinstall the app.'
        : `Build it with \`node scripts/build-electron-native.mjs\` (needs a C++ toolchain and the ` +
          `Electron headers, downloaded from electronjs.org or given with --nodedir).`),
  };
}
