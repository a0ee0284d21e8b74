import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCreditPolicies, setDefaultCreditPolicy, type GatewayContext } from '../../../src-main/gateway';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { startTestService, tempDir, type TestService } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

/*
 * Credit policy profiles: shipped in resources/system-config.json, replaceable per data directory
 * (its own system-config.json), with the default profile chosen per data directory in its
 * settings. Read through the real store and the real server.
 */

const SHIPPED = JSON.parse(readFileSync(join(import.meta.dirname, '../../../resources/system-config.json'), 'utf8')) as {
  creditPolicies: { defaultProfile: string; profiles: { name: string; source: string }[] };
};

let data: { path: string; remove(): void };
let s: TestService;
let ctx: GatewayContext;

beforeAll(async () => {
  data = tempDir('uw-policies-');
  const bank = SHIPPED.creditPolicies.profiles.find((p) => p.name === 'Bank balance sheet')!;
  writeFileSync(
    join(data.path, 'system-config.json'),
    JSON.stringify({
      creditPolicies: {
        defaultProfile: 'Bank balance sheet',
        profiles: [
          bank,
          { name: 'Agency multifamily', label: 'Agency (our terms)', maxLtv: 0.7, minDscr: 1.35, source: 'Our credit committee, 2026' },
          { name: 'Construction', maxLtc: 0.65, minDebtYield: 11, source: 'Our construction desk' },
        ],
      },
    }),
  );
  s = await startTestService({ demoDeals: 5, dataDir: data.path });
  ctx = { store: createSqliteStore(s.db), places: createOfflinePlaceLookup(), config: loadSystemConfig(data.path), now: () => new Date() };
}, 60_000);
afterAll(async () => {
  await s.stop();
  data.remove();
});

describe('credit policy profiles per data directory', async () => {
  it("lists the data directory's profiles with their limits, label, source, origin and the default", async () => {
    const list = await listCreditPolicies(ctx);
    expect(list.defaultProfile).toBe('Bank balance sheet');
    expect(list.defaultSource).toBe('Configuration');
    expect(list.profiles.map((p) => [p.name, p.label, p.origin, p.isDefault])).toEqual([
      ['Bank balance sheet', 'Bank balance sheet', 'Shipped', true],
      ['Agency multifamily', 'Agency (our terms)', 'DataDirectory', false],
      ['Construction', 'Construction', 'DataDirectory', false],
    ]);
    expect(list.profiles[1]).toMatchObject({ maxLtv: 0.7, minDscr: 1.35, source: 'Our credit committee, 2026' });
    expect(list.profiles[1]!.maxLtc).toBeUndefined();
  });

  it('sizes with the overridden profile over HTTP', async () => {
    const res = await s.api('POST', '/sizeLoan', { inputs: { noi: 1_100_000, totalCost: 12_000_000, interestRate: 0.07 }, profileName: 'Construction' });
    expect(res.body.success, JSON.stringify(res.body.error)).toBe(true);
    expect(res.body.policy).toEqual({ maxLtc: 0.65, minDebtYield: 11 });
    expect(res.body.bindingConstraint).toBe('Ltc');
    expect(res.body.maxLoan).toBe(0.65 * 12_000_000);
  });

  it('sets the default profile as a setting of the data directory, used by requests that name none', async () => {
    expect(await setDefaultCreditPolicy(ctx, 'Nope')).toMatchObject({ success: false, error: { target: 'profileName', code: 'ValidationError' } });
    expect(await setDefaultCreditPolicy(ctx, 'Construction')).toEqual({ success: true, error: null, defaultProfile: 'Construction' });
    const list = await listCreditPolicies(ctx);
    expect(list.defaultProfile).toBe('Construction');
    expect(list.defaultSource).toBe('Setting');
    expect(list.profiles.filter((p) => p.isDefault).map((p) => p.name)).toEqual(['Construction']);
    const res = await s.api('POST', '/sizeLoan', { inputs: { noi: 1_100_000, totalCost: 12_000_000, interestRate: 0.07 } });
    expect(res.body.profileName).toBe('Construction');
  });

  it('falls back to the configuration default when the chosen profile is no longer configured', async () => {
    await setDefaultCreditPolicy(ctx, 'Construction');
    const narrowed: GatewayContext = {
      ...ctx,
      config: { ...ctx.config, creditPolicies: { defaultProfile: 'Bank balance sheet', profiles: ctx.config.creditPolicies.profiles.slice(0, 1) } },
    };
    const list = await listCreditPolicies(narrowed);
    expect(list.defaultProfile).toBe('Bank balance sheet');
    expect(list.defaultSource).toBe('Configuration');
  });
});
