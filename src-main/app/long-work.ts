/*
 * The long pieces of work the UI can cancel (issue 17): the cross-deal report and portfolio
 * stress exports, and a run of the portfolio stress. The renderer names each call with an id
 * (exportId, runId); `work.cancel` with that id aborts its signal. The work checks the signal
 * between batches, so it stops within one batch (a few hundred deals) and writes nothing more.
 */

export interface LongWork {
  /**
   * Runs `work` under the id with a fresh signal; the id is forgotten when it settles. An id
   * already running is aborted first (a renderer reusing an id wants the new run).
   */
  run<T>(id: string, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Aborts the work of that id; false when none runs (finished already, or never started). */
  cancel(id: string): { cancelling: boolean };
  /** Aborts everything (the app is closing). */
  cancelAll(): void;
}

export function createLongWork(): LongWork {
  const running = new Map<string, AbortController>();
  return {
    async run(id, work) {
      running.get(id)?.abort();
      const controller = new AbortController();
      running.set(id, controller);
      try {
        return await work(controller.signal);
      } finally {
        if (running.get(id) === controller) running.delete(id);
      }
    },
    cancel(id) {
      const controller = running.get(id);
      if (!controller) return { cancelling: false };
      controller.abort();
      return { cancelling: true };
    },
    cancelAll() {
      for (const controller of running.values()) controller.abort();
      running.clear();
    },
  };
}
