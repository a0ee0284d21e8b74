// Child process: `uw report` (src-main/cli/report.ts, the command itself) writing the whole
// cross-deal collateral report of a data directory; reports its time and peak RSS.

import { report } from '../../src-main/cli/report';
import { childArgs, reply } from '../support/child';

const args = childArgs<{ dataDir: string; format: 'csv' | 'xlsx'; out: string }>();
const started = performance.now();
await report(['--data-dir', args.dataDir, '--format', args.format, '--out', args.out]);
const ms = performance.now() - started;
// maxRSS: the peak resident set of this process over its life, in KiB.
reply({ ms, maxRssKiB: process.resourceUsage().maxRSS });
