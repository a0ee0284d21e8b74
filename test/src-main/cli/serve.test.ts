import Database from 'better-sqlite3';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runUw, startUwServe, stop, type Running } from '../../support/cli';
import { fetchToken, tempDir } from '../../support/service';

const dirs: { remove(): void }[] = [];
const running: Running[] = [];
afterEach(async () => {
  for (const r of running.splice(0)) await stop(r, 'SIGKILL');
  for (const d of dirs.splice(0)) d.remove();
});

function newDir() {
  const d = tempDir('uw-cli-');
  dirs.push(d);
  return d.path;
}

async function dealIds(origin: string, secret = 'secret') {
  const token = await fetchToken(origin, origin, { clientId: 'id', secret });
  const res = await fetch(`${origin}/api/apiGateway/getAllDealIds`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { dealIds: string[] }).dealIds;
}

describe('uw serve', () => {
  it('prints its address, serves the demo portfolio, exits 0 on SIGTERM and keeps everything across a restart', async () => {
    const dataDir = newDir();
    const args = ['--port', '0', '--data-dir', dataDir, '--client', 'id:secret', '--user', 'owner@example.com', '--demo', '--demo-deals', '12'];
    const first = await startUwServe(args);
    running.push(first);
    expect(first.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const before = await dealIds(first.origin);
    expect(before).toHaveLength(12);
    expect(await stop(first)).toBe(0);

    const second = await startUwServe(args);
    running.push(second);
    expect(await dealIds(second.origin)).toEqual(before);
    expect(second.lines.some((l) => l.startsWith('demo portfolio'))).toBe(false);
    expect(await stop(second)).toBe(0);
  }, 60_000);

  it('provisions clients from UW_CLIENTS and never prints their secrets', async () => {
    const r = await startUwServe(['--port', '0', '--data-dir', newDir()], { UW_CLIENTS: 'id:s3cr3t-value,other:x', UW_USERS: 'a@example.com' });
    running.push(r);
    expect(await dealIds(r.origin, 's3cr3t-value')).toEqual([]);
    expect(await stop(r)).toBe(0);
    expect(r.lines.join('\n') + r.stderr()).not.toContain('s3cr3t-value');
  }, 30_000);

  it.each([
    [['--port', 'eighty'], /--port must be a whole number/],
    [['--port', '70000'], /--port must be a whole number/],
    [['--client', 'nocolon'], /ID:SECRET/],
    [['--demo-deals', '0', '--demo'], /--demo-deals must be a whole number/],
    [['--bogus'], /Unknown option/],
    [['--user', 'not-an-email'], /e-mail/],
    [['--token-failure-window', '0'], /--token-failure-window must be a whole number/],
    [['--token-failures-per-client', 'ten'], /--token-failures-per-client must be a whole number/],
  ])('exits non-zero with a one-line reason for %j', async (args, reason) => {
    const { code, stderr } = await runUw(['serve', ...args, '--data-dir', newDir()]);
    expect(code).not.toBe(0);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(reason);
  }, 30_000);

  it('provisions clients from --clients-file, keeping their secrets out of the process list, and warns when others can read it', async () => {
    const dir = newDir();
    const file = join(dir, 'clients.txt');
    writeFileSync(file, '# API clients\nid:file-s3cret,with:colon\n\nother:x2\n', { mode: 0o600 });
    const r = await startUwServe(['--port', '0', '--data-dir', join(dir, 'data'), '--clients-file', file]);
    running.push(r);
    expect(r.child.spawnargs.join(' ')).not.toContain('file-s3cret');
    expect(await dealIds(r.origin, 'file-s3cret,with:colon')).toEqual([]);
    expect(r.stderr()).toBe('');
    await stop(r);

    chmodSync(file, 0o644);
    const open = await startUwServe(['--port', '0', '--data-dir', join(dir, 'data'), '--clients-file', file]);
    running.push(open);
    expect(open.stderr()).toMatch(/other users can read it \(chmod 600/);
    expect(open.stderr()).not.toContain('file-s3cret');
  }, 30_000);

  it('provisions clients read from stdin with --clients-stdin', async () => {
    const r = await startUwServe(['--port', '0', '--data-dir', newDir(), '--clients-stdin'], {}, 'id:stdin-s3cret\n');
    running.push(r);
    expect(r.child.spawnargs.join(' ')).not.toContain('stdin-s3cret');
    expect(await dealIds(r.origin, 'stdin-s3cret')).toEqual([]);
  }, 30_000);

  it('refuses a clients file with a malformed line, naming the line and not its content', async () => {
    const dir = newDir();
    const file = join(dir, 'clients.txt');
    writeFileSync(file, 'id:fine\nnocolon-s3cret\n', { mode: 0o600 });
    const { code, stderr } = await runUw(['serve', '--port', '0', '--data-dir', dir, '--clients-file', file]);
    expect(code).toBe(2);
    expect(stderr).toBe('uw: --clients-file: line 2: a client must be given as ID:SECRET\n');
    const piped = await runUw(['serve', '--port', '0', '--data-dir', dir, '--clients-stdin'], {}, 'nocolon-s3cret');
    expect(piped.stderr).toBe('uw: --clients-stdin: line 1: a client must be given as ID:SECRET\n');
  }, 30_000);

  it('refuses a --public-url with a user name or password without printing them', async () => {
    const { code, stderr } = await runUw(['serve', '--data-dir', newDir(), '--public-url', 'https://alice:hunter2@uw.example']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--public-url must not carry a user name or password/);
    const bad = await runUw(['serve', '--data-dir', newDir(), '--public-url', 'http://alice:hunter2@uw example']);
    expect(bad.code).toBe(2);
    expect(stderr + bad.stderr).not.toMatch(/hunter2|alice/);
  }, 30_000);

  it('prints its options for --help', async () => {
    const { code, stdout } = await runUw(['serve', '--help']);
    expect(code).toBe(0);
    expect(stdout).toContain('--public-url');
    expect(stdout).toMatch(/process list/);
    expect(stdout).toContain('--clients-file FILE');
    expect(stdout).toContain('--clients-stdin');
    expect(stdout).toContain('--token-failures-per-client');
  });

  it('limits failed token requests as its flags say', async () => {
    const r = await startUwServe(['--port', '0', '--data-dir', newDir(), '--client', 'id:secret', '--token-failures-per-client', '2']);
    running.push(r);
    const post = (secret: string) =>
      fetch(`${r.origin}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'client_credentials', audience: `${r.origin}/api/`, client_id: 'id', client_secret: secret }),
      });
    expect((await post('secret')).status).toBe(200);
    expect((await post('guess-1')).status).toBe(401);
    expect((await post('guess-2')).status).toBe(401);
    const refused = await post('secret');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(200);
  }, 30_000);

  it('refuses a data directory written by a newer schema, with a clear message', async () => {
    const dataDir = newDir();
    const r = await startUwServe(['--port', '0', '--data-dir', dataDir]);
    running.push(r);
    await stop(r);
    const db = new Database(join(dataDir, 'uw.sqlite'));
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Date.now() + 1e12);
    db.close();
    const { code, stderr } = await runUw(['serve', '--port', '0', '--data-dir', dataDir]);
    expect(code).not.toBe(0);
    expect(stderr).toMatch(/newer version of Underwriting Workstation/);
  }, 30_000);
});
