import type { SyncOutboxItem, SyncOutboxStatus, SyncOutboxView } from '../../contract';
import { CREATE_FIELD, dealRows, localOnlyCounts, outboxCounts } from '../../store';
import { keepMine, listOutbox, takeTheirs, type OutboxItem } from '../../sync';
import { describeError, SyncServiceError, type SyncCore } from './core';

// The outbox as the Sync screen lists it, and the user's decision on a conflict or a rejected edit.

/** Outbox rows listed besides every conflict and rejected edit (the counts say how many there are). */
const QUEUED_LIST_LIMIT = 500;

export function outboxActions(core: SyncCore) {
  const { db, launch, emitStatus } = core;

  function dealNames(ids: readonly string[]): Map<string, string> {
    const names = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 500) for (const row of dealRows(db, ids.slice(i, i + 500))) names.set(row.id, row.seedName);
    return names;
  }

  function toView(item: OutboxItem, names: Map<string, string>): SyncOutboxItem {
    const created = item.field === CREATE_FIELD ? (item.mine as { dealName?: unknown } | null) : null;
    return {
      id: item.id,
      dealId: item.dealId,
      dealName: names.get(item.dealId) ?? (typeof created?.dealName === 'string' ? created.dealName : null),
      field: item.field,
      status: item.status,
      base: item.base ?? null,
      mine: item.mine ?? null,
      theirs: item.theirs ?? null,
      theirsKnown: item.theirs !== undefined,
      reason: item.reason,
      deletedRemotely: item.deletedRemotely,
      attempts: item.attempts,
      updatedAt: item.updatedAt,
    };
  }

  function outbox(): SyncOutboxView {
    const items = [...listOutbox(db, ['conflict', 'rejected']), ...listOutbox(db, ['pending', 'inflight', 'ambiguous'], QUEUED_LIST_LIMIT)].sort((a, b) => a.id - b.id);
    const names = dealNames([...new Set(items.map((i) => i.dealId))]);
    return { items: items.map((i) => toView(i, names)), counts: outboxCounts(db) as Record<SyncOutboxStatus, number>, localOnly: localOnlyCounts(db) };
  }

  function settle(id: number, action: 'keepMine' | 'takeTheirs'): SyncOutboxView {
    if (launch.current) {
      throw new SyncServiceError('A sync is running: settle this edit once it has finished.', { code: 'SyncBusy' });
    }
    const row = listOutbox(db, ['conflict', 'rejected']).find((i) => i.id === id);
    try {
      if (action === 'keepMine') keepMine(db, id);
      else takeTheirs(db, id);
    } catch (error) {
      throw new SyncServiceError(describeError(error, null), { code: 'OutboxRow', target: 'id' });
    }
    if (action === 'takeTheirs' && row) core.options.onDealsChanged(row.field === CREATE_FIELD ? null : [row.dealId]);
    emitStatus();
    return outbox();
  }

  return { outbox, keepMine: (id: number) => settle(id, 'keepMine'), takeTheirs: (id: number) => settle(id, 'takeTheirs') };
}
