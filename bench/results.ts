// npm run bench:results -- FILE: bench/RESULTS.md from the JSON that `npm run bench -- --json FILE` wrote.

import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { resultsMarkdown, type BenchRecord } from './support/results';

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: npm run bench:results -- FILE (the JSON of npm run bench -- --json FILE)\n');
  process.exit(2);
}
let record: BenchRecord;
try {
  record = JSON.parse(readFileSync(resolve(file), 'utf8')) as BenchRecord;
} catch (err) {
  process.stderr.write(`bench:results: cannot read ${file}: ${(err as Error).message}\n`);
  process.exit(1);
}
if (!Array.isArray(record.rows) || typeof record.commit !== 'string') {
  process.stderr.write(`bench:results: ${file} is not the JSON of npm run bench -- --json (no rows or commit)\n`);
  process.exit(1);
}
const out = resolve(import.meta.dirname, 'RESULTS.md');
writeFileSync(out, resultsMarkdown(record));
process.stdout.write(`wrote ${out}\n`);
