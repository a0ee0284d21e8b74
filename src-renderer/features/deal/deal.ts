import type { ChannelOutput } from '../../../src-main/contract';

/** A deal as the deal page and its tabs show it: the answer of the deal read. */
export type Deal = ChannelOutput<'deal.info'>;
