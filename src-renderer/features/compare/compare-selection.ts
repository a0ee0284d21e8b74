import { COMPARE_LIMITS } from '../../../src-main/contract';

/**
 * Why a selection of `count` deals cannot be compared (null: it can). The pipeline's Compare
 * button shows it as its tooltip, the comparison screen in place of the table.
 */
export function compareRefusal(count: number): string | null {
  if (count < COMPARE_LIMITS.min) return `Select ${COMPARE_LIMITS.min} to ${COMPARE_LIMITS.max} deals to compare${count === 1 ? ' (1 is selected)' : ''}.`;
  if (count > COMPARE_LIMITS.max) return `Compare at most ${COMPARE_LIMITS.max} deals at a time: ${count} are selected.`;
  return null;
}
