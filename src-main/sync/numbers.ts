// Exact floating-point inverses for the mirror (docs/sync.md: the working copy of a pulled
// deal must read exactly as the platform reads). Some stored inputs are shown only through a
// product or a quotient (a unit's rent only as rent x units, a comp's $/unit only as average x
// units, exit cap and selling costs only as the reversion value). These helpers find an input
// for which the same IEEE-754 operation gives back exactly the figure the platform showed.

const buffer = new DataView(new ArrayBuffer(8));

function bits(x: number): bigint {
  buffer.setFloat64(0, x);
  return buffer.getBigInt64(0);
}

function fromBits(b: bigint): number {
  buffer.setBigInt64(0, b);
  return buffer.getFloat64(0);
}

/** The next double above x. */
export function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  const b = bits(x);
  return fromBits(x > 0 ? b + 1n : b - 1n);
}

/** The next double below x. */
export function nextDown(x: number): number {
  return -nextUp(-x);
}

/** Doubles around `start`, nearest first: start, up 1, down 1, up 2, ... */
function* around(start: number, steps: number): Generator<number> {
  yield start;
  let up = start;
  let down = start;
  for (let i = 0; i < steps; i++) {
    up = nextUp(up);
    down = nextDown(down);
    yield up;
    yield down;
  }
}

const STEPS = 64;

/**
 * A factor f with `f * by === target` in double arithmetic, nearest to target / by; null when
 * there is none nearby (then target / by is the best approximation). 0 when target is 0.
 */
export function solveFactor(target: number, by: number): number | null {
  if (target === 0) return 0;
  if (by === 0 || !Number.isFinite(by) || !Number.isFinite(target)) return null;
  for (const f of around(target / by, STEPS)) if (f * by === target) return f;
  return null;
}

/** A divisor d with `numerator / d === target`, or null. */
export function solveDivisor(target: number, numerator: number): number | null {
  if (target === 0 || numerator === 0 || !Number.isFinite(target) || !Number.isFinite(numerator)) return null;
  for (const d of around(numerator / target, STEPS)) if (d !== 0 && numerator / d === target) return d;
  return null;
}

/**
 * Exit cap rate and selling costs that reproduce a reversion value exactly, given the NOI the
 * buyer capitalizes: finalSale = ratio(nextYearNoi, exitCapRate) * (1 - sellingCosts), with
 * ratio() 0 on a 0 denominator. Prefers no selling costs; `exact` is false when only an
 * approximation was found.
 */
export function solveReversion(finalSale: number, nextYearNoi: number): { exitCapRate: number; sellingCosts: number; exact: boolean } {
  if (finalSale === 0) return { exitCapRate: 0, sellingCosts: 0, exact: true };
  const divisor = solveDivisor(finalSale, nextYearNoi);
  if (divisor !== null) return { exitCapRate: divisor, sellingCosts: 0, exact: true };
  if (nextYearNoi === 0 || !Number.isFinite(nextYearNoi)) return { exitCapRate: 0, sellingCosts: 0, exact: false };
  // Fix the cap rate, then scale the quotient by a factor just around 1 (1 - sellingCosts).
  for (const exitCapRate of around(nextYearNoi / finalSale, 4)) {
    const quotient = nextYearNoi / exitCapRate;
    if (!Number.isFinite(quotient) || quotient === 0) continue;
    const m = solveFactor(finalSale, quotient);
    if (m === null) continue;
    const sellingCosts = 1 - m;
    if (1 - sellingCosts === m && quotient * (1 - sellingCosts) === finalSale) return { exitCapRate, sellingCosts, exact: true };
  }
  return { exitCapRate: nextYearNoi / finalSale, sellingCosts: 0, exact: false };
}

// plainDecimal moved to the domain: the gateway's undo spells values for the bulk update too.
export { plainDecimal } from '../domain';
