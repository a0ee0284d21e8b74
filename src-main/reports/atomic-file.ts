import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** A hidden temporary name next to the target (same directory, so the final rename is atomic). */
export function tempNameFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
}

/**
 * Writes a file through a temporary file next to it: `write` fills the temporary file, which
 * is flushed to disk and renamed over the target only when complete. A crash or an error never
 * leaves a half-written file under the target name (an earlier report there stays intact);
 * on an error the temporary file is removed.
 */
export async function writeAtomically<T>(target: string, write: (tempFile: string) => Promise<T>): Promise<T> {
  const temp = tempNameFor(target);
  try {
    const result = await write(temp);
    const handle = await open(temp, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    return result;
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
