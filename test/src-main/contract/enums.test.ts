import { describe, expect, it } from 'vitest';
import {
  BulkUpdateProperty,
  RATE_INDEXES,
  RateIndexDisplay,
  RateIndexId,
  rateIndexDisplay,
  rateIndexId,
} from '../../../src-main/contract';

// Copied from the spec's two lists, in order.
const SPEC_DISPLAY =
  'WSJ Prime, 1 M LIBOR, 3 M LIBOR, 6 M LIBOR, 1 YR LIBOR, 5 YR LIBOR, FHLB 3 YR, FHLB 5 YR, FHLB 7 YR, 1 YR T WKLY, 2 YR TREAS, 3 YR TREAS, 5 YR TREAS, 7 YR TREAS, 10 YR TREAS, 2 YR SWAP, 5 YR SWAP, 7 YR SWAP, 10 YR SWAP, CD Rate, Fixed, SOFR, 1 M TERM SOFR, 90 day SOFR, 180 DAY SOFR, AMERIBOR - Term 30, 1 M AVG SOFR'.split(', ');
const SPEC_IDS =
  'WSJ_Prime, LIBOR_1_M, LIBOR_3_M, LIBOR_6_M, LIBOR_1_Y, LIBOR_5_T, FHLB_3_YR, FHLB_5_YR, FHLB_7_YR, T_WKLY_1_YR, TREAS_2_YR, TREAS_3_YR, TREAS_5_YR, TREAS_7_YR, TREAS_10_YR, SWAP_2_YR, SWAP_5_YR, SWAP_7_YR, SWAP_10_YR, CD_Rate, Fixed, SOFR, M_SOFR_TERM_1, DAY_SOFR_90, DAY_SOFR_180, AMERIBOR_Term_30, AVG_1M_SOFR'.split(', ');

describe('rate indexes', () => {
  it('lists the 27 rate indexes of both spec lists, position by position', () => {
    expect(RATE_INDEXES).toHaveLength(27);
    expect(RATE_INDEXES.map((r) => r.display)).toEqual(SPEC_DISPLAY);
    expect(RATE_INDEXES.map((r) => r.id)).toEqual(SPEC_IDS);
    expect(RateIndexDisplay.options).toEqual(SPEC_DISPLAY);
    expect(RateIndexId.options).toEqual(SPEC_IDS);
  });

  it('maps every rate-index identifier to its display string and back', () => {
    for (const [i, id] of RateIndexId.options.entries()) {
      expect(rateIndexDisplay(id)).toBe(SPEC_DISPLAY[i]);
      expect(rateIndexId(rateIndexDisplay(id))).toBe(id);
    }
  });

  it('keeps identifiers and display strings apart', () => {
    expect(RateIndexId.safeParse('1 M TERM SOFR').success).toBe(false);
    expect(RateIndexDisplay.safeParse('M_SOFR_TERM_1').success).toBe(false);
  });
});

describe('bulk update properties', () => {
  it('lists every property of the spec bulk-update table once', () => {
    expect(BulkUpdateProperty.options).toHaveLength(35);
    expect(new Set(BulkUpdateProperty.options).size).toBe(35);
    expect(BulkUpdateProperty.options).toEqual(
      expect.arrayContaining(['State', 'RateIndex', 'ClosedDate', 'UserDebtService', 'LoansPackageId']),
    );
  });
});
