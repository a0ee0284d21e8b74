/*
 * Cancelling a long export (issue 17): the writers consume their rows batch by batch, so a
 * cancel is checked between batches. The abort throws out of the writer's loop; the writer's
 * temporary file is removed (writeAtomically), so a cancelled export leaves nothing at its target.
 */

/** The batches of `source`, stopping with the signal's reason (an AbortError) once it is aborted. */
export async function* abortable<T>(source: AsyncIterable<T>, signal: AbortSignal | undefined): AsyncGenerator<T, void, undefined> {
  signal?.throwIfAborted();
  if (!signal) {
    yield* source;
    return;
  }
  // Leaving the loop by a throw closes the source (return()), ending its reads.
  for await (const batch of source) {
    signal.throwIfAborted();
    yield batch;
  }
  signal.throwIfAborted();
}

/** Whether an error is the abort of `signal` (and not a failure that happened meanwhile). */
export function isAbortOf(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && (error === signal.reason || (error instanceof Error && error.name === 'AbortError'));
}
