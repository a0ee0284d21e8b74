import { sameValue } from './canonical';

// The three-way merge of one field (docs/sync.md). base: the platform's value when the local
// edit started (the outbox row's base_value); mine: the local value (new_value); theirs: what the
// platform reads now. Underwriting data never silently loses to last-write-wins: when both
// sides changed the field to different values, the row becomes a conflict held for the user.

export type PullDecision =
  /** Keep the local edit queued (the platform did not touch the field). */
  | 'keep'
  /** Both sides hold the same value: the edit is settled, the row goes. */
  | 'settled'
  /** Both sides changed the field differently. */
  | 'conflict';

export interface FieldState {
  status: 'pending' | 'inflight' | 'ambiguous' | 'conflict' | 'rejected';
  base: unknown;
  mine: unknown;
}

/** A pull met a field with a local edit (no edit: the working copy simply takes theirs). */
export function decidePull(row: FieldState, theirs: unknown): PullDecision | 'leave' {
  if (row.status === 'inflight' || row.status === 'ambiguous') return 'leave'; // the push settles these
  if (sameValue(theirs, row.mine)) return 'settled';
  if (row.status === 'pending') return sameValue(theirs, row.base) ? 'keep' : 'conflict';
  return 'leave'; // conflict and rejected rows stay until the user acts (or both sides agree)
}

export type PushDecision =
  /** The platform still holds the base: send mine. */
  | 'send'
  /** The platform already holds mine (e.g. a lost response): done. */
  | 'applied'
  /** The platform holds a third value. */
  | 'conflict';

/**
 * Before sending, per field, against a fresh read of the platform. An ambiguous row (an attempt
 * whose answer was lost) counts as applied when the platform holds what was sent.
 */
export function decidePush(row: FieldState & { sent?: unknown; hasSent?: boolean }, theirs: unknown): PushDecision | 'applied-sent' {
  if (row.status === 'ambiguous' && row.hasSent && !sameValue(row.sent, row.mine) && sameValue(theirs, row.sent)) return 'applied-sent';
  if (sameValue(theirs, row.mine)) return 'applied';
  if (sameValue(theirs, row.base)) return 'send';
  return 'conflict';
}
