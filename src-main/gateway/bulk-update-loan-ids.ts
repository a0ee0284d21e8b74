import { loanIdKey, type LoanIdHolder, type StorePort } from '../store';
import type { Problem } from './bulk-update-rules';

/*
 * A loan id is the lender's identifier of one loan: a bulk update may not give two deals the
 * same one. The check needs what the store holds (the deals already holding each loan id the
 * request sets) and what the request itself does (two of its deals given the same loan id).
 *
 * Loan ids are compared trimmed and ignoring case (loanIdKey), as an import file's deal reference
 * finds a deal by its loan id: "ln-7" beside "LN-7" would name two deals to an import.
 *
 * Items are applied in request order, so the holders are kept up to date as items are accepted:
 * a deal that gives up its loan id in an earlier item frees it for a later one. A loan id the
 * request gives to two or more deals is refused for all of them: request order is no reason to
 * prefer one deal over the other. Setting a deal's loan id to the value it already holds is no
 * change and never refused (even where an older duplicate exists).
 */

interface LoanIdUpdate {
  dealId: string;
  updates: readonly { property: string; value: unknown }[];
}

/** The non-blank LoanId values an item sets (a blank one is refused by the value checks). */
function loanIdsSet(item: LoanIdUpdate): string[] {
  const values: string[] = [];
  for (const { property, value } of item.updates) {
    if (property !== 'LoanId' || value === null) continue;
    const text = String(value);
    if (text.trim() !== '') values.push(text);
  }
  return values;
}

export class LoanIdRegister {
  private constructor(
    /** Loan id key -> the deals holding it now (the store's, then as accepted items change them). */
    private readonly holders: Map<string, Map<string, LoanIdHolder>>,
    /** Loan id key -> the distinct deals of the request that set it. */
    private readonly claimants: Map<string, Set<string>>,
  ) {}

  /**
   * Reads the holders of the loan ids `items` set, through the unit's `tx` (one query, and none
   * when no item sets a loan id).
   */
  static async read(tx: StorePort, items: readonly LoanIdUpdate[]): Promise<LoanIdRegister> {
    const claimants = new Map<string, Set<string>>();
    for (const item of items) {
      for (const key of loanIdsSet(item).map(loanIdKey)) {
        const deals = claimants.get(key);
        if (deals) deals.add(item.dealId);
        else claimants.set(key, new Set([item.dealId]));
      }
    }
    const holders = new Map<string, Map<string, LoanIdHolder>>();
    if (claimants.size > 0) {
      for (const [key, deals] of await tx.dealsHoldingLoanIds(claimants.keys())) holders.set(key, new Map(deals.map((d) => [d.id, d])));
    }
    return new LoanIdRegister(holders, claimants);
  }

  /** Why giving `dealId` (whose loan id is now `current`) the loan id `next` is refused; null when it is not. */
  problem(dealId: string, current: string | null, next: string): Problem | null {
    if (next === current) return null;
    const key = loanIdKey(next);
    const claimants = this.claimants.get(key)?.size ?? 0;
    if (claimants > 1) {
      return {
        errorType: 'IllegalValue',
        description: `LoanId ${next} is given to ${claimants} deals in this request; a loan id names one loan, so none of them gets it.`,
      };
    }
    const holding = [...(this.holders.get(key)?.values() ?? [])].filter((d) => d.id !== dealId);
    if (holding.length > 0) {
      const named = holding.map((d) => `"${d.seedName}" (deal ${d.id})`).join(', ');
      return {
        errorType: 'IllegalValue',
        description: `LoanId ${next} is already the loan id of ${named}; a loan id names one loan, so it cannot be given to a second deal.`,
      };
    }
    return null;
  }

  /**
   * Records that an accepted item changed `dealId`'s loan id away from `from`, freeing it for a
   * later item. The new loan id need not be recorded: no other deal of the request sets it (it
   * would have been refused as given to two deals).
   */
  released(dealId: string, from: string | null): void {
    if (from !== null) this.holders.get(loanIdKey(from))?.delete(dealId);
  }
}
