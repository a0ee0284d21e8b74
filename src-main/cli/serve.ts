import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import packageJson from '../../package.json' with { type: 'json' };
import {
  type ClientCredentials,
  DEFAULT_TOKEN_RATE_LIMIT,
  parseClientCredentials,
  parseClientLines,
  startService,
} from '../server';
import { parseCommandArgs, parsePort, parsePositiveInt, splitList, UsageError } from './args';
import { DATABASE_HELP, databaseChoice, DEFAULT_IMPORT_LEASE_SECONDS, DEFAULT_IMPORT_RESUME_SECONDS, openServerDatabase } from './serve-database';

export const SERVE_HELP = `uw serve — run the Deal Underwriting Service over HTTP on a data directory

  --port N            port to listen on (default 8080; 0 picks a free port)
  --data-dir DIR      data directory (default ./data)
  --host HOST         address to bind (default 127.0.0.1)
  --public-url URL    base_url clients use (default http://HOST:PORT); tokens carry {base_url}/api/
  --client ID:SECRET  provision an API client (repeatable). The secret is then visible to every
                      local user in the process list: prefer --clients-file, --clients-stdin or
                      UW_CLIENTS="id1:s1,id2:s2" (the environment is readable by your user only)
  --clients-file FILE provision the API clients of FILE: an ID:SECRET per line, # comments
                      (keep it 0600; a file others can read is used with a warning)
  --clients-stdin     provision the API clients read from stdin, as in --clients-file, e.g.
                      uw serve --clients-stdin < clients.txt
  --user EMAIL        ensure a platform user exists (repeatable; also UW_USERS="a@x,b@y")
  --demo              fill an empty store with the demo portfolio
  --demo-deals N      deals in the demo portfolio (default 200)
  --web               also serve the workstation UI at /
${DATABASE_HELP}
Failed token requests (wrong secret or unknown client) are limited per client id and per
address; once a limit is spent, /oauth/token answers 429 with Retry-After until its window ends.
Successful requests are not counted.
  --token-failures-per-client N    failed requests per client id and window (default 10)
  --token-failures-per-address N   failed requests per address and window (default 30)
  --token-failure-window SECONDS   length of the window (default 300)
`;

function clientsFrom(source: string, text: string): ClientCredentials[] {
  try {
    return parseClientLines(text);
  } catch (err) {
    throw new UsageError(`${source}: ${(err as Error).message}`);
  }
}

