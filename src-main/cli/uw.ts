import { serve, SERVE_HELP } from './serve';
import { sync, SYNC_HELP } from './sync';
import { report, REPORT_HELP } from './report';
import { UsageError } from './args';

const HELP = `uw — Underwriting Workstation command line

  uw serve   run the Deal Underwriting Service over HTTP (uw serve --help)
  uw sync    sync a data directory with the central platform: pull, then push (uw sync --help)
  uw report  write the cross-deal collateral report to a CSV or XLSX file (uw report --help)

Run through npm: npm run uw -- <command> [options]
`;

const COMMANDS: Record<string, { run: (argv: string[]) => Promise<void>; help: string }> = {
  serve: { run: serve, help: SERVE_HELP },
  sync: { run: sync, help: SYNC_HELP },
  report: { run: report, help: REPORT_HELP },
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(HELP);
    return;
  }
  const entry = COMMANDS[command];
  if (!entry) throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  await entry.run(rest);
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(`uw: ${message.split('\n')[0]}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
