import type { DealFundsInfoResponseDto, ErrorDto, SeedInfoResponseDto } from '../contract';
import { dealFiguresOfEntries, FIGURES_VERSION } from '../figures';
import { type DealRow, underwritingSettingsOf } from '../store';
import { planItem, readReferences, scanItem, WireRequest } from './bulk-update';
import { within, type GatewayContext } from './context';
import { dealFundsOf, dealInfoDto } from './deal-reads';
import { failure, missingEntity, type Failure } from './result';

// The what-if of a deal edit: getDealInfo and getDealFunds as they would answer had
// bulkUpdateDeals applied these properties to this deal, written nowhere. The bulk update's own
// checks (planItem) turn the properties into the columns they would write; the deal row with
// those columns changed in memory then goes through the same functions as the reads. Nothing
// is written and no write transaction is opened: the whole preview runs inside one read snapshot.

export interface DealEditPreview {
  success: true;
  error: null;
  /** getDealInfo's answer after the edit. */
  deal: SeedInfoResponseDto;
  /** getDealFunds's answer after the edit (its MissingEntity envelope for a deal without a funds analysis). */
  funds: DealFundsInfoResponseDto | Failure;
}

const isScalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/**
 * `properties` are the bulk update's per-deal properties (InterestRate, AmortizationTerm,
 * GrossLoan, LoanPaymentStructure, ...) with values in its units (rates as percentages: 5.5).
 * A property the bulk update would refuse fails the preview with a ValidationError naming it
 * (target = the property; every other refused property in details).
 */
export async function previewDealEdit(ctx: GatewayContext, dealId: string, properties: Record<string, unknown>): Promise<DealEditPreview | Failure> {
  if (typeof dealId !== 'string' || dealId.length === 0) return failure('ValidationError', 'dealId', 'dealId must be a deal id.');
  if (properties === null || typeof properties !== 'object' || Array.isArray(properties)) {
    return failure('ValidationError', 'properties', 'properties must be an object of bulk-update properties and their values.');
  }
  const entries = Object.entries(properties);
  const notScalar = entries.find(([, value]) => !isScalar(value));
  if (notScalar) return failure('ValidationError', notScalar[0], `${notScalar[0]} must be a string, number, boolean or null.`);
  const parsed = WireRequest.safeParse({ itemsToUpdate: [{ id: dealId, updates: entries.map(([property, value]) => ({ property, value })) }] });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const index = issue.path[3];
    const target = typeof index === 'number' ? entries[index]![0] : 'dealId';
    return failure('ValidationError', target, `${target}: ${issue.message}`);
  }
  const item = parsed.data.itemsToUpdate[0]!;

  return ctx.store.snapshot(async (tx) => {
    const read = await tx.dealRead(dealId, FIGURES_VERSION);
    if (!read) return missingEntity('dealId', 'deal');
    // planItem reads the columns it needs off the snapshot: the whole row is there.
    const { patch, problems } = planItem(ctx, await readReferences(tx, scanItem(item)), { ...read.deal }, item);
    if (problems.length > 0) {
      const [first, ...rest] = problems.map(
        ({ fieldName, problem }): ErrorDto => ({ target: fieldName, code: 'ValidationError', message: `${problem.errorType}: ${problem.description}`, details: [] }),
      );
      return { success: false as const, error: { ...first!, details: rest } };
    }
    const edited: DealRow = { ...read.deal, ...patch };
    const settings = underwritingSettingsOf(read.settings);
    return {
      success: true as const,
      error: null,
      deal: dealInfoDto(edited, read, await dealFiguresOfEntries(tx, edited, read.figures, settings)),
      funds: await dealFundsOf(within(ctx, tx), edited),
    };
  });
}
