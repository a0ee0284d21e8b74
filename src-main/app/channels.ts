import type { z } from 'zod';
import {
  APP_CHANNEL_INPUTS,
  type AppChannelName,
  type AppInfo,
  type CallErrorDetails,
  type ChannelOutput,
  ColumnPrefs,
  type EndpointName,
  type ErrorDto,
  type InvokeResult,
  type SettingsView,
} from '../contract';
import { GATEWAY, seedDemo } from '../gateway';
import { exportReport } from '../reports';
import { workstationDb } from '../store';
import { dealChannels } from './deal-channels';
import { createAnalysisChannels } from './analysis-channels';
import type { AppDispatcher, AppEnvironment } from './environment';
import { exportToFile, fileDate, throttled } from './file-export';
import { historyChannels, localActor, SIGNED_CHANNELS, USER_NAME_REQUIRED, userNameGiven } from './history-channels';
import { ImportFileError, parseImportFile } from './import-file';
import { importDealChannels } from './import-deals';
import { importTemplateChannels } from './import-template';
import { PipelineService } from './pipeline';
import { PipelinePages, pipelinePageChannels } from './pipeline-pages';
import { maskSsn } from './mask';
import { memoChannels } from './memo-channels';
import { createLongWork } from './long-work';
import { createSyncService, SyncServiceError, type SyncService } from './sync-service';

/*
 * The channel table: every operation the workstation UI can ask for, each validated on entry
 * with its zod schema from src-main/contract/app-channels.ts, answered as an InvokeResult.
 * Both transports use it unchanged: Electron IPC (src-main/electron, after its sender check)
 * and the web-mode HTTP bridge (src-main/server/bridge.ts, after its session check).
 *
 * Reads and writes go through the gateway (the same functions the HTTP API serves), so the UI
 * sees exactly what an API client sees. A gateway refusal (success: false) becomes a failed
 * result whose details carry the ErrorDto, so the UI can show it next to the field it names.
 */

type Input<K extends AppChannelName> = z.output<(typeof APP_CHANNEL_INPUTS)[K]>;
type Handler<K extends AppChannelName> = (input: Input<K>) => Promise<ChannelOutput<K>>;
export type ChannelHandlers = { [K in AppChannelName]: Handler<K> };

/** A refusal with a message for the user and details for the UI to place it. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly details: CallErrorDetails,
  ) {
    super(message);
  }
}

const FIRST_RUN_KEY = 'workstation.firstRunDone';
/** Followed by the table's name: its column choices (ColumnPrefs), per data directory. */
const COLUMNS_KEY = 'workstation.columns.';

function envelopeBody<T extends { success: boolean; error: unknown }>(response: T): Omit<T, 'success' | 'error'> {
  const { success: _s, error: _e, ...body } = response;
  return body;
}

export interface AppChannelTable {
  handlers: ChannelHandlers;
  dispatch: AppDispatcher;
  pipeline: PipelineService;
  sync: SyncService;
  close(): void;
}

