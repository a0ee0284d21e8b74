// The formatters live in src-main/contract/format.ts, shared with the main process (the credit
// memo formats its figures with the same code as the screens); the contract's entry exports them
// as its `format` namespace.
import { format } from '../../src-main/contract';

export const {
  EMPTY,
  usd,
  usdCompact,
  pct,
  pctNumber,
  multiple,
  int,
  num,
  sf,
  months,
  date,
  timestamp,
  label,
  text,
  maskSsn,
  besideLimit,
} = format;
