import type { SystemConfig, UnderwritingSettings } from '../contract/system-config';
import type { Db } from '../store/db';
import { localUserName, type HistoryActor } from '../store/deal-history';
import { getUnderwritingSettings } from '../store/system-config';
import type { PlaceLookup } from './place-lookup/place-lookup';

/** What every gateway function works with: the store, place lookup, configuration and a clock. */
export interface GatewayContext {
  db: Db;
  places: PlaceLookup;
  config: SystemConfig;
  now: () => Date;
  /**
   * Who is calling and how, for the deal history: the channel table sets ui / bulk, the HTTP
   * server api with the client id. Absent: an in-process call, recorded as the local user's ui.
   */
  actor?: HistoryActor;
}

/** The context's actor, or the local user's ui edit when the caller named none. */
export function actorOf(ctx: GatewayContext): HistoryActor {
  return ctx.actor ?? { who: localUserName(ctx.db), source: 'ui' };
}

/** The same context, acting as `actor`. */
export function actingAs(ctx: GatewayContext, actor: HistoryActor): GatewayContext {
  return { ...ctx, actor };
}

export function underwritingSettings(ctx: GatewayContext): UnderwritingSettings {
  return getUnderwritingSettings(ctx.db);
}
