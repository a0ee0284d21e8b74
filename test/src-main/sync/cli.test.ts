import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { UsageError } from '../../../src-main/cli/args';
import { sync, SYNC_HELP } from '../../../src-main/cli/sync';
import { STORE_FILE } from '../../../src-main/server/service';
import { closeDb, openDb } from '../../../src-main/store/db';
import { outboxEntries } from '../../../src-main/store/sync-outbox';
import { runUw, startUwServe, stop } from '../../support/cli';
import { CLIENT, OWNER, startTestService, tempDir, type TestService } from '../../support/service';
import { bulkUpdate, dealIds, dealInfo } from './helpers';

// `uw sync` as the README's `uw` section documents it.

let remote: TestService;
const data = tempDir('uw-sync-cli-');
const secret = { UW_CLIENT_SECRET: CLIENT.secret };

beforeAll(async () => {
  remote = await startTestService({ demoDeals: 4 });
}, 60_000);

afterAll(async () => {
  await remote?.stop();
  data.remove();
});

const argsOf = (...extra: string[]) => ['sync', '--data-dir', data.path, '--remote', remote.origin, '--client-id', CLIENT.clientId, ...extra];
const args = argsOf;

/** `uw sync` in this process (arguments, secret from the environment), with its output. */
async function syncInProcess(argv: string[], env: NodeJS.ProcessEnv = secret): Promise<{ error: Error | null; stdout: string }> {
  const saved = process.env.UW_CLIENT_SECRET;
  process.env.UW_CLIENT_SECRET = env.UW_CLIENT_SECRET ?? '';
  const write = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  try {
    await sync(argv.slice(1));
    return { error: null, stdout: write.mock.calls.map((c) => String(c[0])).join('') };
  } catch (error) {
    return { error: error as Error, stdout: write.mock.calls.map((c) => String(c[0])).join('') };
  } finally {
    write.mockRestore();
    if (saved === undefined) delete process.env.UW_CLIENT_SECRET;
    else process.env.UW_CLIENT_SECRET = saved;
  }
}

