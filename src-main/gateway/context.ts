import type { SystemConfig, UnderwritingSettings } from '../contract';
import type { HistoryActor, StorePort } from '../store';
import type { PlaceLookup } from './place-lookup/place-lookup';

/** What every gateway function works with: the store (through its port), place lookup, configuration and a clock. */
export interface GatewayContext {
  store: StorePort;
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
export async function actorOf(ctx: GatewayContext): Promise<HistoryActor> {
  return ctx.actor ?? { who: await ctx.store.localUserName(), source: 'ui' };
}

/** The same context, acting as `actor`. */
export function actingAs(ctx: GatewayContext, actor: HistoryActor): GatewayContext {
  return { ...ctx, actor };
}

/** The same context, working inside a unit of work (`tx`). */
export function within(ctx: GatewayContext, tx: StorePort): GatewayContext {
  return { ...ctx, store: tx };
}

export function underwritingSettings(ctx: GatewayContext): Promise<Readonly<UnderwritingSettings>> {
  return ctx.store.getUnderwritingSettings();
}
