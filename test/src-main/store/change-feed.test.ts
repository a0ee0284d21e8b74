import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDemoPortfolio } from '../../../src-main/demo/seed';
import { changeFeedHead, dealChangesAfter } from '../../../src-main/store/change-feed';
import { closeDb, defaultMigrationsFolder, openDb, STORE_FILE } from '../../../src-main/store/db';
import { allDealIds } from '../../../src-main/store/deals';
import { tempDir } from '../../support/service';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';

// The change feed's migrations on a store written before them (an existing data directory).

const dirs: { remove(): void }[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) d.remove();
});

/** A copy of the migrations folder that stops before the change feed's tables. */
function migrationsBeforeTheFeed(dir: string): string {
  const folder = join(dir, 'migrations');
  cpSync(defaultMigrationsFolder(), folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === '0004_deal_changes');
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
}

describe('the change feed on an existing store', () => {
  it('lists the deals stored before it at its start, under a new store identity, and numbers later changes after them', async () => {
    const dir = tempDir('uw-feed-');
    dirs.push(dir);
    const file = join(dir.path, STORE_FILE);
    const old = openDb({ file, migrationsFolder: migrationsBeforeTheFeed(dir.path) });
    // The graph's rows only: the stored roll-up of this code has columns the old schema lacks.
    await seedDemoPortfolio(createSqliteStore(old), { deals: 3, ownerIds: ['owner@example.com'] });
    const ids = allDealIds(old);
    expect(old.$client.prepare(`SELECT name FROM sqlite_master WHERE name = 'deal_changes'`).all()).toEqual([]);
    closeDb(old);

    const db = openDb({ file });
    try {
      const head = changeFeedHead(db);
      expect(head).toMatchObject({ seq: 1 });
      expect(head.storeId).toMatch(/^[0-9a-f]{32}$/);
      const start = dealChangesAfter(db, { seq: 0, dealId: '' }, 100);
      expect(start.map((r) => r.dealId)).toEqual([...ids].sort());
      expect(new Set(start.map((r) => `${r.seq} ${r.kind}`))).toEqual(new Set(['1 Upsert']));
      db.$client.prepare(`UPDATE deals SET note = 'after the migration' WHERE id = ?`).run(ids[1]);
      expect(dealChangesAfter(db, { seq: 1, dealId: '\uffff' }, 100)).toEqual([{ dealId: ids[1], seq: 2, kind: 'Upsert' }]);
    } finally {
      closeDb(db);
    }
  });
});
