import { z } from 'zod';
import { channel, type ChannelSpec } from '../channel';
import { Id } from './shared';

// The long pieces of work the UI can stop: the exports and the portfolio stress runs.

export const WORK_CHANNELS = {
  /** Stops a long piece of work by the id its call carried: an export (exportId) or a portfolio stress run (runId). */
  'work.cancel': channel(z.object({ id: Id }).strict()).returns<{ cancelling: boolean }>(),
} as const satisfies Record<string, ChannelSpec>;
