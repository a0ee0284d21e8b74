import { APP_INFO_CHANNELS, ColumnPrefs, type AppInfo, type SettingsView } from '../../contract';
import { seedDemo } from '../../gateway';
import { userNameGiven } from './history';
import type { ChannelKit, HandlersOf } from './kit';

// The app itself: what it is and holds (first run, the demo portfolio), the underwriting settings, the tables' columns.

const FIRST_RUN_KEY = 'workstation.firstRunDone';
/** Followed by the table's name: its column choices (ColumnPrefs), per data directory. */
const COLUMNS_KEY = 'workstation.columns.';

export function appChannels({ env, ctx, changed, emit }: ChannelKit): HandlersOf<typeof APP_INFO_CHANNELS> {
  const store = ctx.store;
  const dealCount = () => store.dealCount();

  async function appInfo(): Promise<AppInfo> {
    const deals = await dealCount();
    return {
      mode: env.mode,
      version: env.version ?? '0.0.0',
      dataDir: env.dataDir,
      dealCount: deals,
      firstRun: deals === 0 && (await store.getSetting(FIRST_RUN_KEY)) !== true,
      userNameNeeded: env.mode === 'web' && !(await userNameGiven(store)),
    };
  }

  async function settingsView(): Promise<SettingsView> {
    return { underwriting: await store.getUnderwritingSettings(), dataDir: env.dataDir, config: ctx.config };
  }

  return {
    'app.info': async () => appInfo(),
    'app.initialize': async ({ choice, demoDeals }) => {
      if (choice === 'demo' && (await dealCount()) === 0) {
        let last = 0;
        await seedDemo(store, {
          deals: demoDeals ?? 200,
          onProgress: (done, total) => {
            if (done === total || Date.now() - last > 200) {
              last = Date.now();
              emit('app.seedProgress', { done, total });
            }
          },
        });
        changed(null);
      }
      await store.setSetting(FIRST_RUN_KEY, true);
      return appInfo();
    },
    'settings.get': async () => settingsView(),
    'settings.set': async (input) => {
      const patch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      await store.setUnderwritingSettings(patch);
      // Every figure depends on these: the fingerprints change, the pipeline recomputes.
      changed(null);
      return settingsView();
    },

    'columns.get': async ({ table }) => {
      // A value this version cannot read (written by hand, or by another version) counts as none.
      const stored = ColumnPrefs.safeParse(await store.getSetting(COLUMNS_KEY + table));
      return stored.success ? stored.data : null;
    },
    'columns.set': async ({ table, prefs }) => {
      await store.setSetting(COLUMNS_KEY + table, prefs);
      return prefs;
    },
  };
}
