import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { keepMine, listConflicts, listOutbox, takeTheirs } from '../../../src-main/sync';
import { CREATE_BODY, bulkUpdate, dealIds, dealInfo, differingReads, outboxRows, readEverything, startPair, totalChanges, type Pair } from './helpers';

// Two real instances: the platform (a server with the demo portfolio) and the local workstation
// (a server over a fresh data directory), with a transparent fault proxy between them.

const LOCAL_ONLY_USER = 'local.only@example.com';
const DEMO = 12;

describe.each([
  { feed: true, label: 'through the change feed' },
  { feed: false, label: 'walking every graph' },
])('sync with the central platform, $label', ({ feed }) => {
  let pair: Pair;
  let ids: string[];

  beforeAll(async () => {
    pair = await startPair({ demoDeals: DEMO, proxy: true, localUsers: [LOCAL_ONLY_USER], useExtensions: feed });
    const first = await pair.sync();
    expect(first).toMatchObject({ remoteDeals: DEMO, pulled: DEMO, unchanged: 0, conflicts: 0, rejected: 0, queued: 0, inexact: 0 });
    ids = await dealIds(pair.remote);
  }, 120_000);

  afterAll(async () => {
    await pair?.stop();
  });

    test("a first sync copies the remote's demo portfolio so that every read of the local instance equals the remote's", async () => {
      const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
      // Every read endpoint for every record: deals, funds, summaries, cash flows, components of every type, rent rolls, parties, the report.
      expect(remote.size).toBeGreaterThan(150);
      expect([...remote.keys()].some((p) => p.startsWith('/getHotelComponentInfo/') && remote.get(p).success)).toBe(true);
      expect([...remote.keys()].some((p) => p.startsWith('/getCommercialRentrollInfo/') && remote.get(p).success)).toBe(true);
      expect(differingReads(remote, local)).toEqual([]);
    });

    test('a second sync with nothing changed writes no row', async () => {
      const before = totalChanges(pair.local);
      const summary = await pair.sync();
      // The full walk reads every deal again; the feed lists none.
      expect(summary).toMatchObject({ pulled: 0, unchanged: feed ? 0 : DEMO, pushed: 0, removed: 0 });
      expect(totalChanges(pair.local) - before).toBe(0);
    });

    test('a local edit reaches the remote', async () => {
      const id = ids[0]!;
      const edit = await bulkUpdate(pair.local, [{ id, updates: { GrossLoan: '12345678.9', RateSpread: '2.75', Note: 'Sponsor call moved to Friday' } }]);
      expect(edit.errors).toEqual([]);
      expect(outboxRows(pair.local).map((r) => [r.field, r.status, r.value])).toEqual([
        ['GrossLoan', 'pending', 12345678.9],
        ['RateSpread', 'pending', 0.0275],
        ['Note', 'pending', 'Sponsor call moved to Friday'],
      ]);
      const summary = await pair.sync();
      expect(summary).toMatchObject({ pushed: 3, queued: 0, conflicts: 0, rejected: 0 });
      const remote = await dealInfo(pair.remote, id);
      expect([remote.grossLoan, remote.rateSpread, remote.note]).toEqual([12345678.9, 0.0275, 'Sponsor call moved to Friday']);
      expect(outboxRows(pair.local)).toEqual([]);
      expect(await dealInfo(pair.local, id)).toEqual(remote);
    });

    test('a remote edit reaches the local', async () => {
      const id = ids[1]!;
      expect((await bulkUpdate(pair.remote, [{ id, updates: { SeedName: 'Renamed on the platform', Priority: 'High' } }])).errors).toEqual([]);
      const summary = await pair.sync();
      // With the feed: only this deal and the one the previous test pushed (read back once, unchanged).
      expect(summary).toMatchObject({ pulled: 1, unchanged: feed ? 1 : DEMO - 1, pushed: 0 });
      const local = await dealInfo(pair.local, id);
      expect([local.seedName, local.priority]).toEqual(['Renamed on the platform', 'High']);
      expect(local).toEqual(await dealInfo(pair.remote, id));
    });

    test('the same field edited on both sides becomes a conflict that keep mine settles', async () => {
      const id = ids[2]!;
      const [mine, theirs] = (await dealInfo(pair.local, id)).riskRating === '3' ? ['4', '6'] : ['3', '6'];
      await bulkUpdate(pair.local, [{ id, updates: { RiskRating: mine!, Description: 'mine only' } }]);
      await bulkUpdate(pair.remote, [{ id, updates: { RiskRating: theirs! } }]);
      const summary = await pair.sync();
      expect(summary).toMatchObject({ conflicts: 1, pushed: 1 });
      const [conflict] = listConflicts(pair.local.db);
      expect(conflict).toMatchObject({ dealId: id, field: 'RiskRating', mine, theirs, status: 'conflict' });
      expect((await dealInfo(pair.local, id)).riskRating).toBe(mine); // mine is kept locally, not overwritten
      expect((await dealInfo(pair.remote, id)).description).toBe('mine only'); // the other field went through

      // Syncing again without a decision changes nothing: the conflict waits for the user.
      expect(await pair.sync()).toMatchObject({ conflicts: 1, pushed: 0 });
      keepMine(pair.local.db, conflict!.id);
      expect(await pair.sync()).toMatchObject({ conflicts: 0, pushed: 1, queued: 0 });
      expect((await dealInfo(pair.remote, id)).riskRating).toBe(mine);
      expect(await dealInfo(pair.local, id)).toEqual(await dealInfo(pair.remote, id));
    });

    test('the same field edited on both sides becomes a conflict that take theirs settles', async () => {
      const id = ids[3]!;
      await bulkUpdate(pair.local, [{ id, updates: { LoanTerm: '83' } }]);
      await bulkUpdate(pair.remote, [{ id, updates: { LoanTerm: '97' } }]);
      expect(await pair.sync()).toMatchObject({ conflicts: 1 });
      const [conflict] = listConflicts(pair.local.db);
      expect(conflict).toMatchObject({ field: 'LoanTerm', mine: 83, theirs: 97 });
      takeTheirs(pair.local.db, conflict!.id);
      expect(listOutbox(pair.local.db)).toEqual([]);
      expect((await dealInfo(pair.local, id)).loanTerm).toBe(97);
      expect(await pair.sync()).toMatchObject({ conflicts: 0, pushed: 0 });
      expect(await dealInfo(pair.local, id)).toEqual(await dealInfo(pair.remote, id));
    });

    test('the same value set on both sides is no conflict', async () => {
      const id = ids[4]!;
      const same = (await dealInfo(pair.local, id)).priority === 'Low' ? 'High' : 'Low';
      await bulkUpdate(pair.local, [{ id, updates: { Priority: same } }]);
      expect(outboxRows(pair.local)).toHaveLength(1);
      await bulkUpdate(pair.remote, [{ id, updates: { Priority: same } }]);
      expect(await pair.sync()).toMatchObject({ conflicts: 0, queued: 0 });
      expect(outboxRows(pair.local)).toEqual([]);
    });

    test('a remote rejection (an owner that does not exist there) stays visible and does not block the other edits', async () => {
      const [a, b, c] = [ids[5]!, ids[6]!, ids[7]!];
      await bulkUpdate(pair.local, [
        { id: a, updates: { Owner: LOCAL_ONLY_USER, SeedName: 'Kept although its owner was refused' } },
        { id: b, updates: { GrossLoan: '7700000' } },
        { id: c, updates: { Priority: 'High' } },
      ]);
      const summary = await pair.sync();
      expect(summary).toMatchObject({ rejected: 1, queued: 0, conflicts: 0, pushed: 3 });
      const [rejected] = listOutbox(pair.local.db, ['rejected']);
      expect(rejected).toMatchObject({ dealId: a, field: 'Owner', mine: LOCAL_ONLY_USER, status: 'rejected' });
      expect(rejected!.reason).toMatch(/IllegalValue Owner: Owner must be the user id/);
      // The rest of the queue went through, the refused deal's other field too.
      expect((await dealInfo(pair.remote, a)).seedName).toBe('Kept although its owner was refused');
      expect((await dealInfo(pair.remote, b)).grossLoan).toBe(7_700_000);
      expect((await dealInfo(pair.remote, c)).priority).toBe('High');
      // Locally the refused value stays visible; editing it queues it again.
      expect((await dealInfo(pair.local, a)).owner).toBe(LOCAL_ONLY_USER);
      const owner = (await dealInfo(pair.remote, a)).owner;
      await bulkUpdate(pair.local, [{ id: a, updates: { Owner: owner } }]);
      expect(listOutbox(pair.local.db)).toEqual([]); // back to the platform's value: nothing to send
      expect(await pair.sync()).toMatchObject({ rejected: 0, queued: 0 });
      expect(await dealInfo(pair.local, a)).toEqual(await dealInfo(pair.remote, a));
    });

    test('a deal created offline exists remotely after sync and is not duplicated by a retry', async () => {
      const created = await pair.local.api('POST', '/createResidentialDeal', CREATE_BODY);
      expect(created.body.success).toBe(true);
      const localId: string = created.body.createdEntityId;
      await bulkUpdate(pair.local, [{ id: localId, updates: { Priority: 'High' } }]);
      expect(outboxRows(pair.local).map((r) => [r.entityId, r.field])).toEqual([
        [localId, '$create'],
        [localId, 'Priority'],
      ]);

      // The platform creates the deal, but its answer is lost on the way back.
      pair.proxy!.inject({ method: 'POST', path: '/createResidentialDeal', fault: { kind: 'drop-response' } });
      await expect(pair.sync()).rejects.toThrow(/createResidentialDeal/);
      expect(outboxRows(pair.local).find((r) => r.field === '$create')?.status).toBe('ambiguous');
      const afterFirst = await dealIds(pair.remote);
      expect(afterFirst).toHaveLength(DEMO + 1);

      // The next sync finds it by reading before anything is sent again.
      const summary = await pair.sync();
      expect(summary).toMatchObject({ created: 1, queued: 0, pushed: 1 });
      expect(await dealIds(pair.remote)).toEqual(afterFirst);
      const remoteId = afterFirst.at(-1)!;
      expect((await dealInfo(pair.remote, remoteId)).seedName).toBe(CREATE_BODY.dealName);
      expect((await dealInfo(pair.remote, remoteId)).priority).toBe('High');
      // Locally the deal now has the platform's id.
      expect((await pair.local.api('GET', `/getDealInfo/${localId}`)).body.error.code).toBe('MissingEntity');
      expect(await dealInfo(pair.local, remoteId)).toEqual(await dealInfo(pair.remote, remoteId));
      expect(pair.proxy!.log.filter((e) => e.path.includes('/createResidentialDeal'))).toHaveLength(1);
      expect(await pair.sync()).toMatchObject({ created: 0, remoteDeals: DEMO + 1 });
    });

    test('a deal removed from the platform is removed locally once a read confirms it', async () => {
      const id = ids[8]!;
      pair.remote.db.$client.prepare('DELETE FROM deals WHERE id = ?').run(id);
      const from = pair.proxy!.log.length;
      const summary = await pair.sync();
      expect(summary).toMatchObject({ removed: 1, conflicts: 0 });
      expect((await pair.local.api('GET', `/getDealInfo/${id}`)).body.error.code).toBe('MissingEntity');
      // The confirming read: the deal's own read in the full walk, the bulk read of the deals the feed named otherwise.
      const confirm = feed ? (p: string) => p.endsWith('/getDealGraphs') : (p: string) => p.endsWith(`/getDealInfo/${id}`);
      expect(pair.proxy!.log.slice(from).some((e) => confirm(e.path))).toBe(true);
    });

    test('a deal removed from the platform while edited locally becomes a conflict', async () => {
      const id = ids[9]!;
      await bulkUpdate(pair.local, [{ id, updates: { Note: 'still working on it' } }]);
      pair.remote.db.$client.prepare('DELETE FROM deals WHERE id = ?').run(id);
      expect(await pair.sync()).toMatchObject({ removed: 0, conflicts: 1 });
      const [conflict] = listConflicts(pair.local.db);
      expect(conflict).toMatchObject({ dealId: id, field: 'Note', deletedRemotely: true });
      expect(() => keepMine(pair.local.db, conflict!.id)).toThrow(/deleted on the platform/);
      expect((await dealInfo(pair.local, id)).note).toBe('still working on it');
      takeTheirs(pair.local.db, conflict!.id);
      expect(await pair.sync()).toMatchObject({ removed: 1, conflicts: 0 });
    });

    test('after all of it, every read of the local instance equals the remote again', async () => {
      expect(outboxRows(pair.local)).toEqual([]);
      const [remote, local] = await Promise.all([readEverything(pair.remote), readEverything(pair.local)]);
      expect(differingReads(remote, local)).toEqual([]);
    });
});
