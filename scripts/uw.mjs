#!/usr/bin/env node
/**
 * `npm run uw -- <command>` and `npm run serve -- ...`: the uw command, run from its build
 * (out/cli, rebuilt first when src-main changed; see cli-build.mjs) on plain Node.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { CLI_OUT, ensureCliBuild } from './cli-build.mjs';

try {
  await ensureCliBuild();
} catch (err) {
  process.stderr.write(`uw: could not build the command: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
  process.exit(1);
}
await import(pathToFileURL(join(CLI_OUT, 'uw.mjs')).href);
