import { z } from 'zod';
import {
  DealState,
  UpdateDealItemDto,
  UpdateDealsRequestDto,
  UpdateDto,
  type BulkUpdateProperty,
  type UpdateDealsResponseDto,
  type UpdateEngineError,
} from '../contract';
import { inDealUpdateTransaction, type DealPatch, type DealUpdateSession } from '../store/deal-updates';
import type { DealRow } from '../store/deals';
import { recordDealEdits } from '../store/sync-outbox';
import {
  checkPAndI,
  checkUpdate,
  isBulkUpdateProperty,
  P_AND_I_PROPERTIES,
  PROPERTY_COLUMNS,
  type CheckContext,
  type ColumnValue,
  type Problem,
  type WireValue,
} from './bulk-update-rules';
import type { GatewayContext } from './context';
import { ok, type Failure } from './result';
import { parseBody } from './validation';

/**
 * The request as it may arrive: the contract's UpdateDealsRequestDto, with two leniencies so
 * that one odd update fails its own deal rather than the whole batch:
 * - property is any string: a name outside the spec's list is that deal's IllegalValue
 *   (fieldName = the name as sent), not a malformed request;
 * - value may also be a JSON number or boolean (taken as its string form) or null (an empty
 *   value). Objects and arrays are still a malformed request.
 */
const WireUpdate = UpdateDto.extend({
  property: z.string(),
  value: z.union([UpdateDto.shape.value, z.number(), z.boolean(), z.null()]),
});
const WireRequest = UpdateDealsRequestDto.extend({
  itemsToUpdate: z.array(UpdateDealItemDto.extend({ updates: z.array(WireUpdate) })),
});
type WireItem = z.infer<typeof WireRequest>['itemsToUpdate'][number];

interface ItemOutcome {
  patch: DealPatch;
  problems: { fieldName: string; problem: Problem }[];
}

/**
 * The deal's State once the item is applied, whatever the order of its updates: the item's
 * State when it sets a valid one, else the current State; null when the item's State is
 * invalid (its Status cannot be judged then, and the deal fails on State anyway).
 */
function resultingState(deal: DealRow, item: WireItem): DealState | null {
  const updates = item.updates.filter((u) => u.property === 'State');
  if (updates.length === 0) return deal.state as DealState;
  if (updates.length > 1) return null;
  const parsed = DealState.safeParse(updates[0]!.value);
  return parsed.success ? parsed.data : null;
}

/** Checks every update of one item; the patch is applied only when there is no problem. */
function planItem(ctx: GatewayContext, session: DealUpdateSession, deal: DealRow, item: WireItem): ItemOutcome {
  const problems: ItemOutcome['problems'] = [];
  const patch: Record<string, ColumnValue | null> = {};
  const changed = new Set<BulkUpdateProperty>();
  const c: CheckContext = { deal, state: resultingState(deal, item), session, config: ctx.config };
  const count = new Map<string, number>();
  for (const u of item.updates) count.set(u.property, (count.get(u.property) ?? 0) + 1);

  for (const update of item.updates) {
    const property = update.property;
    if (!isBulkUpdateProperty(property)) {
      problems.push({
        fieldName: property,
        problem: { errorType: 'IllegalValue', description: `${JSON.stringify(property)} is not a bulk-update property of a deal.` },
      });
      continue;
    }
    if (count.get(property)! > 1) {
      problems.push({
        fieldName: property,
        problem: { errorType: 'IllegalValue', description: `${property} is given more than once for this deal; send each property once.` },
      });
      continue;
    }
    const checked = checkUpdate(property, update.value as WireValue, c);
    if (!checked.ok) {
      problems.push({ fieldName: property, problem: checked.problem });
      continue;
    }
    patch[checked.column] = checked.value;
    changed.add(property);
  }

  if ([...changed].some((p) => P_AND_I_PROPERTIES.has(p))) {
    const next = { ...deal, ...patch } as DealRow;
    for (const [fieldName, problem] of checkPAndI(next, changed)) problems.push({ fieldName, problem });
  }

  // A new State whose status set lacks the current Status leaves the deal without a Status,
  // unless the item sets one: a Status always belongs to its State's configured set.
  const newState = patch.state as DealState | undefined;
  if (newState !== undefined && newState !== deal.state && !changed.has('Status') && deal.status !== null) {
    if (!(ctx.config.statusesByState[newState] ?? []).includes(deal.status)) patch.status = null;
  }
  return { patch: patch as DealPatch, problems };
}

/**
 * PATCH bulkUpdateDeals. Items are processed in request order, each atomically: a deal with
 * any failing update keeps none of that item's updates, and every failing update of it is
 * listed in errors[]. All accepted changes of the request commit in one transaction.
 *
 * `success` is true whenever the request itself is well-formed, even when some (or all) deals
 * failed: per-deal failures are results, listed in errors[] (the spec: "other deals in the same
 * request are processed on their own"). Only a malformed request answers success false with
 * the envelope's error (ValidationError, or MissingMandatoryField for an absent field).
 *
 * Every item's id ends up in exactly one of updatedEntities (all of its updates applied; an
 * item with no updates counts, with nothing written) and errors[]. Two items for the same
 * deal are two atomic units, applied in order; the id is then listed once per outcome.
 */
export async function bulkUpdateDeals(ctx: GatewayContext, input: unknown): Promise<UpdateDealsResponseDto | Failure> {
  const parsed = parseBody(WireRequest, input);
  if (!parsed.ok) return parsed.failure;
  const items = parsed.value.itemsToUpdate;
  const updatedAt = ctx.now().toISOString();

  return inDealUpdateTransaction(ctx.db, (session) => {
    const current = session.deals(items.map((item) => item.id));
    const errors: UpdateEngineError[] = [];
    const updated = new Set<string>();
    for (const item of items) {
      const deal = current.get(item.id);
      if (!deal) {
        errors.push({ id: item.id, operation: 'Update', errorType: 'IdNotFound', description: 'No deal exists with this id.', fieldName: 'id' });
        continue;
      }
      const { patch, problems } = planItem(ctx, session, deal, item);
      if (problems.length > 0) {
        for (const { fieldName, problem } of problems) {
          errors.push({ id: item.id, operation: 'Update', errorType: problem.errorType, description: problem.description, fieldName });
        }
        continue;
      }
      if (Object.keys(patch).length > 0) {
        session.apply(deal.id, patch, updatedAt);
        // A deal synced with the platform: the same transaction queues the change in the outbox.
        recordDealEdits(
          ctx.db,
          deal.id,
          item.updates.map(({ property }) => {
            const column = PROPERTY_COLUMNS[property as BulkUpdateProperty];
            return { property, before: deal[column], after: patch[column] };
          }),
        );
        current.set(deal.id, { ...deal, ...patch, updatedAt });
      }
      updated.add(deal.id);
    }
    return ok({ errors, updatedEntities: [...updated] });
  });
}
