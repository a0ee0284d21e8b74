import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChannelError, createChannelKit, type ChannelKit } from '../../../../src-main/app/channels/kit';
import { createLongWork } from '../../../../src-main/app/long-work';
import { createOfflinePlaceLookup } from '../../../../src-main/gateway/place-lookup/offline-place-lookup';
import { closeDb, openDb, type Db } from '../../../../src-main/store/db';
import { DEMO_TABLE_ORDER, generateDemoPortfolio } from '../../../../src-main/demo/generate';
import { insertIntoEmptyStore } from '../../../../src-main/store/bulk-insert';
import { createSqliteStore } from '../../../../src-main/store/sqlite-store';
import { loadSystemConfig } from '../../../../src-main/store/system-config';
import { ensureUsers } from '../../../../src-main/store/users';
import { allDealIds } from '../../../../src-main/store/deals';

/*
 * The kit every feature's handlers are built from: its gateway call answers the endpoint's
 * body, typed by the contract's endpoint table (the @ts-expect-error lines are checked by the
 * typecheck: a wrong parameter or a field the DTO lacks does not compile), and turns a refusal
 * into the table's ChannelError with the ErrorDto.
 */

describe('the channel kit', () => {
  let dir: string;
  let db: Db;
  let kit: ChannelKit;
  let id: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'uw-kit-'));
    db = openDb({ file: join(dir, 'uw.sqlite') });
    ensureUsers(db, ['owner@example.com']);
    insertIntoEmptyStore(db, { order: DEMO_TABLE_ORDER, rows: generateDemoPortfolio({ deals: 2, ownerIds: ['owner@example.com'] }), mayExist: new Set(['users', 'loansPackages']) });
    id = allDealIds(db)[0]!;
    kit = createChannelKit(
      {
        mode: 'web',
        gateway: { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(dir), now: () => new Date('2026-11-21T10:00:00Z') },
        dataDir: dir,
        emit: () => {},
        exportTarget: async () => null,
      },
      createLongWork(),
    );
  });

  afterAll(() => {
    closeDb(db);
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the endpoint body without its envelope, typed by the endpoint table', async () => {
    const deal = await kit.gateway('getDealInfo', { id });
    expect(deal).not.toHaveProperty('success');
    expect(deal).not.toHaveProperty('error');
    const name: string = deal.seedName;
    expect(name.length).toBeGreaterThan(0);
    // @ts-expect-error the deal's DTO has no such field
    expect(deal.noSuchField).toBeUndefined();
    // @ts-expect-error getDealInfo is read by its id, not by a dealId
    await expect(kit.gateway('getDealInfo', { dealId: id })).rejects.toBeInstanceOf(ChannelError);
  });

  it('turns a gateway refusal into a ChannelError carrying the ErrorDto', async () => {
    const refused = await kit.gateway('getDealInfo', { id: 'no-such-deal' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ChannelError);
    expect((refused as ChannelError).details).toMatchObject({ code: 'MissingEntity', target: 'id', error: { code: 'MissingEntity', target: 'id' } });
  });
});