export function createChannelTable(env: AppEnvironment): AppChannelTable {
  const ctx = env.gateway;
  const log = env.log ?? ((message: string) => console.warn(`[uw] ${message}`));
  const pipeline = new PipelineService(ctx, { onProgress: (done, total) => env.emit('pipeline.progress', { done, total }) });
  // The screen reads the pipeline a page at a time (pipeline-pages.ts): warm that up, not the
  // every-row answer of deals.pipeline, which is built only when something asks for it.
  const pages = new PipelinePages(ctx, pipeline);
  pages.warmUp();
  // The exports and stress runs the UI can stop (work.cancel).
  const work = createLongWork();

  /** Calls one gateway function; a refusal becomes a ChannelError carrying the ErrorDto. */
  async function gateway<T>(name: EndpointName, params: Record<string, string>, body?: unknown, context = ctx): Promise<T> {
    const response = (await GATEWAY[name](context, { params, body })) as { success: boolean; error: ErrorDto | null };
    if (!response.success) {
      const error = response.error ?? { target: '', code: 'ValidationError' as const, message: `${name} failed.`, details: [] };
      throw new ChannelError(error.message, { code: error.code, target: error.target, error });
    }
    return envelopeBody(response) as T;
  }

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

  function changed(dealIds: string[] | null): void {
    env.emit('data.changed', { dealIds });
  }

  // Sync with the central platform (sync-service.ts): a pull that changed deals makes open
  // screens refetch (the pipeline sees any store change by itself: storeVersion).
  const sync: SyncService = createSyncService({
    ...env.sync,
    // Sync is workstation-only: it works on the SQLite store's own tables (docs/architecture.md).
    db: workstationDb(store),
    dataDir: env.dataDir,
    emit: env.emit,
    log,
    now: () => ctx.now(),
    onDealsChanged: (dealIds) => {
      changed(dealIds);
    },
  });
  /** A sync refusal becomes a ChannelError with its details. */
  const syncCall =
    <I, O>(fn: (input: I) => O | Promise<O>) =>
    async (input: I): Promise<Awaited<O>> => {
      try {
        return await fn(input);
      } catch (error) {
        if (error instanceof SyncServiceError) throw new ChannelError(error.message, error.details);
        throw error;
      }
    };

  const handlers: ChannelHandlers = {
    'app.info': async () => appInfo(),
    'app.initialize': async ({ choice, demoDeals }) => {
      if (choice === 'demo' && (await dealCount()) === 0) {
        let last = 0;
        await seedDemo(store, {
          deals: demoDeals ?? 200,
          onProgress: (done, total) => {
            if (done === total || Date.now() - last > 200) {
              last = Date.now();
              env.emit('app.seedProgress', { done, total });
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

    'deals.ids': () => gateway('getAllDealIds', {}),
    'deals.pipeline': async () => pipeline.rows(),
    'deals.prioritizeFigures': async ({ ids }) => ({ queued: pipeline.prioritize(ids) }),
    ...pipelinePageChannels(pages),

    'deal.info': ({ id }) => gateway('getDealInfo', { id }),
    'deal.funds': ({ dealId }) => gateway('getDealFunds', { dealId }),
    'deal.collateralSummary': ({ dealId }) => gateway('getDealCollateralSummary', { dealId }),
    'deal.componentSummary': ({ dealId }) => gateway('getDealComponentSummary', { dealId }),
    'collateral.componentSummary': ({ collateralId }) => gateway('getCollateralComponentSummary', { collateralId }),
    'collateral.cashFlow': ({ id }) => gateway('getCollateralCashFlow', { id }),
    'component.base': ({ id }) => gateway('getBaseComponentInfo', { id }),
    'component.commercial': ({ id }) => gateway('getCommercialComponentInfo', { id }),
    'component.residential': ({ id }) => gateway('getResidentialComponentInfo', { id }),
    'component.hotel': ({ id }) => gateway('getHotelComponentInfo', { id }),
    'rentRoll.residential': ({ id }) => gateway('getResidentialRentrollInfo', { id }),
    'rentRoll.commercial': ({ id }) => gateway('getCommercialRentrollInfo', { id }),
    'person.info': async ({ id }) => {
      const person = await gateway<ChannelOutput<'person.info'>>('getPersonInfo', { id });
      return { ...person, socialSecurityNumber: maskSsn(person.socialSecurityNumber) };
    },
    'person.revealSsn': async ({ id }) => {
      const person = await gateway<ChannelOutput<'person.info'>>('getPersonInfo', { id });
      return { socialSecurityNumber: person.socialSecurityNumber };
    },
    'company.info': ({ id }) => gateway('getCompanyInfo', { id }),

    'deals.bulkUpdate': async ({ source, ...body }) => {
      // The deal history records the local user and the screen (deal page or Bulk edit).
      const result = await gateway<ChannelOutput<'deals.bulkUpdate'>>('bulkUpdateDeals', {}, body, await localActor(ctx, source ?? 'ui'));
      if (result.updatedEntities.length > 0) changed(result.updatedEntities);
      return result;
    },
    'deals.createResidential': async (body) => created(await gateway('createResidentialDeal', {}, body)),
    'deals.createCommercial': async (body) => created(await gateway('createCommercialDeal', {}, body)),
    'deals.createHotel': async (body) => created(await gateway('createHotelDeal', {}, body)),

    'import.parseFile': async ({ fileName, contentBase64 }) => {
      try {
        return await parseImportFile(fileName, contentBase64);
      } catch (error) {
        if (error instanceof ImportFileError) throw new ChannelError(error.message, { code: 'InvalidFile', target: 'file' });
        throw error;
      }
    },
    'import.send': (body) => gateway('importCollaterals', {}, body),
    'import.report': async ({ reportId }) => {
      const report = await gateway<ChannelOutput<'import.report'>>('getImportReport', { reportId });
      if (report.status === 'Completed' && report.createdEntities.length > 0) changed(null);
      return report;
    },

    ...importDealChannels(ctx),
    ...importTemplateChannels(env.exportTarget, (message, details) => new ChannelError(message, details)),

    'report.query': (filter) => gateway('getCrossDealCollateralReport', {}, filter),
    'report.export': async ({ filter, format, exportId }) => {
      const progress = (phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled', done: number, total: number) =>
        env.emit('report.exportProgress', { exportId, phase, done, total });
      return work.run(exportId, (signal) => exportToFile(env.exportTarget, {
        format,
        suggestedName: `collateral-report-${fileDate(ctx.now())}.${format}`,
        signal,
        onCancelled: () => progress('cancelled', 0, 0),
        write: async (file) => {
          progress('preparing', 0, 0);
          const result = await exportReport(ctx, filter, { format, file, signal, onProgress: throttled((done, total) => progress('writing', done, total)) });
          progress('done', result.rows, result.rows);
          return { rows: result.rows, totals: result.totals };
        },
        failed: (reason) => {
          progress('failed', 0, 0);
          return new ChannelError(`The report could not be written: ${reason}`, { code: 'ExportFailed', target: 'file' });
        },
      }));
    },
    'work.cancel': async ({ id }) => work.cancel(id),

    ...memoChannels(env, (message, details) => new ChannelError(message, details)),
    ...createAnalysisChannels({
      env,
      gateway: (name, params, body) => gateway(name as EndpointName, params, body),
      refuse: (message, details) => new ChannelError(message, details),
      work,
    }),

    'sync.status': syncCall(() => sync.status()),
    'sync.configure': syncCall((input) => sync.configure(input)),
    'sync.testConnection': syncCall((input) => sync.testConnection(input)),
    'sync.run': syncCall(({ mode }) => sync.run({ mode, trigger: 'manual' })),
    'sync.cancel': syncCall(() => sync.cancel()),
    'sync.outbox': syncCall(() => sync.outbox()),
    'sync.keepMine': syncCall(({ id }) => sync.keepMine(id)),
    'sync.takeTheirs': syncCall(({ id }) => sync.takeTheirs(id)),

    ...historyChannels({ ctx, mode: env.mode, changed, refuse: ({ message, code, target }) => new ChannelError(message, { code, target }) }),
    // new deals and comparison (deal-channels.ts)
    ...dealChannels({ ctx, gateway, exportTarget: env.exportTarget, refuse: (message, details) => new ChannelError(message, details) }),
  };

  function created(result: ChannelOutput<'deals.createResidential'>): ChannelOutput<'deals.createResidential'> {
    changed([result.createdEntityId]);
    return result;
  }

  const dispatch: AppDispatcher = async (channel, payload) => {
    if (!Object.hasOwn(APP_CHANNEL_INPUTS, channel)) return { ok: false, error: 'unknown channel' };
    const name = channel as AppChannelName;
    const parsed = APP_CHANNEL_INPUTS[name].safeParse(payload ?? {});
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
      const first = issues[0]!;
      const details: CallErrorDetails = { code: 'InvalidInput', target: first.path || undefined, issues };
      return { ok: false, error: `Invalid input${first.path ? ` at ${first.path}` : ''}: ${first.message}`, details };
    }
    if (env.mode === 'web' && SIGNED_CHANNELS.has(name) && !(await userNameGiven(store))) {
      const { message, code, target } = USER_NAME_REQUIRED;
      return { ok: false, error: message, details: { code, target } };
    }
    try {
      const handler = handlers[name] as (input: unknown) => Promise<unknown>;
      return { ok: true, value: await handler(parsed.data) } satisfies InvokeResult;
    } catch (error) {
      if (error instanceof ChannelError) return { ok: false, error: error.message, details: error.details };
      // The message only: payloads and results may hold personal data (SSNs) and are never logged.
      log(`channel ${name} failed: ${(error as Error).message?.split('\n')[0] ?? String(error)}`);
      return { ok: false, error: 'The operation failed unexpectedly. See the application log.', details: { code: 'Internal' } };
    }
  };

  return {
    handlers,
    dispatch,
    pipeline,
    sync,
    close: () => {
      sync.close();
      work.cancelAll();
      pipeline.close();
      pages.close();
    },
  };
}
