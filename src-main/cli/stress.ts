import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Scenario, type SystemConfig } from '../contract';
import type { GatewayContext, PlaceLookup } from '../gateway';
import { exportPortfolioStress, STRESS_FORMATS, StressRequestError, type StressFormat } from '../reports';
import { closeSqliteStore, loadSystemConfig, openSqliteStore, STORE_FILE } from '../store';
import { parseCommandArgs, UsageError } from './args';
import { parseReportFilter } from './report';

export const STRESS_HELP = `uw stress — write the portfolio stress of a data directory to a file

  --data-dir DIR        data directory holding the store (uw.sqlite)
  --scenario S          mild, moderate or severe (the shipped scenarios, or those of the data
                        directory's system-config.json), or a JSON file holding one scenario,
                        e.g. {"name":"rates","rateChangeBps":250,"valueChange":-0.15}
                        (shocks: noiChange, rateChangeBps, valueChange, capRateChangeBps,
                        rentChange, vacancyChange); repeat for up to 10 scenarios
  --filter JSON         which deals (the cross-deal report's filter; default every deal), e.g.
                        '{"states":["Originated"],"minGrossLoan":1000000}'
  --profile NAME        credit policy profile (default: the data directory's default profile)
  --format csv|xlsx     file format
  --out FILE            file to write; replaced only once complete
  --force               replace FILE if it exists (otherwise an existing FILE is refused)

The file has one row per deal (its loan, base and stressed NOI, value, rate, debt service, DSCR,
LTV, debt yield and the limits each breaks) and a summary per scenario (deals, exposure, DSCR
below policy and below 1.00x, LTV above policy, exposure-weighted DSCR and LTV). Nothing is
written to the store. Progress goes to stderr; the last line on stdout is
"wrote N deals x K scenarios to FILE".
`;

/** The stress writes no addresses: a read-only context needs no place lookup. */
const NO_PLACE_LOOKUP: PlaceLookup = {
  resolve: async () => ({ ok: false, target: 'address', message: 'uw stress does not resolve addresses.' }),
};

const MAX_SCENARIOS = 10;

/** A --scenario value: a configured scenario's name, else a JSON file of one scenario. */
export function resolveScenario(value: string, config: SystemConfig): Scenario {
  const named = config.stressScenarios.find((s) => s.name === value);
  if (named) {
    const { label: _label, source: _source, ...scenario } = named;
    return scenario;
  }
  if (!existsSync(value) || !statSync(value).isFile()) {
    const names = config.stressScenarios.map((s) => s.name).join(', ');
    throw new UsageError(`--scenario "${value}" is neither a scenario (${names}) nor a JSON file`);
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(value, 'utf8'));
  } catch (err) {
    throw new UsageError(`--scenario ${value} is not valid JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  const parsed = Scenario.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const at = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new UsageError(`--scenario ${value}: ${at}${issue.message}`);
  }
  return parsed.data;
}

function checkArgs(args: { 'data-dir'?: string; format?: string; out?: string; force?: boolean }): { dataDir: string; format: StressFormat; out: string } {
  for (const flag of ['data-dir', 'format', 'out'] as const) {
    if (!args[flag]) throw new UsageError(`--${flag} is required (see uw stress --help)`);
  }
  const format = args.format!.toLowerCase();
  if (!(STRESS_FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format must be ${STRESS_FORMATS.join(' or ')}, not "${args.format}"`);
  const dataDir = resolve(args['data-dir']!);
  if (!existsSync(join(dataDir, STORE_FILE))) throw new UsageError(`--data-dir ${dataDir} holds no store (${STORE_FILE} not found)`);
  const out = resolve(args.out!);
  if (!existsSync(dirname(out)) || !statSync(dirname(out)).isDirectory()) throw new UsageError(`--out: folder ${dirname(out)} does not exist`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`--out ${out} is a folder, not a file`);
  if (existsSync(out) && !args.force) throw new UsageError(`--out ${out} exists; add --force to replace it`);
  return { dataDir, format: format as StressFormat, out };
}

export async function stress(argv: string[]): Promise<void> {
  const args = parseCommandArgs(argv, {
    'data-dir': { type: 'string' },
    scenario: { type: 'string', multiple: true },
    filter: { type: 'string' },
    profile: { type: 'string' },
    format: { type: 'string' },
    out: { type: 'string' },
    force: { type: 'boolean' },
  });
  if (args.help) {
    process.stdout.write(STRESS_HELP);
    return;
  }
  const { dataDir, format, out } = checkArgs(args);
  const scenarioArgs = args.scenario ?? [];
  if (scenarioArgs.length === 0) throw new UsageError('--scenario is required: mild, moderate, severe or a JSON file (see uw stress --help)');
  if (scenarioArgs.length > MAX_SCENARIOS) throw new UsageError(`--scenario: at most ${MAX_SCENARIOS} scenarios, not ${scenarioArgs.length}`);
  const config = loadSystemConfig(dataDir);
  const scenarios = scenarioArgs.map((value) => resolveScenario(value, config));
  const { query } = parseReportFilter(args.filter);
  const { sortBy: _sortBy, sortDirection: _sortDirection, ...filter } = query;

  const store = openSqliteStore({ file: join(dataDir, STORE_FILE) });
  let lastTenth = -1;
  try {
    const ctx: GatewayContext = { store, places: NO_PLACE_LOOKUP, config, now: () => new Date() };
    const result = await exportPortfolioStress(
      ctx,
      { scenarios, filter, ...(args.profile !== undefined ? { profileName: args.profile } : {}) },
      {
        format,
        file: out,
        onProgress: (done, total) => {
          const tenth = total > 0 ? Math.floor((done / total) * 10) : 10;
          if (tenth > lastTenth) {
            lastTenth = tenth;
            process.stderr.write(`stress: ${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} deals\n`);
          }
        },
      },
    ).catch((err: unknown) => {
      if (err instanceof StressRequestError) {
        const flag = err.error.target === 'profileName' ? '--profile' : err.error.target.startsWith('filter') ? '--filter' : '--scenario';
        throw new UsageError(`${flag}: ${err.error.message}`);
      }
      throw err;
    });
    process.stdout.write(`wrote ${result.deals} deals x ${scenarios.length} scenarios to ${out}\n`);
  } finally {
    await closeSqliteStore(store);
  }
}
