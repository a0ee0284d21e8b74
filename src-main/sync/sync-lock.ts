import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// One sync per data directory at a time, across processes: `uw sync` and the workstation (the
// desktop app or `uw serve --web`) take the same sync.lock file in the data directory, holding
// the pid of the process that syncs. A lock whose process is gone (a killed sync) is taken over.

export const SYNC_LOCK_FILE = 'sync.lock';

/** Another process syncs this data directory. */
export class SyncLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
    options?: ErrorOptions,
  ) {
    super(`another sync of ${dataDir} is running (pid ${pid})`, options);
    this.name = 'SyncLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  const pid = Number(text);
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/**
 * The pid of another live process holding the lock of `dataDir`, or null (free, stale, or
 * held by this process).
 */
export function syncLockHolder(dataDir: string): number | null {
  const pid = holderOf(join(dataDir, SYNC_LOCK_FILE));
  return pid !== null && pid !== process.pid && isAlive(pid) ? pid : null;
}

/**
 * Takes the lock of `dataDir`; returns its release. Throws SyncLockedError while another live
 * process holds it.
 */
export function acquireSyncLock(dataDir: string): () => void {
  const file = join(dataDir, SYNC_LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) unlinkSync(file);
        } catch {
          // already gone
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holderOf(file);
      if (pid !== null && pid !== process.pid && isAlive(pid)) throw new SyncLockedError(dataDir, pid, { cause: err });
      try {
        unlinkSync(file);
      } catch {
        // raced with another taker; try again
      }
    }
  }
  throw new Error(`cannot take the sync lock ${file}`);
}
