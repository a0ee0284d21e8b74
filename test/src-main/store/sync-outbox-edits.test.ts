import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import {
  CREATE_FIELD,
  DEAL_ENTITY,
  dealEditRecorder,
  outboxEntries,
  recordDealEdits,
  updateOutboxEntry,
} from '../../../src-main/store/sync-outbox';

// The write path of the outbox as bulk updates use it: recordDealEdits for one deal, and the
// recorder that asks once which deals of a batch are synced.

let db: Db;
beforeEach(() => {
  db = openDb({ file: ':memory:' });
});
afterEach(() => closeDb(db));

/** A deal pulled from the platform. */
function pulled(id: string): void {
  db.$client
    .prepare(`INSERT INTO remote_shadow (type, id, json, content_hash, fetched_at) VALUES ('getDealInfo', ?, '{}', 'h', '2026-01-01')`)
    .run(id);
}

/** A deal created here, its create queued for the platform. */
function createdHere(id: string): void {
  db.$client
    .prepare(
      `INSERT INTO outbox (entity_type, entity_id, field, new_value, status, created_at, updated_at) VALUES (?, ?, ?, '{}', 'pending', 'now', 'now')`,
    )
    .run(DEAL_ENTITY, id, CREATE_FIELD);
}

const fields = (entityId: string) =>
  outboxEntries(db, { entityId })
    .filter((e) => e.field !== CREATE_FIELD)
    .map((e) => ({ field: e.field, base: e.base, value: e.value, status: e.status }));

describe('the outbox recorder of a bulk update', () => {
  it('queues nothing, and asks no deal, in a store that syncs no deal', () => {
    const recorder = dealEditRecorder(db, ['a', 'b']);
    expect(recorder.tracksAny()).toBe(false);
    recorder.record('a', [{ property: 'Note', before: null, after: 'x' }]);
    expect(outboxEntries(db)).toEqual([]);
  });

  it('tracks the pulled deals and the deals created here, and only those', () => {
    pulled('a');
    createdHere('b');
    const recorder = dealEditRecorder(db, ['a', 'b', 'c', 'a']);
    expect([recorder.tracksAny(), recorder.tracks('a'), recorder.tracks('b'), recorder.tracks('c')]).toEqual([true, true, true, false]);
    for (const id of ['a', 'b', 'c']) recorder.record(id, [{ property: 'Priority', before: 'Low', after: 'High' }]);
    expect(fields('a')).toEqual([{ field: 'Priority', base: 'Low', value: 'High', status: 'pending' }]);
    expect(fields('b')).toEqual([{ field: 'Priority', base: 'Low', value: 'High', status: 'pending' }]);
    expect(fields('c')).toEqual([]);
  });

  it('keeps the first base over repeated edits in one batch, and drops an edit back to it', () => {
    pulled('a');
    const recorder = dealEditRecorder(db, ['a']);
    recorder.record('a', [
      { property: 'Note', before: 'n0', after: 'n1' },
      { property: 'GrossLoan', before: 100, after: 100 },
    ]);
    recorder.record('a', [
      { property: 'Note', before: 'n1', after: 'n2' },
      { property: 'RateSpread', before: 0.02, after: 0.03 },
    ]);
    expect(fields('a')).toEqual([
      { field: 'Note', base: 'n0', value: 'n2', status: 'pending' },
      { field: 'RateSpread', base: 0.02, value: 0.03, status: 'pending' },
    ]);
    recorder.record('a', [{ property: 'Note', before: 'n2', after: 'n0' }]);
    expect(fields('a').map((f) => f.field)).toEqual(['RateSpread']);
  });

  it('queues a rejected field again, and leaves a conflict a conflict with the new value', () => {
    pulled('a');
    recordDealEdits(db, 'a', [
      { property: 'Note', before: 'n0', after: 'n1' },
      { property: 'Priority', before: 'Low', after: 'High' },
    ]);
    const [note, priority] = outboxEntries(db, { entityId: 'a' });
    updateOutboxEntry(db, note!.id, { status: 'rejected', attempts: 3, lastError: 'IllegalValue' });
    updateOutboxEntry(db, priority!.id, { status: 'conflict' });
    dealEditRecorder(db, ['a']).record('a', [
      { property: 'Note', before: 'n1', after: 'n2' },
      { property: 'Priority', before: 'High', after: 'Medium' },
    ]);
    expect(outboxEntries(db, { entityId: 'a' })).toMatchObject([
      { field: 'Note', base: 'n0', value: 'n2', status: 'pending', attempts: 0, lastError: null },
      { field: 'Priority', base: 'Low', value: 'Medium', status: 'conflict' },
    ]);
  });
});
