// Why a sync could not complete, as one line a person can act on. Messages never carry the
// client secret or a token: the remote client builds them from the method, the path and the
// status only.

export type SyncFailureKind =
  /** The platform could not be reached, or kept failing (network, timeout, 5xx, 429). */
  | 'unavailable'
  /** The platform refused the client credentials or the token. */
  | 'auth'
  /** The platform answered something this client does not understand. */
  | 'protocol'
  /** The data directory is linked to another platform, or another sync is running. */
  | 'local'
  /** The sync was stopped (abort signal). */
  | 'aborted';

export class SyncError extends Error {
  readonly kind: SyncFailureKind;
  constructor(kind: SyncFailureKind, message: string) {
    super(message);
    this.name = 'SyncError';
    this.kind = kind;
  }
}

/**
 * A failed call to the platform. `mayHaveApplied` is true for a write whose outcome is unknown
 * (the request may have reached the platform: a timeout, a dropped response, a 5xx): the push
 * then resolves it by reading, never by blindly sending it again.
 */
export class RemoteError extends SyncError {
  readonly status: number | undefined;
  readonly mayHaveApplied: boolean;
  constructor(kind: SyncFailureKind, message: string, options: { status?: number; mayHaveApplied?: boolean } = {}) {
    super(kind, message);
    this.name = 'RemoteError';
    this.status = options.status;
    this.mayHaveApplied = options.mayHaveApplied ?? false;
  }
}
