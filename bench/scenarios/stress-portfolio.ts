import { runTsChild } from '../support/child';
import { log } from '../support/log';
import { row, type Scenario } from '../support/types';

const DEALS = 10_000;
const ROUNDS = 5;

interface Measured {
  pipelineMs: number;
  stressMs: number;
  pipeline: number[];
  stressed: number[];
  deals: number;
}

export const stressPortfolio: Scenario = {
  name: 'stress-portfolio',
  needs: [{ deals: DEALS }],
  summary: `stressPortfolio of ${DEALS.toLocaleString('en-US')} deals x 3 scenarios (mild, moderate, severe) vs the pipeline read of the same deals' unstressed figures, median of ${ROUNDS} interleaved`,
  async run({ stores }) {
    const dataDir = await stores.deals(DEALS);
    const m = await runTsChild<Measured>('bench/children/stress-portfolio.ts', { dataDir, rounds: ROUNDS }, { timeoutMs: 600_000 });
    if (m.deals !== DEALS) throw new Error(`expected ${DEALS} deals, the stress saw ${m.deals}`);
    log(`stress-portfolio: stress ${m.stressed.map((x) => x.toFixed(0)).join(', ')} ms; pipeline read ${m.pipeline.map((x) => x.toFixed(0)).join(', ')} ms`);
    return [row('stress-portfolio', m.stressMs, m.pipelineMs, 'ms', { ratio: '<=', limit: 2 }, 'ceiling: the pipeline read (PipelineService.rows) of the same 10,000 deals, in the same child')];
  },
};
