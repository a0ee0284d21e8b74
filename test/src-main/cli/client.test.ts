import { afterEach, describe, expect, it } from 'vitest';
import { runUw } from '../../support/cli';
import { CLIENT, startTestService, tempDir, type TestService } from '../../support/service';

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function service(): Promise<TestService & { dataDir: string }> {
  const dir = tempDir('uw-client-');
  cleanup.push(() => dir.remove());
  const s = await startTestService({ dataDir: dir.path, clients: [CLIENT, { clientId: 'second', secret: 'second-secret-9' }] });
  cleanup.push(() => s.stop());
  return Object.assign(s, { dataDir: dir.path });
}

describe('uw client', () => {
  it('lists the clients of a data directory by id, never their secrets or hashes', async () => {
    const s = await service();
    const { code, stdout } = await runUw(['client', 'list', '--data-dir', s.dataDir]);
    expect(code).toBe(0);
    expect(stdout.split('\n').filter(Boolean).map((line) => line.split('\t')[0])).toEqual(['second', CLIENT.clientId]);
    expect(stdout).not.toContain('scrypt');
    expect(stdout).not.toContain(CLIENT.secret);
  }, 30_000);

  it('removes a client while a server runs on the directory: its tokens and its secret are refused at once', async () => {
    const s = await service();
    const token = await s.token();
    expect((await s.api('GET', '/getAllDealIds')).status).toBe(200);
    const { code, stdout } = await runUw(['client', 'remove', '--data-dir', s.dataDir, CLIENT.clientId]);
    expect(code).toBe(0);
    expect(stdout).toContain(`removed API client ${CLIENT.clientId}`);
    const res = await fetch(`${s.origin}/api/apiGateway/getAllDealIds`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    const again = await fetch(`${s.origin}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'client_credentials', audience: `${s.baseUrl}/api/`, client_id: CLIENT.clientId, client_secret: CLIENT.secret }),
    });
    expect(again.status).toBe(401);
    expect((await runUw(['client', 'list', '--data-dir', s.dataDir])).stdout).not.toContain(CLIENT.clientId);
  }, 30_000);

  it.each([
    [['remove'], /--data-dir DIR is required/],
    [['frobnicate', '--data-dir', '.'], /unknown action/],
    [['list', '--data-dir', '/nonexistent-uw-dir'], /holds no store/],
  ])('exits non-zero with a one-line reason for %j', async (args, reason) => {
    const { code, stderr } = await runUw(['client', ...args]);
    expect(code).not.toBe(0);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toMatch(reason);
  }, 30_000);

  it('answers an unknown client id with a non-zero exit', async () => {
    const s = await service();
    const { code, stderr } = await runUw(['client', 'remove', '--data-dir', s.dataDir, 'nobody']);
    expect(code).toBe(1);
    expect(stderr).toMatch(/no API client "nobody"/);
  }, 30_000);
});
