import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SystemConfig, UnderwritingSettings } from '../contract';
import type { Db } from './db';
import { setSetting } from './settings';
import { prepared } from './statements';

export const SYSTEM_CONFIG_FILE = 'system-config.json';

/** The app's resources folder: UW_RESOURCES_DIR, else the nearest `resources/` above this module. */
export function resourcesDir(): string {
  if (process.env.UW_RESOURCES_DIR) return resolve(process.env.UW_RESOURCES_DIR);
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, SYSTEM_CONFIG_FILE))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`resources/${SYSTEM_CONFIG_FILE} not found; set UW_RESOURCES_DIR`);
    dir = parent;
  }
}

function readJson(file: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    throw new Error(`${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
}

/** The shipped configuration, with any key overridden by the data directory's own file. */
export function loadSystemConfig(dataDir?: string): SystemConfig {
  const shipped = readJson(join(resourcesDir(), SYSTEM_CONFIG_FILE));
  const overrideFile = dataDir ? join(dataDir, SYSTEM_CONFIG_FILE) : undefined;
  const override = overrideFile && existsSync(overrideFile) ? readJson(overrideFile) : {};
  // Parsed once per start: zod's compiled fast path (code generated per object schema on its
  // first parse) would cost more to build than it saves here.
  const parsed = SystemConfig.safeParse({ ...shipped, ...override }, { jitless: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`system configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export const UNDERWRITING_SETTINGS_KEY = 'underwriting';

let lastParsed: { text: string | null; settings: Readonly<UnderwritingSettings> } | undefined;

/**
 * The settings stored as this JSON text (null: none stored). The text rarely changes, so the last
 * one parsed is kept: reads that need the settings (every deal read) do not parse and validate
 * them again.
 */
export function underwritingSettingsOf(text: string | null): Readonly<UnderwritingSettings> {
  if (lastParsed?.text !== text) {
    lastParsed = { text, settings: Object.freeze(UnderwritingSettings.parse(text === null ? {} : JSON.parse(text))) };
  }
  return lastParsed.settings;
}

export function getUnderwritingSettings(db: Db): Readonly<UnderwritingSettings> {
  const text = prepared(db, 'SELECT value FROM settings WHERE key = ?').pluck().get(UNDERWRITING_SETTINGS_KEY) as string | undefined;
  return underwritingSettingsOf(text ?? null);
}

export function setUnderwritingSettings(db: Db, value: Partial<UnderwritingSettings>): UnderwritingSettings {
  const next = UnderwritingSettings.parse({ ...getUnderwritingSettings(db), ...value });
  setSetting(db, UNDERWRITING_SETTINGS_KEY, next);
  return next;
}

/** The settings key of the credit policy profile used when a request names none. */
export const DEFAULT_CREDIT_POLICY_KEY = 'creditPolicyDefault';

/**
 * The default credit policy profile chosen in this data directory, or undefined (then the
 * configuration's defaultProfile applies). Stored as a setting, so it is per data directory.
 */
export function getDefaultCreditPolicyName(db: Db): string | undefined {
  const text = prepared(db, 'SELECT value FROM settings WHERE key = ?').pluck().get(DEFAULT_CREDIT_POLICY_KEY) as string | undefined;
  if (text === undefined) return undefined;
  const value = JSON.parse(text) as unknown;
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

export function setDefaultCreditPolicyName(db: Db, name: string): void {
  setSetting(db, DEFAULT_CREDIT_POLICY_KEY, name);
}

/** The shipped configuration alone (no data directory override): tells a shipped profile from a replaced one. */
export function shippedSystemConfig(): SystemConfig {
  return loadSystemConfig();
}
