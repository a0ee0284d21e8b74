import { z } from 'zod';
import {
  type BulkUpdateProperty,
  DealState,
  type SystemConfig,
  UpdateDealItemDto,
  UpdateDealsRequestDto,
  type UpdateDealsResponseDto,
  UpdateDto,
  type UpdateEngineError,
} from '../contract';
import type { DealColumn, DealPatch, DealRow, DealSnapshot, DealUpdateWrite, HistoryChange, StorePort } from '../store';
import {
  checkPAndI,
  checkUpdate,
  isBulkUpdateProperty,
  LOAN_TERM_COLUMNS,
  P_AND_I_PROPERTIES,
  PROPERTY_COLUMNS,
  type CheckContext,
  type ColumnValue,
  type DealReferences,
  type LoanTerms,
  type Problem,
  type WireValue,
} from './bulk-update-rules';
import { LoanIdRegister } from './bulk-update-loan-ids';
import { actorOf, type GatewayContext } from './context';
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
export const WireRequest = UpdateDealsRequestDto.extend({
  itemsToUpdate: z.array(UpdateDealItemDto.extend({ updates: z.array(WireUpdate) })),
});
export type WireItem = z.infer<typeof WireRequest>['itemsToUpdate'][number];

/** What a request refers to, gathered in one pass over its updates. */
interface RequestScan {
  /** The deal ids, in request order (repeats kept). */
  ids: string[];
  /** The valid property names it sets. */
  properties: Set<BulkUpdateProperty>;
  /** The values of its Owner, LoansPackageId and MainImageFileId updates, as the text their checks see. */
  owners: Set<string>;
  loansPackages: Set<string>;
  files: Set<string>;
}

function scanRequest(items: readonly WireItem[]): RequestScan {
  const scan: RequestScan = { ids: [], properties: new Set(), owners: new Set(), loansPackages: new Set(), files: new Set() };
  for (const item of items) {
    scan.ids.push(item.id);
    for (const { property, value } of item.updates) {
      if (!isBulkUpdateProperty(property)) continue;
      scan.properties.add(property);
      if (value === null) continue;
      if (property === 'Owner') scan.owners.add(String(value));
      else if (property === 'LoansPackageId') scan.loansPackages.add(String(value));
      else if (property === 'MainImageFileId') scan.files.add(String(value));
    }
  }
  return scan;
}

const STATE_COLUMNS = ['state', 'status'] as const satisfies readonly DealColumn[];

/**
 * The deals columns the request needs read of each deal (besides its id): the columns it writes
 * (the history, and the outbox of a synced deal, record their values before the edit), State and
 * Status when it sets either (the Status rule, a State move clearing a Status), and the loan
 * terms when it sets any the P_I_Amortization rule looks at.
 */
function columnsToRead(properties: ReadonlySet<BulkUpdateProperty>): Set<DealColumn> {
  const columns = new Set<DealColumn>();
  for (const p of properties) columns.add(PROPERTY_COLUMNS[p]);
  if (properties.has('State') || properties.has('Status')) for (const c of STATE_COLUMNS) columns.add(c);
  for (const p of properties) {
    if (!P_AND_I_PROPERTIES.has(p)) continue;
    for (const c of LOAN_TERM_COLUMNS) columns.add(c);
    break;
  }
  return columns;
}

/** A column the request made us read (columnsToRead): absent would be a bug here, not a value. */
function readColumn<K extends DealColumn>(deal: DealSnapshot, column: K): DealRow[K] {
  const value = deal[column];
  if (value === undefined) throw new Error(`bulkUpdateDeals: the deals column ${column} was not read`);
  return value as DealRow[K];
}

export interface ItemOutcome {
  patch: DealPatch;
  problems: { fieldName: string; problem: Problem }[];
}

/**
 * The deal's State once the item is applied, whatever the order of its updates: the item's
 * State when it sets a valid one, else the current State; null when the item's State is
 * invalid (its Status cannot be judged then, and the deal fails on State anyway).
 */
function resultingState(deal: DealSnapshot, item: WireItem): DealState | null {
  const updates = item.updates.filter((u) => u.property === 'State');
  if (updates.length === 0) return readColumn(deal, 'state') as DealState;
  if (updates.length > 1) return null;
  const parsed = DealState.safeParse(updates[0]!.value);
  return parsed.success ? parsed.data : null;
}

