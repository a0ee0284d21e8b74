import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadSystemConfig, SYSTEM_CONFIG_FILE } from '../../../src-main/store/system-config';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'uw-config-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('a data directory overriding the analysis configuration', () => {
  it('replaces the shipped credit policy profiles and keeps the shipped scenarios', () => {
    const creditPolicies = { defaultProfile: 'House', profiles: [{ name: 'House', maxLtv: 0.65, minDscr: 1.35, minDebtYield: 10, source: 'Credit committee, 2026' }] };
    writeFileSync(join(dir, SYSTEM_CONFIG_FILE), JSON.stringify({ creditPolicies }));
    const config = loadSystemConfig(dir);
    expect(config.creditPolicies).toEqual(creditPolicies);
    expect(config.stressScenarios.map((s) => s.name)).toEqual(['mild', 'moderate', 'severe']);
    expect(loadSystemConfig().creditPolicies.defaultProfile).toBe('Bank balance sheet');
  });

  it('replaces the built-in scenarios', () => {
    const stressScenarios = [{ name: 'office', label: 'Office downturn', vacancyChange: 0.15, capRateChangeBps: 150, source: 'House view' }];
    writeFileSync(join(dir, SYSTEM_CONFIG_FILE), JSON.stringify({ stressScenarios }));
    expect(loadSystemConfig(dir).stressScenarios).toEqual(stressScenarios);
  });

  it('refuses an override that breaks the schema, naming where', () => {
    writeFileSync(join(dir, SYSTEM_CONFIG_FILE), JSON.stringify({ creditPolicies: { defaultProfile: 'Nobody', profiles: [{ name: 'House', maxLtv: 0.65, source: 's' }] } }));
    expect(() => loadSystemConfig(dir)).toThrow('system configuration: creditPolicies.defaultProfile: names no profile: "Nobody"');
  });
});
