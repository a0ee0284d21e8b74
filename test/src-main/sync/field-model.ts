import { canonicalJson, sameValue } from '../../../src-main/sync/canonical';

// The model of ONE field of a synced deal, for the model-based test: what a sync may do to it.
// Every transition the system makes must be one the model allows, which is how "no edit is
// lost, nothing is applied twice, no silent last-write-wins" is checked step by step.
//   clean     no outbox row: the working copy holds the platform's last-known value (base)
//   pending   a local edit waits (base: the platform's value when it started)
//   ambiguous an attempt's answer was lost (sent: what was sent; it may or may not have landed)
//   conflict  both sides changed the field to different values

export type Status = 'clean' | 'pending' | 'ambiguous' | 'conflict';

export interface FieldState {
  status: Status;
  base: unknown;
  local: unknown;
  remote: unknown;
  sent?: unknown;
}

const eq = sameValue;

export function key(s: FieldState): string {
  return canonicalJson([s.status, s.base, s.local, s.remote, s.status === 'ambiguous' ? (s.sent ?? null) : null]);
}

const clean = (value: unknown): FieldState => ({ status: 'clean', base: value, local: value, remote: value });

/** A local edit through the bulk update (it goes through the outbox). */
export function localEdit(s: FieldState, v: unknown): FieldState {
  switch (s.status) {
    case 'clean':
      return eq(v, s.local) ? s : { status: 'pending', base: s.local, local: v, remote: s.remote };
    case 'pending':
      return eq(v, s.base) ? { status: 'clean', base: s.base, local: v, remote: s.remote } : { ...s, local: v };
    default:
      return { ...s, local: v };
  }
}

export function remoteEdit(s: FieldState, v: unknown): FieldState {
  return { ...s, remote: v };
}

/** The pull's three-way merge of the field. */
export function pull(s: FieldState): FieldState {
  switch (s.status) {
    case 'clean':
      return clean(s.remote);
    case 'pending':
      if (eq(s.remote, s.local)) return clean(s.remote);
      if (eq(s.remote, s.base)) return s;
      return { status: 'conflict', base: s.base, local: s.local, remote: s.remote };
    case 'conflict':
      return eq(s.remote, s.local) ? clean(s.remote) : s;
    case 'ambiguous':
      return s; // settled by the push, by comparison
  }
}

type Decision = { kind: 'send'; base: unknown } | { kind: 'applied' } | { kind: 'conflict' };

function decide(s: FieldState): Decision {
  if (s.status === 'ambiguous' && s.sent !== undefined && !eq(s.sent, s.local) && eq(s.remote, s.sent)) return { kind: 'send', base: s.sent };
  if (eq(s.remote, s.local)) return { kind: 'applied' };
  if (eq(s.remote, s.base)) return { kind: 'send', base: s.base };
  return { kind: 'conflict' };
}

/** Every outcome of one push round on the field, faults included (the round may also not reach it). */
export function pushRound(s: FieldState): FieldState[] {
  if (s.status !== 'pending' && s.status !== 'ambiguous') return [s];
  const d = decide(s);
  if (d.kind === 'applied') return [s, clean(s.local)];
  if (d.kind === 'conflict') return [s, { status: 'conflict', base: s.base, local: s.local, remote: s.remote }];
  return [
    s,
    { status: 'pending', base: d.base, local: s.local, remote: s.remote }, // refused before processing (429)
    { status: 'ambiguous', base: d.base, local: s.local, remote: s.remote, sent: s.local }, // lost, did not land
    { status: 'ambiguous', base: d.base, local: s.local, remote: s.local, sent: s.local }, // landed, answer lost
    clean(s.local), // confirmed and read again
  ];
}

/** A sync that completed: pull, then one clean push round. */
export function syncSucceeded(s: FieldState): FieldState {
  const p = pull(s);
  if (p.status !== 'pending' && p.status !== 'ambiguous') return p;
  const d = decide(p);
  if (d.kind === 'conflict') return { status: 'conflict', base: p.base, local: p.local, remote: p.remote };
  return clean(p.local);
}

/** Every state a sync that stopped with an error may leave: any prefix of pull and up to `rounds` push rounds. */
export function syncFailed(s: FieldState, rounds = 4): Map<string, FieldState> {
  let frontier = [s, pull(s)];
  const all = new Map(frontier.map((x) => [key(x), x]));
  for (let r = 0; r < rounds; r++) {
    const next: FieldState[] = [];
    for (const x of frontier) {
      for (const y of pushRound(x)) {
        if (all.has(key(y))) continue;
        all.set(key(y), y);
        next.push(y);
      }
    }
    frontier = next;
  }
  return all;
}

export function keepMine(s: FieldState): FieldState {
  return { status: 'pending', base: s.remote, local: s.local, remote: s.remote };
}

export function takeTheirs(s: FieldState): FieldState {
  return clean(s.remote);
}
