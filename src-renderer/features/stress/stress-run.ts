import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ChannelInput, ChannelOutput } from '../../../src-main/contract';
import { call, useEvent, type CallError } from '../../shared/api';

/*
 * A portfolio stress run the screen follows (issue 17): each run carries a runId, the main
 * process reports its progress (analysis.stressProgress: deals stressed of the deals selected)
 * and work.cancel with that id stops it between batches. A cancelled run is refused with the
 * code Cancelled; nothing was written either way.
 */

export type StressInput = Omit<ChannelInput<'analysis.stressPortfolio'>, 'runId'>;

/** The run in flight: its id and progress, and whether its Cancel button was pressed. */
export interface StressRunState {
  id: string;
  done: number;
  total: number;
  cancelling: boolean;
}

/** Whether a failed stress call is a run that was cancelled (not a refusal of the request). */
export function isCancelled(error: CallError | null): boolean {
  return error?.details?.code === 'Cancelled';
}

/**
 * Runs the stress of `input` (null: nothing to run yet). `attempt` is part of the query's key:
 * the screen's Run button bumps it, so pressing it runs again even for the same request.
 */
export function useStressRun(input: StressInput | null, attempt: number) {
  const [run, setRun] = useState<StressRunState | null>(null);
  const query = useQuery<ChannelOutput<'analysis.stressPortfolio'>, CallError>({
    queryKey: ['analysis.stressPortfolio', input, attempt],
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    queryFn: async ({ signal }) => {
      const runId = `stress-run-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      setRun({ id: runId, done: 0, total: 0, cancelling: false });
      // react-query dropped this run (the screen was left, or another request replaced it): stop it in the main process too.
      const stop = () => void call('work.cancel', { id: runId }).catch(() => undefined);
      signal.addEventListener('abort', stop);
      try {
        return await call('analysis.stressPortfolio', { ...input!, runId });
      } finally {
        signal.removeEventListener('abort', stop);
        setRun((r) => (r?.id === runId ? null : r));
      }
    },
  });
  useEvent('analysis.stressProgress', (p) => setRun((r) => (r && r.id === p.runId ? { ...r, done: p.done, total: p.total } : r)));

  const cancel = () => {
    if (!run) return;
    const id = run.id;
    setRun((r) => (r?.id === id ? { ...r, cancelling: true } : r));
    // Not reached: the run goes on, and its Cancel button comes back.
    call('work.cancel', { id }).catch(() => setRun((r) => (r?.id === id ? { ...r, cancelling: false } : r)));
  };
  return { query, run, cancel };
}
