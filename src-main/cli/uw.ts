import { UsageError } from './args';

const HELP = `uw — Underwriting Workstation command line

  uw serve   run the Deal Underwriting Service over HTTP (uw serve --help)
  uw sync    sync a data directory with the central platform: pull, then push (uw sync --help)
  uw report  write the cross-deal collateral report to a CSV or XLSX file (uw report --help)
  uw stress  write the portfolio stress (mild, moderate, severe, ...) to a CSV or XLSX file (uw stress --help)
  uw client  list or remove the API clients of a data directory (uw client --help)
  uw memo    write a deal's credit memo as a PDF (uw memo --help)
  uw credit-file         write a deal's sealed credit file, a zip (uw credit-file --help)
  uw verify-credit-file  check a credit file and recompute its figures (uw verify-credit-file --help)

Run through npm: npm run uw -- <command> [options]
`;

// Each command loads only its own modules: `uw report` should not pay for the server's.
const COMMANDS: Record<string, () => Promise<(argv: string[]) => Promise<void>>> = {
  serve: async () => (await import('./serve')).serve,
  sync: async () => (await import('./sync')).sync,
  report: async () => (await import('./report')).report,
  stress: async () => (await import('./stress')).stress,
  client: async () => (await import('./client')).client,
  memo: async () => (await import('./memo')).memo,
  'credit-file': async () => (await import('./credit-file')).creditFile,
  'verify-credit-file': async () => (await import('./credit-file')).verifyCreditFile,
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === 'help') {
    process.stdout.write(HELP);
    return;
  }
  const load = COMMANDS[command];
  if (!load) throw new UsageError(`unknown command "${command}" (commands: ${Object.keys(COMMANDS).join(', ')})`);
  await (await load())(rest);
}

main(process.argv.slice(2)).catch(async (err: unknown) => {
  // A URL in a message (a flag's value, a remote in a sync failure) loses its user name and
  // password. The sync layer is loaded here, on failure: a command that runs no sync (uw serve)
  // does not load it at start.
  const { withoutCredentials } = await import('../sync');
  const message = withoutCredentials(err instanceof Error ? err.message : String(err));
  process.stderr.write(`uw: ${message.split('\n')[0]}\n`);
  process.exit(err instanceof UsageError ? 2 : 1);
});
