import { UnderwritingSettings } from '../../contract';
import { DEFAULT_CREDIT_POLICY_KEY, UNDERWRITING_SETTINGS_KEY, underwritingSettingsOf } from '../system-config';
import type { PgDb } from './db';
import { setSetting, settingText } from './settings';

// The stored system settings on PostgreSQL: the twin of the database half of
// store/system-config.ts (the shipped configuration file is read by that module, whatever the engine).

export async function getUnderwritingSettings(pg: PgDb): Promise<Readonly<UnderwritingSettings>> {
  return underwritingSettingsOf(await settingText(pg, UNDERWRITING_SETTINGS_KEY));
}

export async function setUnderwritingSettings(pg: PgDb, value: Partial<UnderwritingSettings>): Promise<UnderwritingSettings> {
  const next = UnderwritingSettings.parse({ ...(await getUnderwritingSettings(pg)), ...value });
  await setSetting(pg, UNDERWRITING_SETTINGS_KEY, next);
  return next;
}

export async function getDefaultCreditPolicyName(pg: PgDb): Promise<string | undefined> {
  const text = await settingText(pg, DEFAULT_CREDIT_POLICY_KEY);
  if (text === null) return undefined;
  const value = JSON.parse(text) as unknown;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export async function setDefaultCreditPolicyName(pg: PgDb, name: string): Promise<void> {
  await setSetting(pg, DEFAULT_CREDIT_POLICY_KEY, name);
}
