// Child process: `uw report` (src-main/cli/report.ts, the command itself) writing the whole
// cross-deal collateral report of a data directory; reports its time and peak RSS.

import { report } from '../../src-main/cli/report';
import { childArgs, reply } from '../support/child';
import { peakRssKiB } from '../support/peak-rss';

const args = childArgs<{ dataDir: string; format: 'csv' | 'xlsx'; out: string }>();
const started = performance.now();
await report(['--data-dir', args.dataDir, '--format', args.format, '--out', args.out]);
const ms = performance.now() - started;
// The peak resident set of this process image, KiB (VmHWM: see bench/support/peak-rss.ts).
reply({ ms, maxRssKiB: peakRssKiB() });
