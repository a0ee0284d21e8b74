/** Small helpers shared by the scripts in this folder (plain Node, no dependencies). */
import { readFileSync } from 'node:fs';
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
