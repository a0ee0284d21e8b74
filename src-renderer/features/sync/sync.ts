import { useQueryClient } from '@tanstack/react-query';
import {
  DEAL_PROPERTIES,
  RATE_INDEXES,
  type SettingsView,
  type SyncLocalOnlyView,
  type SyncOutboxStatus,
  type SyncProgressView,
  type SyncStatusView,
} from '../../../src-main/contract';
import { queryKey, useChannel, useEvent } from '../../shared/api';
import { inputKind, PROPERTIES, propertyLabel, type Property } from '../../shared/deal-properties';
import { date, EMPTY, int, label, months, num, timestamp, usd } from '../../shared/format';

/*
 * Sync with the central platform, as the renderer shows it: the status (a query kept current by
 * 'sync.status' events), and how outbox values read. Values come in their read form (ratios as
 * decimals, money in USD): shown the way the deal page shows the same field.
 */

/** The sync status, live: fetched once, then replaced by every 'sync.status' event. */
export function useSyncStatus() {
  const queryClient = useQueryClient();
  const query = useChannel('sync.status', {}, { staleTime: Infinity });
  useEvent('sync.status', (status) => queryClient.setQueryData(queryKey('sync.status', {}), status));
  return query;
}

const PROPERTY_SET = new Set<string>(PROPERTIES);
export const isProperty = (field: string): field is Property => PROPERTY_SET.has(field);

/** The label of an outbox row's field. */
export function fieldLabel(field: string, config?: SettingsView['config']): string {
  if (field === '$create') return 'New deal (created here)';
  return isProperty(field) ? propertyLabel(field, config) : field;
}

const precisePercent = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 });
const preciseMoney = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 2 });

/**
 * One value of a field as an underwriter reads it: money as USD, ratios as percentages (with the
 * precision a rate needs), terms in months, dates, yes/no, enum labels. Nothing is rounded away
 * that could make two different values look the same.
 */
export function formatFieldValue(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY;
  if (!isProperty(field)) {
    if (field === '$create' && typeof value === 'object' && value !== null && 'dealName' in value) return String((value as { dealName: unknown }).dealName);
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  const kind = inputKind(field);
  if (typeof value === 'number') {
    switch (kind) {
      case 'money':
        return Number.isInteger(value) ? usd(value) : preciseMoney.format(value);
      case 'percent':
        return `${precisePercent.format(value * 100)}%`;
      case 'months':
        return months(value);
      default:
        return Number.isInteger(value) ? int(value) : num(value, 4).replace(/0+$/, '').replace(/\.$/, '');
    }
  }
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value !== 'string') return JSON.stringify(value);
  if (kind === 'date') return date(value);
  if (field === 'RateIndex') return RATE_INDEXES.find((r) => r.id === value || r.display === value)?.display ?? value;
  if (DEAL_PROPERTIES[field].kind === 'enum') return label(value);
  return value;
}

/** A read-form value as the text of the field's input (percentages x 100, money grouped). */
export function inputText(field: Property, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    if (DEAL_PROPERTIES[field].kind === 'percent') return String(Number((value * 100).toPrecision(12)));
    if (inputKind(field) === 'money') return value.toLocaleString('en-US', { maximumFractionDigits: 2 });
    return String(Number(value.toPrecision(12)));
  }
  return String(value);
}

export const STATUS_LABELS: Record<SyncOutboxStatus, string> = {
  pending: 'Waiting to be sent',
  inflight: 'Being sent',
  ambiguous: 'Outcome unknown: settled at the next sync',
  conflict: 'Conflict',
  rejected: 'Rejected by the platform',
};

const plural = (n: number, one: string, many = `${one}s`) => `${int(n)} ${n === 1 ? one : many}`;

/** Rows of this workstation that the platform does not have and that no outbox row will send. */
export function stayingHere(localOnly: SyncLocalOnlyView): number {
  return localOnly.createdHere + localOnly.importedCollaterals + localOnly.otherDeals;
}

/**
 * The outbox's headline: what waits to be sent (edits and new deals), the conflicts and
 * rejections, and what stays on this workstation. "Empty" only when all of it is nothing (and
 * what stays here is known: `localOnly` is undefined until the outbox is read).
 */
export function outboxHeadline(counts: Record<SyncOutboxStatus, number>, localOnly: SyncLocalOnlyView | undefined): { text: string; empty: boolean } {
  const waiting = counts.pending + counts.inflight + counts.ambiguous;
  const staying = localOnly ? stayingHere(localOnly) : 0;
  if (waiting + counts.conflict + counts.rejected + staying === 0) {
    return localOnly ? { text: 'Empty: every local edit is on the platform.', empty: true } : { text: 'Nothing waiting to be sent.', empty: false };
  }
  const newDeals = localOnly?.newDealsWaiting ?? 0;
  const parts = [
    `${int(waiting)} waiting${newDeals > 0 ? ` (${plural(newDeals, 'new deal')})` : ''}`,
    plural(counts.conflict, 'conflict'),
    `${int(counts.rejected)} rejected`,
  ];
  if (staying > 0) parts.push(`${int(staying)} only on this workstation`);
  return { text: parts.join(' · '), empty: false };
}

