import { isDeepStrictEqual } from 'node:util';
import type { CreditPolicy, CreditPolicyOverride, CreditPolicyProfile, CreditPolicyProfilesDto } from '../contract';
import { resolvePolicy, type CreditPolicyProfiles, type ResolvedPolicy } from '../domain';
import { shippedSystemConfig } from '../store';
import type { GatewayContext } from './context';
import { failure, type Failure } from './result';

// The credit policy profiles of an analysis: the configuration's (shipped in
// resources/system-config.json, the whole creditPolicies key replaceable by the data directory's
// own system-config.json), with the default profile chosen per data directory in its settings.

let shipped: readonly CreditPolicyProfile[] | undefined;

function shippedProfiles(): readonly CreditPolicyProfile[] {
  shipped ??= shippedSystemConfig().creditPolicies.profiles;
  return shipped;
}

/** The profiles with the default in force: the data directory's setting when it names a profile, else the configuration's. */
export interface ProfilesInForce extends CreditPolicyProfiles {
  profiles: readonly CreditPolicyProfile[];
  defaultSource: 'Configuration' | 'Setting';
}

export async function creditPolicyProfiles(ctx: GatewayContext): Promise<ProfilesInForce> {
  const { profiles, defaultProfile } = ctx.config.creditPolicies;
  const chosen = await ctx.store.getDefaultCreditPolicyName();
  const fromSetting = chosen !== undefined && profiles.some((p) => p.name === chosen);
  return { profiles, defaultProfile: fromSetting ? chosen : defaultProfile, defaultSource: fromSetting ? 'Setting' : 'Configuration' };
}

/** Every profile with its limits, source, origin and whether it is the default (for the UI). */
export async function listCreditPolicies(ctx: GatewayContext): Promise<CreditPolicyProfilesDto> {
  const { profiles, defaultProfile, defaultSource } = await creditPolicyProfiles(ctx);
  const original = new Map(shippedProfiles().map((p) => [p.name, p]));
  return {
    defaultProfile,
    defaultSource,
    profiles: profiles.map((p) => ({
      ...p,
      label: p.label ?? p.name,
      origin: isDeepStrictEqual(original.get(p.name), p) ? 'Shipped' : 'DataDirectory',
      isDefault: p.name === defaultProfile,
    })),
  };
}

/** Makes `name` this data directory's default profile (a setting); an unknown name is an error naming profileName. */
export async function setDefaultCreditPolicy(ctx: GatewayContext, name: string): Promise<{ success: true; error: null; defaultProfile: string } | Failure> {
  const known = ctx.config.creditPolicies.profiles;
  if (!known.some((p) => p.name === name)) {
    return failure('ValidationError', 'profileName', `Unknown credit policy profile ${JSON.stringify(name)}; known: ${known.map((p) => JSON.stringify(p.name)).join(', ')}.`);
  }
  await ctx.store.setDefaultCreditPolicyName(name);
  return { success: true, error: null, defaultProfile: name };
}

/** The policy of a request: its profile (else the default) with its overrides; an unknown profile fails naming profileName. */
export async function requestPolicy(
  ctx: GatewayContext,
  profileName: string | undefined,
  override: CreditPolicyOverride | undefined,
): Promise<{ ok: true; value: ResolvedPolicy } | { ok: false; failure: Failure }> {
  const given: CreditPolicy = {};
  for (const [limit, value] of Object.entries(override ?? {}) as [keyof CreditPolicy, number | null | undefined][]) if (typeof value === 'number') given[limit] = value;
  const resolved = resolvePolicy(await creditPolicyProfiles(ctx), profileName, given);
  if (!resolved.ok) return { ok: false, failure: failure('ValidationError', resolved.error.field, `${resolved.error.message}.`) };
  // A limit given as null is taken out of force.
  for (const [limit, value] of Object.entries(override ?? {}) as [keyof CreditPolicy, number | null | undefined][]) if (value === null) delete resolved.value.policy[limit];
  return resolved;
}
