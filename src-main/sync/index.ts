// Sync with the central platform (docs/sync.md; README "Sync with the central platform").
export { runSync, type SyncMode, type SyncOptions } from './engine';
export type { SyncEvent, SyncPhase, SyncSummary } from './events';
export { SyncError, RemoteError, type SyncFailureKind } from './errors';
export { createRemoteClient, TokenSource, type RemoteClient, type RemoteConfig, type RetryPolicy } from './remote-client';
export { changedDeals, keepMine, listConflicts, listOutbox, pulledDealHashes, takeTheirs, type OutboxItem } from './conflicts';
export { hasCredentials, normaliseUrl, withoutCredentials } from './urls';
export { SyncScheduler, type ScheduledRunOutcome, type SchedulerTimers, type SyncSchedulerOptions } from './scheduler';
export { recordedClient, replayDealReads, type ReplayRead } from './replay';
// One sync of a data directory at a time, across processes (the workstation and uw sync).
export { acquireSyncLock, syncLockHolder, SyncLockedError, SYNC_LOCK_FILE } from './sync-lock';
