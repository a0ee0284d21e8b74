/** Small helpers shared by the scripts in this folder (plain Node, no dependencies). */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Absolute path of a package's bin script in node_modules (run it with process.execPath). */
export function binPath(pkg, name = pkg.split('/').pop()) {
  const dir = join(ROOT, 'node_modules', pkg);
  const { bin } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const rel = typeof bin === 'string' ? bin : bin[name];
  if (!rel) throw new Error(`${pkg} has no bin named ${name}`);
  return join(dir, rel);
}

/** The newest modification time (ms) of a file, or of anything below a folder; 0 when absent. */
export function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}
