import type { WORK_CHANNELS } from '../../contract';
import type { ChannelKit, HandlersOf } from './kit';

// Stops a long piece of work (an export, a portfolio stress run) by the id its call carried.

export function workChannels({ work }: ChannelKit): HandlersOf<typeof WORK_CHANNELS> {
  return {
    'work.cancel': async ({ id }) => work.cancel(id),
  };
}
