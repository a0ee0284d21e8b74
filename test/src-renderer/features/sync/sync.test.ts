import { describe, expect, it } from 'vitest';
import type { SyncLocalOnlyView, SyncOutboxStatus, SyncStatusView } from '../../../../src-main/contract';
import { conflictReason, connectionLook, localOnlyLines, outboxHeadline } from '../../../../src-renderer/features/sync/sync';

// The Sync screen's words: the header badge and the outbox's headline, from the status and the
// outbox view the main process sends.

const NONE: Record<SyncOutboxStatus, number> = { pending: 0, inflight: 0, ambiguous: 0, conflict: 0, rejected: 0 };
const NOTHING_HERE: SyncLocalOnlyView = { newDealsWaiting: 0, createdHere: 0, otherDeals: 0, importedCollaterals: 0 };

function status(over: Partial<SyncStatusView>): SyncStatusView {
  return {
    settings: { baseUrl: 'https://platform.example', authUrl: null, clientId: 'ws-1', autoSync: true, intervalMinutes: 15 },
    secret: { stored: true, source: 'stored', storage: 'encrypted', persistent: true, warning: null },
    configured: true,
    linkedTo: null,
    connection: 'unknown',
    lastError: null,
    running: null,
    last: null,
    lastSuccessAt: null,
    nextRunAt: null,
    outbox: NONE,
    ...over,
  };
}

describe('the header badge', () => {
  it('never says connected beside not checked: set up and not contacted says whether it ever synced', () => {
    const never = connectionLook(status({ connection: 'unknown' }));
    expect(never.text).toBe('Never synced');
    expect(never.detail).not.toMatch(/connected/i);
    expect(never.detail).toContain('Never synced yet');
    const before = connectionLook(status({ connection: 'unknown', lastSuccessAt: '2026-11-20T09:30:00.000Z' }));
    expect(before.text).toMatch(/^Synced Nov 2\d, 2026 \d\d:\d\d$/);
    expect(before.detail).not.toMatch(/connected/i);
    for (const look of [never, before]) expect(look.text).not.toMatch(/not checked/i);
  });

  it('online says connected, and whether it ever synced; a failed last sync is told in the detail', () => {
    expect(connectionLook(status({ connection: 'online' }))).toMatchObject({ text: 'Online, never synced', color: 'teal' });
    const synced = connectionLook(status({ connection: 'online', lastSuccessAt: '2026-11-20T09:30:00.000Z' }));
    expect(synced.text).toBe('Online');
    expect(synced.detail).toMatch(/^Connected to https:\/\/platform\.example\. Last synced Nov 2\d, 2026 \d\d:\d\d\.$/);
    const failed = connectionLook(
      status({
        connection: 'online',
        lastSuccessAt: '2026-11-20T09:30:00.000Z',
        last: { trigger: 'manual', mode: 'full', startedAt: '2026-11-21T10:00:00.000Z', finishedAt: '2026-11-21T10:01:00.000Z', outcome: 'failed', summary: null, error: 'x' },
      }),
    );
    expect(failed.detail).toContain('The last sync failed');
  });

  it('offline gives the reason; not connected says where to connect', () => {
    expect(connectionLook(status({ connection: 'offline', lastError: 'the platform cannot be reached (ECONNREFUSED)' })).detail).toMatch(/^Offline: the platform cannot be reached \(ECONNREFUSED\)\. Never synced yet/);
    expect(connectionLook(status({ connection: 'not-connected', configured: false }))).toMatchObject({ text: 'Not connected' });
  });
});

describe('the outbox headline', () => {
  it('is empty only when no edit, no new deal, no conflict, no rejection and nothing only here is left', () => {
    expect(outboxHeadline(NONE, NOTHING_HERE)).toEqual({ text: 'Empty: every local edit is on the platform.', empty: true });
    // Before the outbox is read, what stays here is unknown: never "empty".
    expect(outboxHeadline(NONE, undefined)).toEqual({ text: 'Nothing waiting to be sent.', empty: false });
  });

  it('counts new deals and imported collaterals, not only edits', () => {
    const here = { ...NOTHING_HERE, createdHere: 3, importedCollaterals: 2 };
    expect(outboxHeadline(NONE, here)).toEqual({ text: '0 waiting · 0 conflicts · 0 rejected · 5 only on this workstation', empty: false });
    expect(outboxHeadline({ ...NONE, pending: 4, conflict: 1 }, { ...NOTHING_HERE, newDealsWaiting: 1 })).toEqual({ text: '4 waiting (1 new deal) · 1 conflict · 0 rejected', empty: false });
    expect(localOnlyLines(here)).toEqual([
      '3 deals created here before this workstation was linked to the platform: they stay here and are not sent.',
      "2 collaterals imported here into the platform's deals: kept here, not sent.",
    ]);
  });

  it("says the demo portfolio's sample deals stay on this workstation", () => {
    const lines = localOnlyLines({ ...NOTHING_HERE, otherDeals: 200 });
    expect(lines).toEqual([`200 deals of this workstation's own book (the demo portfolio's sample deals, or deals from before the link) are not on the platform and stay here.`]);
    expect(outboxHeadline(NONE, { ...NOTHING_HERE, otherDeals: 1 }).empty).toBe(false);
    expect(localOnlyLines(NOTHING_HERE)).toEqual([]);
  });
});

describe("a conflict's reason", () => {
  it('is told in words, also for a deal both sides held before the first sync', () => {
    expect(conflictReason('NoCommonAncestor: this deal was on the workstation before its first sync, and the platform\'s differs')).toMatch(/^This deal was on this workstation before its first sync/);
    expect(conflictReason('ChangedOnPlatform: the platform changed GrossLoan too')).toBe('Changed on the platform too since you edited it here.');
    expect(conflictReason(null)).toBeNull();
  });
});
