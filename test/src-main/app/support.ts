/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createChannelTable, type AppEnvironment } from '../../../src-main/app';
import type { ExportFileFormat } from '../../../src-main/contract';
import { createOfflinePlaceLookup } from '../../../src-main/gateway/place-lookup/offline-place-lookup';
import { closeDb, openDb, type Db } from '../../../src-main/store/db';
import { DEMO_TABLE_ORDER, generateDemoPortfolio } from '../../../src-main/demo/generate';
import { insertIntoEmptyStore } from '../../../src-main/store/bulk-insert';
import { createSqliteStore } from '../../../src-main/store/sqlite-store';
import { loadSystemConfig } from '../../../src-main/store/system-config';
import { ensureUsers } from '../../../src-main/store/users';
import { setLocalUserName } from '../../../src-main/store/deal-history';

export interface Harness {
  db: Db;
  dir: string;
  events: { event: string; payload: unknown }[];
  logs: string[];
  table: ReturnType<typeof createChannelTable>;
  /** What report.export is given as its target (null: the user cancelled). */
  exportTo: { file: string; downloadUrl?: string; fileName?: string } | null;
  call<T = unknown>(channel: string, payload?: unknown): Promise<{ ok: true; value: T } | { ok: false; error: string; details?: any }>;
  value<T = any>(channel: string, payload?: unknown): Promise<T>;
  close(): void;
}

/** A channel table over a fresh data directory, optionally with a small demo portfolio. */
export function harness(options: { deals?: number; overrides?: Partial<AppEnvironment>; userName?: string | null } = {}): Harness {
  const dir = mkdtempSync(join(tmpdir(), 'uw-app-'));
  const db = openDb({ file: join(dir, 'uw.sqlite') });
  ensureUsers(db, ['owner@example.com']);
  // The table runs in web mode, which signs changes only with a name given (null: none given yet).
  const userName = options.userName === undefined ? 'Test Underwriter' : options.userName;
  if (userName !== null) setLocalUserName(db, userName);
  // The demo portfolio as seedDemoPortfolio inserts it, synchronously (the store's own function).
  if (options.deals) {
    const rows = generateDemoPortfolio({ deals: options.deals, ownerIds: ['owner@example.com'] });
    insertIntoEmptyStore(db, { order: DEMO_TABLE_ORDER, rows, mayExist: new Set(['users', 'loansPackages']) });
  }
  const events: Harness['events'] = [];
  const logs: string[] = [];
  const h = {} as Harness;
  h.exportTo = null;
  const table = createChannelTable({
    mode: 'web',
    gateway: { store: createSqliteStore(db), places: createOfflinePlaceLookup(), config: loadSystemConfig(dir), now: () => new Date('2026-11-21T10:00:00Z') },
    dataDir: dir,
    version: '9.9.9',
    emit: (event, payload) => events.push({ event, payload }),
    exportTarget: async (_request: { format: ExportFileFormat; suggestedName: string }) => h.exportTo,
    log: (message) => logs.push(message),
    ...options.overrides,
  });
  Object.assign(h, {
    db,
    dir,
    events,
    logs,
    table,
    call: (channel: string, payload?: unknown) => table.dispatch(channel, payload) as never,
    async value(channel: string, payload?: unknown) {
      const result = await table.dispatch(channel, payload);
      if (!result.ok) throw new Error(`${channel}: ${result.error}`);
      return result.value as never;
    },
    close() {
      table.close();
      closeDb(db);
      rmSync(dir, { recursive: true, force: true });
    },
  });
  return h;
}
