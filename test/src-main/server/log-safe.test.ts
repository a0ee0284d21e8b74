import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLine } from '../../../src-main/server/log-safe';
import { pgDbOf } from '../../../src-main/store/postgres/open';
import { settings } from '../../../src-main/store/postgres/schema';
import { startPostgres, type PostgresCluster, type TestDatabase } from '../../support/postgres';

let cluster: PostgresCluster;
let database: TestDatabase;
beforeAll(async () => {
  cluster = await startPostgres();
  database = await cluster.createDatabase();
}, 120_000);
afterAll(async () => {
  await database?.drop();
  await cluster?.stop();
});

describe('what the server logs of a failed statement', () => {
  it('keeps the statement and drops the values it was given, which may be secrets', async () => {
    const pg = pgDbOf(database.pool);
    await pg.insert(settings).values({ key: 'oauth.signingKey', value: 'first' });
    const message = await pg
      .insert(settings)
      .values({ key: 'oauth.signingKey', value: 'top-secret-signing-key' })
      .then(
        () => '',
        (error: Error) => error.message,
      );
    // The driver's error (drizzle's DrizzleQueryError) names the values; the logged line does not.
    expect(message).toContain('top-secret-signing-key');
    expect(firstLine(message)).toMatch(/^Failed query: insert into "settings"/);
    expect(firstLine(message)).not.toContain('top-secret-signing-key');
  });
});