/** What stays on this workstation, one sentence per kind (nothing when there is none). */
export function localOnlyLines(localOnly: SyncLocalOnlyView): string[] {
  const lines: string[] = [];
  if (localOnly.createdHere > 0) {
    lines.push(`${plural(localOnly.createdHere, 'deal')} created here before this workstation was linked to the platform: ${localOnly.createdHere === 1 ? 'it stays' : 'they stay'} here and ${localOnly.createdHere === 1 ? 'is' : 'are'} not sent.`);
  }
  if (localOnly.importedCollaterals > 0) {
    lines.push(`${plural(localOnly.importedCollaterals, 'collateral')} imported here into the platform's deals: kept here, not sent.`);
  }
  if (localOnly.otherDeals > 0) {
    lines.push(`${plural(localOnly.otherDeals, 'deal')} of this workstation's own book (the demo portfolio's sample deals, or deals from before the link) ${localOnly.otherDeals === 1 ? 'is' : 'are'} not on the platform and ${localOnly.otherDeals === 1 ? 'stays' : 'stay'} here.`);
  }
  return lines;
}

/** Why a row is a conflict, in the underwriter's words (the platform's own reasons as they come). */
export function conflictReason(reason: string | null): string | null {
  if (reason === null) return null;
  if (/^ChangedOnPlatform\b/.test(reason)) return 'Changed on the platform too since you edited it here.';
  if (/^NoCommonAncestor\b/.test(reason)) {
    return 'This deal was on this workstation before its first sync, and the platform holds another value: there is no earlier value common to both, so you choose.';
  }
  return reason;
}

/** What a running sync is doing, in words. */
export function progressText(progress: SyncProgressView): string {
  if (progress.cancelling) return 'Stopping the sync…';
  switch (progress.phase) {
    case 'connect':
      return 'Connecting to the platform…';
    case 'recover':
      return 'Settling edits a previous sync left unanswered…';
    case 'pull':
      return progress.total > 0 ? `Reading deals from the platform: ${int(progress.done)} of ${int(progress.total)}` : 'Reading the platform’s deal list…';
    case 'push':
      return progress.total > 0 ? `Sending local edits: ${int(progress.done)} of ${int(progress.total)}` : 'Sending local edits…';
    case 'done':
      return 'Finishing…';
  }
}

export interface ConnectionLook {
  text: string;
  color: string;
  /** A longer explanation (tooltip, accessible label). */
  detail: string;
}

/**
 * How the header badge shows the connection, in what is known: never "connected" beside "not
 * checked". Configured but not contacted since the app started: when it last synced (or that it
 * never did); contacted: online (and whether it ever synced) or offline with the reason.
 */
export function connectionLook(status: SyncStatusView): ConnectionLook {
  const where = status.settings.baseUrl ?? 'the central platform';
  const synced = status.lastSuccessAt ? `Last synced ${timestamp(status.lastSuccessAt)}.` : 'Never synced yet: open Sync and choose Sync now.';
  const lastFailed = status.last && status.last.outcome !== 'completed' ? ` The last sync ${status.last.outcome === 'failed' ? 'failed' : 'was cancelled'} (${timestamp(status.last.finishedAt)}).` : '';
  switch (status.connection) {
    case 'syncing': {
      const percent = status.running?.percent ?? 0;
      return { text: `Syncing ${percent}%`, color: 'blue', detail: status.running ? `${progressText(status.running)} (${percent}%)` : 'Syncing' };
    }
    case 'online':
      return status.lastSuccessAt
        ? { text: 'Online', color: 'teal', detail: `Connected to ${where}. ${synced}${lastFailed}` }
        : { text: 'Online, never synced', color: 'teal', detail: `Connected to ${where}. ${synced}${lastFailed}` };
    case 'offline':
      return { text: 'Offline', color: 'red', detail: `Offline: ${status.lastError ?? 'the platform cannot be reached'}. ${synced}${lastFailed}` };
    case 'unknown':
      return status.lastSuccessAt
        ? { text: `Synced ${timestamp(status.lastSuccessAt)}`, color: 'gray', detail: `Set up to sync with ${where}, not contacted since the app started. ${synced}${lastFailed}` }
        : { text: 'Never synced', color: 'gray', detail: `Set up to sync with ${where}, not contacted yet. ${synced}${lastFailed}` };
    case 'not-connected':
      return { text: 'Not connected', color: 'gray', detail: 'Not connected to a central platform: open Sync to connect.' };
  }
}

/** 1.2 s, 850 ms, 2 min 5 s */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}
