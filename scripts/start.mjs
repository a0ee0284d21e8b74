#!/usr/bin/env node
/**
 * `npm start`: build with electron-vite, then
 *   - launch Electron when its binary is installed (and there is a display to show it on);
 *   - otherwise say so in one line and serve the same UI in the browser (web mode):
 *     `uw serve --web --port 8080 --data-dir <data dir> --demo` in the foreground.
 * SIGINT / SIGTERM are forwarded to the child; the child's exit code is ours.
 *
 * Environment: UW_DATA_DIR (default ~/.underwriting-workstation/data), UW_PORT (default 8080),
 * UW_NO_BROWSER=1 to not open a browser in web mode, UW_DEMO=0 to not fill a new data directory
 * with the demo portfolio in web mode (it then opens on the first-run screen, as the desktop app
 * does).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { createInterface } from 'node:readline';
import { CLI_OUT, ensureCliBuild } from './cli-build.mjs';
import { ROOT, binPath } from './lib.mjs';

const require = createRequire(import.meta.url);

/**
 * The Electron executable, or null. Do NOT just require('electron') first: when the binary is
 * missing, electron's index.js tries to download it (no network here) before throwing. So look
 * at what it would read (path.txt -> dist/<file>) and only then ask it.
 */
function electronExecutable() {
  const pkgDir = join(ROOT, 'node_modules', 'electron');
  const pathTxt = join(pkgDir, 'path.txt');
  if (!existsSync(pathTxt)) return null;
  const relative = readFileSync(pathTxt, 'utf8').trim();
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  const expected = override ? join(override, relative || 'electron') : join(pkgDir, 'dist', relative);
  if (!existsSync(expected)) return null;
  try {
    const resolved = require('electron');
    return typeof resolved === 'string' && existsSync(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

function hasDisplay() {
  if (process.platform !== 'linux') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

function commandExists(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && existsSync(join(dir, command)));
}

/** Best effort: open `url` in the user's browser; never throws, never blocks. */
function openBrowser(url) {
  if (process.env.UW_NO_BROWSER || process.env.CI) return;
  let command;
  let args;
  if (process.platform === 'darwin') [command, args] = ['open', [url]];
  else if (process.platform === 'win32') [command, args] = ['cmd', ['/c', 'start', '""', url]];
  else {
    // Without a display xdg-open may start a text browser in this terminal.
    if (!hasDisplay()) return;
    [command, args] = ['xdg-open', [url]];
  }
  if (process.platform !== 'win32' && !commandExists(command)) return;
  try {
    const opener = spawn(command, args, { stdio: 'ignore', detached: true });
    opener.on('error', () => {});
    opener.unref();
  } catch {
    // no browser: the link is printed above
  }
}

/** Runs `child` in the foreground: forwards SIGINT/SIGTERM, exits with its code. */
function foreground(child) {
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  child.on('error', (error) => {
    console.error(`npm start: could not start ${child.spawnfile}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
  });
}

// 1. Build (main, preload, renderer): both modes need out/.
const build = spawnSync(process.execPath, [binPath('electron-vite'), 'build'], { cwd: ROOT, stdio: 'inherit' });
if (build.status !== 0) {
  console.error('npm start: the build failed (see above).');
  process.exit(build.status ?? 1);
}

// 2. Electron where it is installed.
const electron = electronExecutable();
if (electron !== null && hasDisplay()) {
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  foreground(spawn(electron, ['.'], { cwd: ROOT, stdio: 'inherit', env }));
} else {
  // 3. Web mode: the same UI, served by `uw serve --web`.
  const dataDir = process.env.UW_DATA_DIR || join(homedir(), '.underwriting-workstation', 'data');
  const port = process.env.UW_PORT || '8080';
  const demo = !/^(0|false|no|off)$/i.test(process.env.UW_DEMO ?? '');
  console.log(
    electron === null
      ? `Electron is not installed here: serving the same UI in the browser instead (web mode, data in ${dataDir}).`
      : `Electron is installed but there is no display: serving the same UI in the browser instead (web mode, data in ${dataDir}).`,
  );
  mkdirSync(dataDir, { recursive: true });
  // The uw command's build (what `npm run serve` runs), started directly rather than through npm:
  // the signals we forward reach the server itself, which then shuts down cleanly.
  await ensureCliBuild();
  const child = spawn(process.execPath, [join(CLI_OUT, 'uw.mjs'), 'serve', '--web', '--port', port, '--data-dir', dataDir, ...(demo ? ['--demo'] : [])], {
    cwd: ROOT,
    stdio: ['inherit', 'pipe', 'inherit'],
  });
  foreground(child);
  let opened = false;
  createInterface({ input: child.stdout }).on('line', (line) => {
    process.stdout.write(`${line}\n`);
    const open = /^open (https?:\/\/\S+)/.exec(line);
    if (open && !opened) {
      opened = true;
      openBrowser(open[1]);
    }
  });
}
