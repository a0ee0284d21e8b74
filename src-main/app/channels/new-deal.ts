import type { DEAL_CHANNELS, DealAtAddress, DealSyncStateView } from '../../contract';
import { writeDealComparison } from '../../reports';
import {
  collateralAtPlace,
  collateralRow,
  collateralsOfDeal,
  componentsOfCollaterals,
  CREATE_FIELD,
  dealIdsOfCollateral,
  dealRow,
  getSyncState,
  isSyncTracked,
  LINKED_REMOTE_KEY,
  listUsers,
  marketDataOf,
  outboxEntries,
  remoteIdOf,
  workstationDb,
} from '../../store';
import { compareDeals, type ComparedDeal } from '../deal-comparison';
import { exportToFile, fileDate } from '../file-export';
import type { ChannelKit, HandlersOf } from './kit';

/*
 * The channels of the New deal flow and of the deal comparison (issue 15). The creates are the
 * table's deals.create* channels (the gateway's create endpoints); these add what the form
 * needs around them: the owners to choose from, what the place lookup makes of the address as
 * it is typed and the deal already there, the "Waiting to sync" state of a deal created in a
 * linked data directory, and the side-by-side comparison with its XLSX export.
 */

/** Outbox states of a create that has not reached the platform yet. */
const WAITING = ['pending', 'inflight', 'ambiguous'] as const;

export function newDealChannels({ ctx, gateway, exportTarget, refuse }: ChannelKit): HandlersOf<typeof DEAL_CHANNELS> {
  // Workstation-only (the sync outbox, the place's deals for the New deal form): the SQLite store's own functions.
  const db = workstationDb(ctx.store);

  /** The deals at the collateral standing at this place (a create there is a duplicate). */
  function dealsAtPlace(placeId: string, addressKey: string): DealAtAddress[] {
    const collateral = collateralAtPlace(db, placeId, addressKey);
    if (!collateral) return [];
    const fullAddress = collateralRow(db, collateral.id)?.fullAddress ?? '';
    return dealIdsOfCollateral(db, collateral.id).flatMap((dealId) => {
      const deal = dealRow(db, dealId);
      return deal ? [{ dealId, seedName: deal.seedName, fullAddress }] : [];
    });
  }

  /** The main market's grade of the deal's first component with market data. */
  function marketGrade(dealId: string): string | null {
    const collateralIds = collateralsOfDeal(db, dealId).map((c) => c.id);
    for (const component of componentsOfCollaterals(db, collateralIds)) {
      const grade = (marketDataOf(db, component.id)?.mainMarket as { grade?: unknown } | undefined)?.grade;
      if (typeof grade === 'string' && grade.trim() !== '') return grade;
    }
    return null;
  }

  async function comparison(ids: readonly string[]) {
    const deals: ComparedDeal[] = [];
    for (const id of ids) {
      const info = await gateway('getDealInfo', { id });
      deals.push({ info, marketGrade: marketGrade(id) });
    }
    return compareDeals(deals);
  }

  return {
    'users.list': async () => ({ users: listUsers(db) }),

    'deals.addressPreview': async ({ fullAddress, additionalFreeText }) => {
      const resolved = await ctx.places.resolve({ fullAddress, additionalFreeText: additionalFreeText ?? null });
      if (!resolved.ok) return { ok: false, target: resolved.target, message: resolved.message };
      const p = resolved.place;
      return {
        ok: true,
        place: { fullAddress: p.fullAddress, city: p.city, state: p.state, zipCode: p.zipCode, lat: p.lat, lng: p.lng, placeId: p.placeId },
        existing: dealsAtPlace(p.placeId, p.addressKey),
      };
    },

    'deals.syncWaiting': async () => {
      const rows = outboxEntries(db, { field: CREATE_FIELD });
      return {
        waiting: rows.filter((r) => (WAITING as readonly string[]).includes(r.status)).map((r) => r.entityId),
        rejected: rows.filter((r) => r.status === 'rejected').map((r) => r.entityId),
      };
    },

    'deal.syncState': async ({ id }): Promise<DealSyncStateView> => {
      const create = outboxEntries(db, { field: CREATE_FIELD, entityId: id })[0];
      if (create) {
        return create.status === 'rejected'
          ? { state: 'rejected', reason: create.lastError, movedTo: null }
          : { state: 'waiting', reason: null, movedTo: null };
      }
      // Once the platform has a deal created here, its copy (under the platform's id) replaces it.
      const remoteId = remoteIdOf(db, id);
      if (remoteId && remoteId !== id) return { state: 'synced', reason: null, movedTo: remoteId };
      const linked = getSyncState(db, LINKED_REMOTE_KEY) !== undefined;
      return { state: linked && isSyncTracked(db, id) ? 'synced' : 'local', reason: null, movedTo: null };
    },

    'deals.compare': ({ ids }) => comparison(ids),

    'deals.compareExport': async ({ ids }) => {
      const data = await comparison(ids);
      return exportToFile(exportTarget, {
        format: 'xlsx',
        suggestedName: `deal-comparison-${fileDate(ctx.now())}.xlsx`,
        write: async (file) => {
          await writeDealComparison(data, file, ctx.now());
          return { deals: data.deals.length };
        },
        failed: (reason) => refuse(`The comparison could not be written: ${reason}`, { code: 'ExportFailed', target: 'file' }),
      });
    },
  };
}
