/** Rates are decimals (0.055 = 5.5 %). */
export interface NoteRateInput {
  isFixed: boolean;
  indexRate: number;
  rateSpread: number;
  interestRateFloor: number;
}

/**
 * The all-in note rate (the deal's interestRate).
 * A fixed-rate loan stores its whole coupon in rateSpread (spec: "for fixed-rate loans equals
 * the total rate"), so the index and floor do not apply to it.
 */
export function noteRate({ isFixed, indexRate, rateSpread, interestRateFloor }: NoteRateInput): number {
  if (isFixed) return rateSpread;
  return Math.max(indexRate + rateSpread, interestRateFloor);
}
