import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import type { AssetType, LoanType } from '../enums';
import { addressText, shortText } from '../scalars';
import { Id } from './shared';

/*
 * The channels of the "New deal" flow and of the deal comparison (issue 15), kept in their own
 * file and spread into APP_CHANNELS (channels/index.ts). The creates
 * themselves are the existing deals.createResidential|Commercial|Hotel channels.
 */

/** Fewest and most deals a comparison shows side by side. */
export const COMPARE_LIMITS = { min: 2, max: 4 } as const;

const CompareIds = z
  .array(Id)
  .min(COMPARE_LIMITS.min, `Select at least ${COMPARE_LIMITS.min} deals to compare.`)
  .max(COMPARE_LIMITS.max, `Compare at most ${COMPARE_LIMITS.max} deals at a time.`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each deal can be compared once.');

export const AddressPreviewInput = z
  .object({
    fullAddress: addressText().trim().min(1, 'Enter the street address.'),
    additionalFreeText: shortText().optional(),
  })
  .strict();
export type AddressPreviewInput = z.infer<typeof AddressPreviewInput>;

export const DEAL_CHANNELS = {
  /** The users a deal can be owned by (the owner picker of the New deal form). */
  'users.list': channel(z.object({}).strict()).returns<{ users: UserOption[] }>(),
  /** What the place lookup makes of an address as it is typed, and the deal already there. */
  'deals.addressPreview': channel(AddressPreviewInput).returns<AddressPreview>(),
  /** Deals created here that the platform does not have yet (the "Waiting to sync" badges). */
  'deals.syncWaiting': channel(z.object({}).strict()).returns<SyncWaitingView>(),
  /** One deal's standing with the platform, and where it went once the platform gave it its id. */
  'deal.syncState': channel(z.object({ id: Id }).strict()).returns<DealSyncStateView>(),
  /** The key figures of 2 to 4 deals side by side. */
  'deals.compare': channel(z.object({ ids: CompareIds }).strict()).returns<DealComparison>(),
  /** The same comparison as an XLSX workbook (Electron: a save dialog; web mode: a download). */
  'deals.compareExport': channel(z.object({ ids: CompareIds }).strict()).returns<CompareExportResult>(),
} as const satisfies Record<string, ChannelSpec>;

// --- results ----------------------------------------------------------------------------------

export interface UserOption {
  /** The user id, an e-mail address. */
  id: string;
  name: string | null;
}

/** A deal already at an address (same place id or the same normalised address key). */
export interface DealAtAddress {
  dealId: string;
  seedName: string;
  fullAddress: string;
}

export type AddressPreview =
  | {
      ok: true;
      /** The address as the place lookup resolved it. */
      place: { fullAddress: string; city: string; state: string; zipCode: string; lat: number; lng: number; placeId: string };
      /** Deals already at this place: a create there is refused as Duplicated. */
      existing: DealAtAddress[];
    }
  | { ok: false; target: string; message: string };

/**
 * waiting: created here, queued for the platform (or being sent); rejected: the platform refused
 * the create (see Sync); synced: the platform has it; local: the data directory is not linked.
 */
export type DealSyncState = 'waiting' | 'rejected' | 'synced' | 'local';

export interface DealSyncStateView {
  state: DealSyncState;
  /** Why the platform refused the create (rejected), else null. */
  reason: string | null;
  /** A deal created here and since replaced by the platform's copy: its id there (else null). */
  movedTo: string | null;
}

export interface SyncWaitingView {
  /** Deals created here whose create is queued or in flight. */
  waiting: string[];
  /** Deals created here whose create the platform refused. */
  rejected: string[];
}

/** How a comparison figure is formatted (the same kinds as the report's columns). */
export type CompareFigureKind = 'money' | 'rate' | 'ratio' | 'multiple' | 'percentNumber' | 'text';

export interface CompareFigure {
  key: string;
  label: string;
  kind: CompareFigureKind;
  /** One value per deal, in the order of `deals` (null: not available). */
  values: (number | string | null)[];
  /** Whether the deals' values differ. */
  differs: boolean;
}

export interface DealComparison {
  deals: { id: string; seedName: string; loanId: string | null; loanType: LoanType; propertyType: AssetType }[];
  figures: CompareFigure[];
}

export type CompareExportResult =
  | { cancelled: true }
  | { cancelled: false; file: string; fileName: string; deals: number; downloadUrl?: string };