describe('uw sync', () => {
  test('prints its options with --help', async () => {
    const r = await syncInProcess(['sync', '--help']);
    expect(r.error).toBeNull();
    expect(r.stdout).toBe(SYNC_HELP);
    for (const option of ['--data-dir', '--remote', '--auth-url', '--client-id', 'UW_CLIENT_SECRET', '--pull-only', '--push-only']) expect(r.stdout).toContain(option);
  });

  test('refuses bad arguments with a one-line reason and exit code 2', async () => {
    const r = await runUw(['sync', '--client-id', 'x'], secret);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("uw: --remote URL is required (the platform's base_url)\n");
    const cases: [string[], NodeJS.ProcessEnv, RegExp][] = [
      [['sync', '--remote', 'ftp://example.com', '--client-id', 'x'], secret, /--remote must be an http\(s\) URL/],
      [['sync', '--remote', remote.origin], secret, /--client-id ID is required/],
      [args('--pull-only', '--push-only'), secret, /exclude each other/],
      [args(), { UW_CLIENT_SECRET: '' }, /UW_CLIENT_SECRET must hold the client secret/],
      [args('--secret', 'x'), secret, /Unknown option '--secret'/],
    ];
    for (const [argv, env, reason] of cases) {
      const { error } = await syncInProcess(argv, env);
      expect(error).toBeInstanceOf(UsageError);
      expect(error!.message).toMatch(reason);
    }
  });

  test('a wrong secret stops it with exit code 1 and a reason that never shows the secret', async () => {
    const wrong = 'wrong-secret-5e1b7c';
    const r = await runUw(args(), { UW_CLIENT_SECRET: wrong });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`uw: sync could not complete: the platform refused the client credentials of "${CLIENT.clientId}" (invalid_client: Unknown client or wrong secret.)\n`);
    expect(r.stdout + r.stderr).not.toContain(wrong);
  });

  test('syncs a data directory: progress, a summary, exit code 0; --pull-only keeps edits queued, --push-only sends them', async () => {
    // --full-walk throughout: the counts below are those of a pull that reads every deal.
    const args = (...extra: string[]) => argsOf('--full-walk', ...extra);
    const first = await runUw(args(), secret);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^connect: http:\/\/127\.0\.0\.1:\d+\npull: 4 deals on the platform\npull: 0\/4\n/);
    expect(first.stdout.trim().split('\n').at(-1)).toMatch(
      /^sync complete: 4 deals on the platform; pulled 4, unchanged 0, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 \(\d+\.\d s, \d+ requests, 0 retries\)$/,
    );
    expect(first.stdout + first.stderr).not.toContain(CLIENT.secret);

    const [id] = await dealIds(remote);
    const local = await startTestService({ dataDir: data.path, users: [OWNER] });
    try {
      expect((await bulkUpdate(local, [{ id: id!, updates: { Note: 'from the command line' } }])).errors).toEqual([]);
    } finally {
      await local.stop();
    }

    const pullOnly = await syncInProcess(args('--pull-only'));
    expect(pullOnly.error).toBeNull();
    expect(pullOnly.stdout).toMatch(/unchanged 4, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 1 /);
    expect((await dealInfo(remote, id!)).note).not.toBe('from the command line');

    const pushOnly = await syncInProcess(args('--push-only'));
    expect(pushOnly.error).toBeNull();
    expect(pushOnly.stdout).not.toMatch(/^pull:/m);
    expect(pushOnly.stdout).toMatch(/pulled 0, unchanged 0, removed 0, pushed 1, created 0, conflicts 0, rejected 0, queued 0 /);
    expect((await dealInfo(remote, id!)).note).toBe('from the command line');
    const db = openDb({ file: join(data.path, STORE_FILE) });
    try {
      expect(outboxEntries(db)).toEqual([]);
    } finally {
      closeDb(db);
    }
  });

  test('without --full-walk it learns that the platform offers the change feed, and a re-sync of an unchanged book asks only for the changes', async () => {
    const learn = await syncInProcess(args());
    expect(learn.error).toBeNull();
    expect(learn.stdout).toMatch(/^connect: the platform offers a change feed$/m);
    const again = await syncInProcess(args());
    expect(again.error).toBeNull();
    expect(again.stdout).not.toMatch(/change feed$/m);
    const [, requests] = /pulled 0, unchanged 0, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 \(\d+\.\d s, (\d+) requests/.exec(again.stdout) ?? [];
    expect(Number(requests)).toBeGreaterThan(0);
    expect(Number(requests)).toBeLessThanOrEqual(5);
  });

  test('a workstation with the demo portfolio syncs with a platform serving its own demo (uw serve --demo): exit code 0, and both books on the workstation', async () => {
    // As a team tries the product: each side seeded its demo when it first started.
    const platformDir = tempDir('uw-sync-demo-platform-');
    const workstationDir = tempDir('uw-sync-demo-workstation-');
    const env = { UW_CLIENTS: `${CLIENT.clientId}:${CLIENT.secret}` };
    const workstation = await startUwServe(['--port', '0', '--data-dir', workstationDir.path, '--demo', '--demo-deals', '20']);
    await stop(workstation);
    const platform = await startUwServe(['--port', '0', '--data-dir', platformDir.path, '--demo', '--demo-deals', '6', '--user', OWNER], env);
    try {
      const first = await runUw(['sync', '--data-dir', workstationDir.path, '--remote', platform.origin, '--client-id', CLIENT.clientId], secret);
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout.trim().split('\n').at(-1)).toMatch(/^sync complete: 6 deals on the platform; pulled 6, unchanged 0, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 /);
      const again = await runUw(['sync', '--data-dir', workstationDir.path, '--remote', platform.origin, '--client-id', CLIENT.clientId], secret);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toMatch(/pulled 0, unchanged 0, removed 0, pushed 0, created 0, conflicts 0, rejected 0, queued 0 /);
      // The workstation's sample stays beside the platform's deals (the two demos share no id).
      const db = openDb({ file: join(workstationDir.path, STORE_FILE) });
      try {
        expect(db.$client.prepare('SELECT count(*) FROM deals').pluck().get()).toBe(26);
      } finally {
        closeDb(db);
      }
    } finally {
      await stop(platform);
      platformDir.remove();
      workstationDir.remove();
    }
  }, 120_000);

  test('a data directory linked to one platform refuses another', async () => {
    const other = await startTestService({ demoDeals: 1 });
    try {
      const { error } = await syncInProcess(['sync', '--data-dir', data.path, '--remote', other.origin, '--client-id', CLIENT.clientId]);
      expect(error?.message).toBe(`sync could not complete: this data directory syncs with ${remote.origin}, not ${other.origin}`);
    } finally {
      await other.stop();
    }
  });
});