/** The CheckContext of one item; the State after it is worked out only when a rule asks. */
class ItemContext implements CheckContext {
  private state: DealState | null | undefined;
  constructor(
    readonly deal: DealSnapshot,
    private readonly item: WireItem,
    readonly session: DealReferences,
    readonly config: SystemConfig,
  ) {}
  stateAfter(): DealState | null {
    if (this.state === undefined) this.state = resultingState(this.deal, this.item);
    return this.state;
  }
}

function loanTermsOf(deal: DealSnapshot): LoanTerms {
  return Object.fromEntries(LOAN_TERM_COLUMNS.map((c) => [c, readColumn(deal, c)])) as LoanTerms;
}

/** The properties an item gives more than once; null when none is (the usual case). */
function repeatedProperties(updates: WireItem['updates']): Set<string> | null {
  if (updates.length < 2) return null;
  if (updates.length <= 8) {
    // A handful of updates (the usual item): comparing pairs allocates nothing.
    let repeated: Set<string> | null = null;
    for (let i = 1; i < updates.length; i++) {
      for (let j = 0; j < i; j++) {
        if (updates[i]!.property === updates[j]!.property) (repeated ??= new Set()).add(updates[i]!.property);
      }
    }
    return repeated;
  }
  const seen = new Set<string>();
  let repeated: Set<string> | null = null;
  for (const { property } of updates) {
    if (seen.has(property)) (repeated ??= new Set()).add(property);
    else seen.add(property);
  }
  return repeated;
}

