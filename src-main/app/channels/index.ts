import { APP_CHANNEL_INPUTS, type AppChannelName, type CallErrorDetails, type InvokeResult } from '../../contract';
import { workstationDb } from '../../store';
import type { AppDispatcher, AppEnvironment } from '../environment';
import { createLongWork } from '../long-work';
import { PipelineService } from '../pipeline';
import { PipelinePages } from '../pipeline-pages';
import { createSyncService, type SyncService } from '../sync-service';
import { analysisChannels } from './analysis';
import { appChannels } from './app';
import { dealReadChannels, dealWriteChannels } from './deal';
import { historyChannels, SIGNED_CHANNELS, USER_NAME_REQUIRED, userNameGiven } from './history';
import { importChannels } from './import';
import { ChannelError, createChannelKit, type ChannelHandlers } from './kit';
import { memoChannels } from './memo';
import { newDealChannels } from './new-deal';
import { pipelineChannels } from './pipeline';
import { reportChannels } from './report';
import { syncChannels } from './sync';
import { workChannels } from './work';

/*
 * The channel table: every operation the workstation UI can ask for, each validated on entry
 * with its zod schema from src-main/contract/channels/, answered as an InvokeResult.
 * Both transports use it unchanged: Electron IPC (src-main/electron, after its sender check)
 * and the web-mode HTTP bridge (src-main/server/bridge.ts, after its session check).
 *
 * Each feature's handlers are a function of one ChannelKit (kit.ts). Reads and writes go
 * through the gateway (the same functions the HTTP API serves), so the UI sees exactly what an
 * API client sees. A gateway refusal (success: false) becomes a failed result whose details
 * carry the ErrorDto, so the UI can show it next to the field it names.
 */

export { ChannelError, type ChannelHandlers } from './kit';

export interface AppChannelTable {
  handlers: ChannelHandlers;
  dispatch: AppDispatcher;
  pipeline: PipelineService;
  sync: SyncService;
  close(): void;
}

export function createChannelTable(env: AppEnvironment): AppChannelTable {
  const ctx = env.gateway;
  const store = ctx.store;
  const log = env.log ?? ((message: string) => console.warn(`[uw] ${message}`));
  const pipeline = new PipelineService(ctx, { onProgress: (done, total) => env.emit('pipeline.progress', { done, total }) });
  // The screen reads the pipeline a page at a time (pipeline-pages.ts): warm that up, not the
  // every-row answer of deals.pipeline, which is built only when something asks for it.
  const pages = new PipelinePages(ctx, pipeline);
  pages.warmUp();
  // The exports and stress runs the UI can stop (work.cancel).
  const work = createLongWork();
  const kit = createChannelKit(env, work);

  // Sync with the central platform (sync-service/): a pull that changed deals makes open
  // screens refetch (the pipeline sees any store change by itself: storeVersion).
  const sync: SyncService = createSyncService({
    ...env.sync,
    // Sync is workstation-only: it works on the SQLite store's own tables (docs/architecture.md).
    db: workstationDb(store),
    dataDir: env.dataDir,
    emit: env.emit,
    log,
    now: () => ctx.now(),
    onDealsChanged: (dealIds) => kit.changed(dealIds),
  });

  const handlers: ChannelHandlers = {
    ...appChannels(kit),
    ...pipelineChannels(kit, { pipeline, pages }),
    ...dealReadChannels(kit),
    ...dealWriteChannels(kit),
    ...importChannels(kit),
    ...reportChannels(kit),
    ...memoChannels(kit),
    ...analysisChannels(kit),
    ...workChannels(kit),
    ...syncChannels(kit, sync),
    ...historyChannels(kit),
    // new deals and comparison
    ...newDealChannels(kit),
  };

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
