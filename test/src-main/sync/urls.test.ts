import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, openDb } from '../../../src-main/store/db';
import { runSync, withoutCredentials, type SyncEvent } from '../../../src-main/sync';
import { runUw } from '../../support/cli';
import { CLIENT, startTestService, tempDir, type TestService } from '../../support/service';

describe('withoutCredentials', () => {
  it('removes the user name and password of every URL in a text, and nothing else', () => {
    expect(withoutCredentials('https://alice:s3cret@uw.example/api/')).toBe('https://uw.example/api/');
    expect(withoutCredentials('from http://a@b:p@x:8080/p?q=1#f and postgres://u:p@db/uw')).toBe('from http://x:8080/p?q=1#f and postgres://db/uw');
    expect(withoutCredentials('mail ann@example.com at http://host/a@b')).toBe('mail ann@example.com at http://host/a@b');
  });
});

describe('URLs printed by a sync', () => {
  let remote: TestService;
  const data = tempDir('uw-sync-urls-');
  beforeAll(async () => {
    remote = await startTestService({ demoDeals: 1 });
  }, 60_000);
  afterAll(async () => {
    await remote?.stop();
    data.remove();
  });

  it('never carry the password of a remote URL, neither in progress events nor in the failure', async () => {
    const db = openDb({ file: `${data.path}/uw.sqlite` });
    const events: SyncEvent[] = [];
    const withPassword = remote.origin.replace('http://', 'http://alice:hunter2@');
    try {
      const failure = await runSync({
        db,
        remote: { baseUrl: withPassword, authUrl: withPassword, clientId: CLIENT.clientId, clientSecret: CLIENT.secret },
        onEvent: (event) => events.push(event),
        retry: { limit: 0 },
      }).then(() => null, (err: Error) => err.message);
      expect(events[0]).toMatchObject({ type: 'phase', phase: 'connect', detail: remote.origin });
      expect(failure).not.toBeNull();
      expect(JSON.stringify(events) + failure).not.toMatch(/hunter2|alice/);
    } finally {
      closeDb(db);
    }
  });

  it('uw sync refuses a --remote or --auth-url with a user name or password, without printing them', async () => {
    const env = { UW_CLIENT_SECRET: CLIENT.secret };
    const withPassword = remote.origin.replace('http://', 'http://alice:hunter2@');
    for (const args of [['--remote', withPassword], ['--remote', remote.origin, '--auth-url', withPassword], ['--remote', 'ftp://alice:hunter2@host']]) {
      const { code, stdout, stderr } = await runUw(['sync', '--data-dir', data.path, '--client-id', CLIENT.clientId, ...args], env);
      expect(code).toBe(2);
      expect(stderr).toMatch(/must (not carry a user name or password|be an http\(s\) URL)/);
      expect(stdout + stderr).not.toMatch(/hunter2|alice/);
    }
  }, 30_000);
});
