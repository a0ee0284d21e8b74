/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../support';

// The deal.history / deal.undo / deal.notes / deal.addNote / history.* channels over a real
// SQLite data directory.

describe('the history channels', () => {
  let h: Harness;
  let id: string;

  beforeAll(async () => {
    h = harness({ deals: 3, userName: null });
    id = (await h.value('deals.ids')).dealIds[0];
  });
  afterAll(() => h.close());

  it('in web mode, ask for a name and refuse any change to sign until one is given, a blank one included', async () => {
    expect(await h.value('app.info')).toMatchObject({ mode: 'web', userNameNeeded: true });
    const refused = { ok: false, details: { code: 'UserNameRequired', target: 'name' } };
    expect(await h.call('deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'LoanTerm', value: '66' }] }] })).toMatchObject(refused);
    expect(await h.call('deal.addNote', { dealId: id, text: 'Unsigned' })).toMatchObject(refused);
    expect(await h.call('history.setUser', { name: '   ' })).toMatchObject(refused);
    expect(await h.value('deal.history', { dealId: id })).toEqual([]);
    expect(await h.value('deal.notes', { dealId: id })).toEqual([]);
  });

  it('record the local user name, which falls back to the OS user name and can be set', async () => {
    const initial = await h.value('history.user');
    expect(initial.name.length).toBeGreaterThan(0);
    expect(await h.value('history.setUser', { name: 'Dana Underwriter' })).toEqual({ name: 'Dana Underwriter' });
    expect(await h.value('history.user')).toEqual({ name: 'Dana Underwriter' });
    expect(await h.value('app.info')).toMatchObject({ userNameNeeded: false });
  });

  it('tell a deal-page edit from a bulk edit by the source the screen names', async () => {
    await h.value('deals.bulkUpdate', { itemsToUpdate: [{ id, updates: [{ property: 'LoanTerm', value: '77' }] }] });
    await h.value('deals.bulkUpdate', { source: 'bulk', itemsToUpdate: [{ id, updates: [{ property: 'Priority', value: 'Low' }] }] });
    const history = await h.value('deal.history', { dealId: id });
    expect(history.map((e: any) => [e.field, e.source, e.actor])).toEqual([
      ['Priority', 'bulk', 'Dana Underwriter'],
      ['LoanTerm', 'ui', 'Dana Underwriter'],
    ]);
    expect(await h.value('deal.history', { dealId: id, source: 'bulk' })).toHaveLength(1);
    expect(await h.value('deal.history', { dealId: id, field: 'LoanTerm' })).toMatchObject([{ newValue: 77 }]);
  });

  it('refuse a source the screens cannot name, and an unknown history source filter', async () => {
    const forged = await h.call('deals.bulkUpdate', { source: 'sync', itemsToUpdate: [] });
    expect(forged).toMatchObject({ ok: false, details: { code: 'InvalidInput', target: 'source' } });
    expect(await h.call('deal.history', { dealId: id, source: 'elsewhere' })).toMatchObject({ ok: false, details: { code: 'InvalidInput' } });
  });

  it('undo an entry, tell open screens, and refuse a second undo with the reason', async () => {
    const [edit] = await h.value('deal.history', { dealId: id, field: 'LoanTerm' });
    const before = (await h.value('deal.info', { id })).loanTerm;
    h.events.length = 0;
    const { entry } = await h.value('deal.undo', { entryId: edit.id });
    expect(entry).toMatchObject({ source: 'undo', undoOf: edit.id, oldValue: 77, newValue: edit.oldValue });
    expect((await h.value('deal.info', { id })).loanTerm).toBe(edit.oldValue);
    expect(before).toBe(77);
    expect(h.events).toContainEqual({ event: 'data.changed', payload: { dealIds: [id] } });
    const again = await h.call('deal.undo', { entryId: edit.id });
    expect(again).toMatchObject({ ok: false, details: { code: 'UndoRefused', target: 'ChangedSince' } });
    expect(!again.ok && again.error).toMatch(/already undone/);
  });

  it('add dated notes by the local user and list them newest first', async () => {
    const first = await h.value('deal.addNote', { dealId: id, text: 'Site visit booked.' });
    await h.value('deal.addNote', { dealId: id, text: 'Sponsor sent the T-12.' });
    expect(first).toMatchObject({ author: 'Dana Underwriter', dealId: id, at: '2026-11-21T10:00:00.000Z' });
    expect((await h.value('deal.notes', { dealId: id })).map((n: any) => n.text)).toEqual(['Sponsor sent the T-12.', 'Site visit booked.']);
  });

  it('refuse an empty note next to its field, and a note for a deal that does not exist', async () => {
    expect(await h.call('deal.addNote', { dealId: id, text: '   ' })).toMatchObject({ ok: false, error: expect.stringMatching(/Write the note first/), details: { target: 'text' } });
    expect(await h.call('deal.addNote', { dealId: 'nope', text: 'x' })).toMatchObject({ ok: false, details: { code: 'MissingEntity', target: 'dealId' } });
  });
});
