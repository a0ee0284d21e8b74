#!/usr/bin/env node
/**
 * `node scripts/memo-picture.mjs`: refreshes docs/screenshots/memo.png, the README's picture of
 * a credit memo's first page. It seeds a scratch data directory with the demo portfolio, writes
 * the memo of its first deal with a borrower through `uw memo` (as a user would), and turns
 * page 1 into a PNG with poppler's pdftoppm (Debian's poppler-utils) at 60 dpi.
 *
 * `npm test` never runs this: it writes into the tracked tree. Commit the result by hand.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, binPath } from './lib.mjs';

const OUT = join(ROOT, 'docs', 'screenshots', 'memo.png');
const TSX = binPath('tsx');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
  if (result.status !== 0) {
    process.stderr.write(result.stderr ?? '');
    throw new Error(`${command} ${args.slice(0, 2).join(' ')} failed (${result.status ?? result.signal})`);
  }
  return result.stdout;
}

// Seeds the demo portfolio and prints the first deal (by id) that has a person with an SSN.
const SEED = `
import { join } from 'node:path';
import { closeDb, openDb } from './src-main/store/db.ts';
import { seedDemo } from './src-main/gateway/demo.ts';
const db = openDb({ file: join(process.argv[1], 'uw.sqlite') });
seedDemo(db, { deals: 20 });
const row = db.$client.prepare(\`SELECT dp.deal_id AS id FROM deal_people dp JOIN people p ON p.id = dp.person_id
  WHERE p.social_security_number IS NOT NULL ORDER BY dp.deal_id LIMIT 1\`).get();
closeDb(db);
process.stdout.write(row.id);
`;

const dir = mkdtempSync(join(tmpdir(), 'uw-memo-picture-'));
try {
  const dealId = run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SEED, dir]).trim();
  const pdf = join(dir, 'memo.pdf');
  process.stdout.write(run(process.execPath, [TSX, join(ROOT, 'src-main', 'cli', 'uw.ts'), 'memo', '--data-dir', dir, '--deal', dealId, '--out', pdf]));
  run('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', '-singlefile', pdf, join(dir, 'page')]);
  copyFileSync(join(dir, 'page.png'), OUT);
  console.log(`wrote ${OUT}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
