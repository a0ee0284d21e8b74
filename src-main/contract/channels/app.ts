import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import { DayCount, DscrNumerator, type SystemConfig, type UnderwritingSettings } from '../system-config';
import { Empty } from './shared';

// The app itself: first run, the underwriting settings, the tables' column choices.

/** The tables whose columns the user chooses and sizes. */
export const ColumnTable = z.enum(['pipeline', 'report']);
export type ColumnTable = z.infer<typeof ColumnTable>;

const ColumnKey = z.string().min(1).max(64);
/** A table's columns as the user left them: those hidden, and widths in CSS pixels of those resized. */
export const ColumnPrefs = z
  .object({
    hidden: z.array(ColumnKey).max(200),
    widths: z.record(ColumnKey, z.int().min(24).max(2000)),
  })
  .strict();
export type ColumnPrefs = z.infer<typeof ColumnPrefs>;

export const APP_INFO_CHANNELS = {
  'app.info': channel(Empty).returns<AppInfo>(),
  'app.initialize': channel(
    z.object({ choice: z.enum(['demo', 'empty']), demoDeals: z.int().min(1).max(20_000).optional() }).strict(),
  ).returns<AppInfo>(),
  'settings.get': channel(Empty).returns<SettingsView>(),
  'settings.set': channel(z.object({ dayCount: DayCount.optional(), dscrNumerator: DscrNumerator.optional() }).strict()).returns<SettingsView>(),
  /** The columns chosen for a table, kept in the data directory (null: never changed). */
  'columns.get': channel(z.object({ table: ColumnTable }).strict()).returns<ColumnPrefs | null>(),
  'columns.set': channel(z.object({ table: ColumnTable, prefs: ColumnPrefs }).strict()).returns<ColumnPrefs>(),
} as const satisfies Record<string, ChannelSpec>;

export interface AppInfo {
  mode: 'electron' | 'web';
  version: string;
  dataDir: string;
  dealCount: number;
  /** A new data directory: offer the demo portfolio or an empty start. */
  firstRun: boolean;
  /**
   * Web mode, and no name given yet to sign the deal history with: the page asks for it, and
   * changes that would be signed are refused until then (never signed with the OS user).
   */
  userNameNeeded: boolean;
}

export interface SettingsView {
  underwriting: UnderwritingSettings;
  dataDir: string;
  /** The configurable sets behind Status, ProfileName, custom fields, sub-types, value bases. */
  config: SystemConfig;
}
