import type { SystemConfig, UnderwritingSettings } from '../contract/system-config';
import type { Db } from '../store/db';
import { getUnderwritingSettings } from '../store/system-config';
import type { PlaceLookup } from './place-lookup/place-lookup';

/** What every gateway function works with: the store, place lookup, configuration and a clock. */
export interface GatewayContext {
  db: Db;
  places: PlaceLookup;
  config: SystemConfig;
  now: () => Date;
}

export function underwritingSettings(ctx: GatewayContext): UnderwritingSettings {
  return getUnderwritingSettings(ctx.db);
}