/** Checks every update of one item; the patch is applied only when there is no problem. */
export function planItem(ctx: GatewayContext, session: DealReferences, deal: DealSnapshot, item: WireItem): ItemOutcome {
  const problems: ItemOutcome['problems'] = [];
  const patch: Record<string, ColumnValue | null> = {};
  const changed = new Set<BulkUpdateProperty>();
  const c = new ItemContext(deal, item, session, ctx.config);
  const repeated = repeatedProperties(item.updates);
  let loanTermsChanged = false;

  for (const update of item.updates) {
    const property = update.property;
    if (!isBulkUpdateProperty(property)) {
      problems.push({
        fieldName: property,
        problem: { errorType: 'IllegalValue', description: `${JSON.stringify(property)} is not a bulk-update property of a deal.` },
      });
      continue;
    }
    if (repeated?.has(property)) {
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
    if (P_AND_I_PROPERTIES.has(property)) loanTermsChanged = true;
  }

  if (loanTermsChanged) {
    const next = { ...loanTermsOf(deal), ...patch } as LoanTerms;
    for (const [fieldName, problem] of checkPAndI(next, changed)) problems.push({ fieldName, problem });
  }

  // A new State whose status set lacks the current Status leaves the deal without a Status,
  // unless the item sets one: a Status always belongs to its State's configured set.
  const newState = patch.state as DealState | undefined;
  if (newState !== undefined && newState !== readColumn(deal, 'state') && !changed.has('Status')) {
    const status = readColumn(deal, 'status');
    if (status !== null && !(ctx.config.statusesByState[newState] ?? []).includes(status)) patch.status = null;
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
  return bulkUpdateDealsGuarded(ctx, input);
}

/** The bulk-update property each deals column is written by (for the history's field names). */
const PROPERTY_OF_COLUMN = new Map<DealColumn, BulkUpdateProperty>(
  (Object.entries(PROPERTY_COLUMNS) as [BulkUpdateProperty, DealColumn][]).map(([p, c]) => [c, p]),
);

/** The history's name of a deals column: its bulk-update property, else the column's own name. */
export function historyFieldOf(column: DealColumn): string {
  return PROPERTY_OF_COLUMN.get(column) ?? column;
}

/**
 * Reads what the checks of a request refer to (its owners, loans packages and files), each table
 * once for the whole request, and answers the checks from memory. A value the request did not
 * name is a bug here, not an answer.
 */
export async function readReferences(store: StorePort, scan: Pick<RequestScan, 'owners' | 'loansPackages' | 'files'>): Promise<DealReferences> {
  const users = scan.owners.size > 0 ? await store.existingUsers(scan.owners) : new Set<string>();
  const packages = scan.loansPackages.size > 0 ? await store.existingLoansPackages(scan.loansPackages) : new Set<string>();
  const files = scan.files.size > 0 ? await store.fileDealIds(scan.files) : new Map<string, string | null>();
  const asked = (set: ReadonlySet<string>, id: string, what: string) => {
    if (!set.has(id)) throw new Error(`bulkUpdateDeals: the ${what} ${JSON.stringify(id)} was not read`);
  };
  return {
    userExists(id) {
      asked(scan.owners, id, 'user');
      return users.has(id);
    },
    loansPackageExists(id) {
      asked(scan.loansPackages, id, 'loans package');
      return packages.has(id);
    },
    dealHasFile(dealId, fileId) {
      asked(scan.files, fileId, 'file');
      return files.get(fileId) === dealId;
    },
  };
}

/** The references of one item's updates (previewDealEdit plans a single item). */
export function scanItem(item: WireItem): RequestScan {
  return scanRequest([item]);
}

/**
 * bulkUpdateDeals, with an optional `guard`: it runs first inside the unit of work (through its
 * `tx`) and may throw to refuse the whole request (the undo checks there that the field has not
 * changed since).
 *
 * One unit of work (StorePort.transaction): the deals and the references are read, every item
 * is planned in memory, then the accepted patches (with their outbox edits) and the history are
 * written, all inside the unit, so the checks hold for the writes and the whole request commits
 * or none of it does, however many requests run at once.
 */
export async function bulkUpdateDealsGuarded(
  ctx: GatewayContext,
  input: unknown,
  guard?: (tx: StorePort) => Promise<void>,
): Promise<UpdateDealsResponseDto | Failure> {
  const parsed = parseBody(WireRequest, input);
  if (!parsed.ok) return parsed.failure;
  const items = parsed.value.itemsToUpdate;
  const updatedAt = ctx.now().toISOString();

  const scan = scanRequest(items);
  const actor = await actorOf(ctx);

  return ctx.store.transaction(async (tx) => {
    if (guard) await guard(tx);
    const history: HistoryChange[] = [];
    const writes: DealUpdateWrite[] = [];
    const current = await tx.dealSnapshots(scan.ids, columnsToRead(scan.properties));
    // The references the values make: each table asked once for the whole request.
    const references = await readReferences(tx, scan);
    // The deals holding the loan ids the request sets: a loan id names one loan.
    const loanIds = await LoanIdRegister.read(tx, items.map((item) => ({ dealId: item.id, updates: item.updates })));
    const errors: UpdateEngineError[] = [];
    const updated = new Set<string>();
    for (const item of items) {
      const deal = current.get(item.id);
      if (!deal) {
        errors.push({ id: item.id, operation: 'Update', errorType: 'IdNotFound', description: 'No deal exists with this id.', fieldName: 'id' });
        continue;
      }
      const { patch, problems } = planItem(ctx, references, deal, item);
      const currentLoanId = deal.loanId ?? null;
      if (typeof patch.loanId === 'string') {
        const duplicate = loanIds.problem(deal.id, currentLoanId, patch.loanId);
        if (duplicate) problems.push({ fieldName: 'LoanId', problem: duplicate });
      }
      if (problems.length > 0) {
        for (const { fieldName, problem } of problems) {
          errors.push({ id: item.id, operation: 'Update', errorType: problem.errorType, description: problem.description, fieldName });
        }
        continue;
      }
      if (Object.keys(patch).length > 0) {
        // The history: every column whose value changed (a State move that clears the Status included).
        for (const column of Object.keys(patch) as DealColumn[]) {
          const before = deal[column] ?? null;
          const after = patch[column] ?? null;
          if (before !== after) history.push({ dealId: deal.id, field: historyFieldOf(column), oldValue: before, newValue: after });
        }
        // What the outbox queues, should the deal be synced with a platform (the store decides).
        const edits = item.updates.map(({ property }) => {
          const column = PROPERTY_COLUMNS[property as BulkUpdateProperty];
          return { property, before: deal[column], after: patch[column] };
        });
        writes.push({ dealId: deal.id, patch, edits });
        if (patch.loanId !== undefined && patch.loanId !== currentLoanId) loanIds.released(deal.id, currentLoanId);
        // A later item for the same deal starts from this one's values.
        Object.assign(deal, patch);
      }
      updated.add(deal.id);
    }
    await tx.applyDealUpdates(writes, updatedAt);
    await tx.recordHistory(actor, updatedAt, history);
    return ok({ errors, updatedEntities: [...updated] });
  });
}
