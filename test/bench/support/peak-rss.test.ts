import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { peakRssKiB } from '../../../bench/support/peak-rss';

// The bench's children report their peak RSS; a child of a large parent (the bench runner after
// a browser scenario) must report its own, not the parent's.

const MODULE = resolve(__dirname, '../../../bench/support/peak-rss.ts');
const MIB = 1024;

/** Runs a node child (with tsx, to load the module) that prints peakRssKiB() after touching `allocMiB` MiB. */
function childPeak(allocMiB: number): number {
  const script = `import('${MODULE}').then(({ peakRssKiB }) => { const b = Buffer.alloc(${allocMiB} * 1024 * 1024, 1); process.stdout.write(String(peakRssKiB()) + ' ' + b.length); });`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return Number(r.stdout.split(' ')[0]);
}

describe('the bench peak RSS reader', () => {
  it('reports what a child touched, not the size of the parent that spawned it', () => {
    const parentBallast = Buffer.alloc(400 * MIB * 1024, 1);
    expect(peakRssKiB()).toBeGreaterThan(400 * MIB);
    const small = childPeak(0);
    const large = childPeak(200);
    expect(small).toBeLessThan(200 * MIB);
    expect(large).toBeGreaterThan(small + 150 * MIB);
    expect(parentBallast.length).toBe(400 * MIB * 1024);
  });
});
