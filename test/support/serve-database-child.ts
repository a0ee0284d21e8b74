import { openServerDatabase } from '../../src-main/cli/serve-database';
import { startService } from '../../src-main/server/service';
import { openPostgresStore } from '../../src-main/store/postgres/open';
import { createPostgresStore } from '../../src-main/store/postgres/store';

// A team-server process for the fault tests (test/src-main/server/postgres-faults.test.ts):
// what `uw serve --database URL` does, run as its own process so that SIGKILL is real. The
// CLI's wiring of --database (src-main/cli/serve.ts) comes from the branch pg-write; until it
// is merged this opens the database through the same module (cli/serve-database.ts) and serves
// it with the same startService. Settings come as JSON in UW_TEST_SERVE:
// { url, dataDir, clients: [{clientId, secret}], users, demoDeals?, importLeaseMs? }. Prints
// `listening on ORIGIN`. importLeaseMs (a shorter import claim lease than the 2 minutes) opens
// the store as openServerDatabase does, with that option.

interface Settings {
  url: string;
  dataDir: string;
  clients: { clientId: string; secret: string }[];
  users: string[];
  demoDeals?: number;
  importLeaseMs?: number;
}

const settings = JSON.parse(process.env.UW_TEST_SERVE ?? '{}') as Settings;
async function open() {
  if (settings.importLeaseMs === undefined) return openServerDatabase({ url: settings.url });
  const connection = await openPostgresStore(settings.url);
  const store = createPostgresStore(connection.pool, { importLeaseMs: settings.importLeaseMs });
  return Object.assign(store, { close: async () => (await store.releaseImportClaims(), await connection.close()) });
}
const store = await open();
const service = await startService({
  dataDir: settings.dataDir,
  store,
  port: 0,
  host: '127.0.0.1',
  clients: settings.clients,
  users: settings.users,
  demoDeals: settings.demoDeals,
});
process.stdout.write(`listening on ${service.origin}\n`);
process.on('SIGTERM', () => {
  void service
    .close()
    .then(() => store.close())
    .then(() => process.exit(0));
});
