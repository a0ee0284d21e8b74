import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SystemConfig } from '../../../src-main/contract/system-config';

const shipped = JSON.parse(readFileSync(join(__dirname, '../../../resources/system-config.json'), 'utf8')) as Record<string, unknown>;
const config = SystemConfig.parse(shipped);

const firstIssue = (input: unknown) => {
  const result = SystemConfig.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  const issue = result.error.issues[0]!;
  return `${issue.path.join('.')}: ${issue.message}`;
};

describe('shipped credit policy profiles', () => {
  it('ship a bank balance-sheet, a CMBS conduit and an agency multifamily profile, the bank one by default', () => {
    expect(config.creditPolicies.profiles.map((p) => p.name)).toEqual(['Bank balance sheet', 'CMBS conduit', 'Agency multifamily']);
    expect(config.creditPolicies.defaultProfile).toBe('Bank balance sheet');
  });

  it('give every limit in the units of the reads, with a source', () => {
    for (const p of config.creditPolicies.profiles) {
      expect(p.maxLtv, p.name).toBeGreaterThan(0.5);
      expect(p.maxLtv, p.name).toBeLessThanOrEqual(0.85);
      expect(p.maxLtc, p.name).toBeLessThanOrEqual(0.85);
      expect(p.minDscr, p.name).toBeGreaterThanOrEqual(1.1);
      expect(p.minDebtYield, p.name).toBeGreaterThanOrEqual(5);
      expect(p.minDebtYield, p.name).toBeLessThanOrEqual(15);
      expect(p.source.length, p.name).toBeGreaterThan(40);
    }
    expect(config.creditPolicies.profiles.find((p) => p.name === 'Agency multifamily')).toMatchObject({ maxLtv: 0.8, minDscr: 1.25 });
  });
});

describe('shipped stress scenarios', () => {
  it('are the mild, moderate and severe scenarios of the issue, with their source', () => {
    const shocks = config.stressScenarios.map(({ name, valueChange, vacancyChange, rentChange, rateChangeBps, noiChange, capRateChangeBps }) => ({
      name, valueChange, vacancyChange, rentChange, rateChangeBps, noiChange, capRateChangeBps,
    }));
    expect(shocks).toEqual([
      { name: 'mild', valueChange: -0.1, vacancyChange: 0.03, rentChange: -0.05, rateChangeBps: 100, noiChange: undefined, capRateChangeBps: undefined },
      { name: 'moderate', valueChange: -0.2, vacancyChange: 0.07, rentChange: -0.1, rateChangeBps: 200, noiChange: undefined, capRateChangeBps: undefined },
      { name: 'severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300, noiChange: undefined, capRateChangeBps: undefined },
    ]);
    for (const s of config.stressScenarios) expect(s.source).toMatch(/Interagency Guidance on Concentrations in Commercial Real Estate Lending/);
  });
});

describe('SystemConfig analysis keys', () => {
  const profile = { name: 'Life company', maxLtv: 0.6, minDscr: 1.4, source: 'house policy' };

  it('accepts profiles with only some limits', () => {
    const parsed = SystemConfig.parse({ ...shipped, creditPolicies: { defaultProfile: 'Life company', profiles: [profile] } });
    expect(parsed.creditPolicies.profiles).toEqual([profile]);
  });

  it('refuses a default naming no profile, repeated names, a profile without limits and a percentage LTV', () => {
    expect(firstIssue({ ...shipped, creditPolicies: { defaultProfile: 'Bank', profiles: [profile] } })).toBe('creditPolicies.defaultProfile: names no profile: "Bank"');
    expect(firstIssue({ ...shipped, creditPolicies: { defaultProfile: 'Life company', profiles: [profile, profile] } })).toBe(
      'creditPolicies.profiles.1.name: duplicate name "Life company"',
    );
    expect(firstIssue({ ...shipped, creditPolicies: { defaultProfile: 'x', profiles: [{ name: 'x', source: 's' }] } })).toMatch(/^creditPolicies\.profiles\.0: a credit policy profile needs at least one limit/);
    expect(firstIssue({ ...shipped, creditPolicies: { defaultProfile: 'x', profiles: [{ name: 'x', maxLtv: 75, source: 's' }] } })).toMatch(/^creditPolicies\.profiles\.0\.maxLtv: /);
  });

  it('refuses a scenario without a shock or a source, and repeated scenario names', () => {
    expect(firstIssue({ ...shipped, stressScenarios: [{ name: 'calm', source: 's' }] })).toMatch(/^stressScenarios\.0: a scenario needs at least one non-zero shock/);
    expect(firstIssue({ ...shipped, stressScenarios: [{ name: 'calm', noiChange: -0.1 }] })).toMatch(/^stressScenarios\.0\.source: /);
    const s = { name: 'mild', noiChange: -0.1, source: 's' };
    expect(firstIssue({ ...shipped, stressScenarios: [s, s] })).toBe('stressScenarios.1.name: duplicate name "mild"');
  });

  it('requires both keys', () => {
    const { creditPolicies: _c, ...withoutPolicies } = shipped;
    expect(firstIssue(withoutPolicies)).toMatch(/^creditPolicies: /);
  });
});