function readClientsFile(file: string): ClientCredentials[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`--clients-file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
    process.stderr.write(`uw: warning: ${file} holds client secrets and other users can read it (chmod 600 ${file})\n`);
  }
  return clientsFrom('--clients-file', text);
}

async function readClientsStdin(): Promise<ClientCredentials[]> {
  if (process.stdin.isTTY) process.stderr.write('uw: reading ID:SECRET lines from stdin; end with Ctrl-D\n');
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return clientsFrom('--clients-stdin', text);
}

export async function serve(argv: string[]): Promise<void> {
  const args = parseCommandArgs(argv, {
    port: { type: 'string' },
    'data-dir': { type: 'string' },
    host: { type: 'string' },
    'public-url': { type: 'string' },
    client: { type: 'string', multiple: true },
    'clients-file': { type: 'string' },
    'clients-stdin': { type: 'boolean' },
    user: { type: 'string', multiple: true },
    demo: { type: 'boolean' },
    'demo-deals': { type: 'string' },
    web: { type: 'boolean' },
    database: { type: 'string' },
    'database-password-file': { type: 'string' },
    'import-lease-seconds': { type: 'string' },
    'import-resume-seconds': { type: 'string' },
    'token-failures-per-client': { type: 'string' },
    'token-failures-per-address': { type: 'string' },
    'token-failure-window': { type: 'string' },
  });
  if (args.help) {
    process.stdout.write(SERVE_HELP);
    return;
  }
  const port = parsePort(args.port, 8080);
  const demoDeals = parsePositiveInt('--demo-deals', args['demo-deals'], 200);
  if (args['demo-deals'] && !args.demo) throw new UsageError('--demo-deals goes with --demo');
  const publicUrl = args['public-url'];
  if (publicUrl !== undefined && !URL.canParse(publicUrl)) throw new UsageError(`--public-url is not a URL: "${publicUrl}"`);
  // base_url is the tokens' issuer and audience, and printed: it carries no user name or password.
  // (The sync layer's URL helpers, loaded only then: a server start does not load the sync client.)
  if (publicUrl !== undefined && (await import('../sync')).hasCredentials(publicUrl)) throw new UsageError('--public-url must not carry a user name or password');
  const clients = [...(args.client ?? []), ...splitList(process.env.UW_CLIENTS)].flatMap((spec) => {
    try {
      return parseClientCredentials(spec);
    } catch (err) {
      throw new UsageError(`--client / UW_CLIENTS: ${(err as Error).message}`);
    }
  });
  if (args['clients-file'] !== undefined) clients.push(...readClientsFile(args['clients-file']));
  if (args['clients-stdin']) clients.push(...(await readClientsStdin()));
  const tokenRateLimit = {
    failuresPerClient: parsePositiveInt('--token-failures-per-client', args['token-failures-per-client'], DEFAULT_TOKEN_RATE_LIMIT.failuresPerClient),
    failuresPerAddress: parsePositiveInt('--token-failures-per-address', args['token-failures-per-address'], DEFAULT_TOKEN_RATE_LIMIT.failuresPerAddress),
    windowSeconds: parsePositiveInt('--token-failure-window', args['token-failure-window'], DEFAULT_TOKEN_RATE_LIMIT.windowSeconds),
  };
  const users = [...(args.user ?? []), ...splitList(process.env.UW_USERS)];
  const badUser = users.find((u) => !/^[^\s@]+@[^\s@]+$/.test(u));
  if (badUser !== undefined) throw new UsageError(`--user must be an e-mail address, not "${badUser}"`);

  const database = databaseChoice(args.database, args['database-password-file']);
  if (database && args.web) {
    throw new UsageError(
      '--web is not available with --database: the workstation UI keeps its sync state, secrets and pipeline in the data directory\'s SQLite store. ' +
        'Serve the API on PostgreSQL and run the workstation (or uw serve --web on a data directory) against it.',
    );
  }
  // Several instances on one database: an import claimed by an instance that died is taken over
  // by another once the claim's lease ran out, at that one's next look (both tunable: a team
  // that wants a faster takeover, the fault tests).
  for (const flag of ['import-lease-seconds', 'import-resume-seconds'] as const) {
    if (args[flag] !== undefined && !database) throw new UsageError(`--${flag} goes with --database (or UW_DATABASE_URL)`);
  }
  const importLeaseSeconds = parsePositiveInt('--import-lease-seconds', args['import-lease-seconds'], DEFAULT_IMPORT_LEASE_SECONDS);
  const importResumeSeconds = parsePositiveInt('--import-resume-seconds', args['import-resume-seconds'], DEFAULT_IMPORT_RESUME_SECONDS);
  // Opened (and migrated) before anything listens: a database that cannot be reached stops the start.
  const store = database ? await openServerDatabase({ ...database, importLeaseMs: importLeaseSeconds * 1000 }) : undefined;

  // The workstation (src-main/app and what it pulls in) is loaded only for web mode: a headless
  // server does not pay for it at start.
  const workstation = args.web ? await import('../app') : undefined;
  const service = await startService({
    dataDir: resolve(args['data-dir'] ?? './data'),
    store,
    // Several servers on one database: each takes up, now and then, an import another one
    // left unfinished (its claim ran out: the instance died).
    resumeImportsEveryMs: store ? importResumeSeconds * 1000 : undefined,
    port,
    host: args.host ?? '127.0.0.1',
    publicUrl,
    clients,
    users,
    demoDeals: args.demo ? demoDeals : undefined,
    web: args.web,
    tokenRateLimit,
    // Web mode: the bridge serves the workstation's channel table (the server layer cannot
    // import src-main/app, so the composition root hands it a factory).
    bridge:
      workstation &&
      ((env) => {
        const { createChannelTable, createFileSecretStore, withEnvironmentSecret } = workstation;
        // The client secret of the central platform: UW_CLIENT_SECRET, else a 0600 file in the
        // data directory (there is no OS keychain to ask in headless mode).
        const secrets = withEnvironmentSecret(createFileSecretStore(env.dataDir), process.env.UW_CLIENT_SECRET);
        const table = createChannelTable({ ...env, mode: 'web', version: packageJson.version, sync: { secrets } });
        return { dispatch: table.dispatch, close: table.close };
      }),
  }).catch(async (err: unknown) => {
    await store?.close();
    throw err;
  });
  let closing = false;
  const shutdown = () => {
    if (closing) return;
    closing = true;
    service
      .close()
      .then(() => store?.close())
      .then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`uw: shutdown failed: ${(err as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  // Before the `listening on` line: whoever reads it may stop the server at once.
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
  if (service.demoSeeded) process.stdout.write(`demo portfolio: ${demoDeals} deals\n`);
  process.stdout.write(`listening on ${service.origin}\n`);
  if (service.webLink) process.stdout.write(`open ${service.webLink}\n`);
}
