import type { SYNC_CHANNELS } from '../../contract';
import { SyncServiceError, type SyncService } from '../sync-service';
import type { ChannelKit, HandlersOf } from './kit';

// Sync with the central platform (sync-service/): a sync refusal becomes the table's, with its details.

export function syncChannels({ refuse }: ChannelKit, sync: SyncService): HandlersOf<typeof SYNC_CHANNELS> {
  const syncCall =
    <I, O>(fn: (input: I) => O | Promise<O>) =>
    async (input: I): Promise<Awaited<O>> => {
      try {
        return await fn(input);
      } catch (error) {
        if (error instanceof SyncServiceError) throw refuse(error.message, error.details);
        throw error;
      }
    };
  return {
    'sync.status': syncCall(() => sync.status()),
    'sync.configure': syncCall((input) => sync.configure(input)),
    'sync.testConnection': syncCall((input) => sync.testConnection(input)),
    'sync.run': syncCall(({ mode }) => sync.run({ mode, trigger: 'manual' })),
    'sync.cancel': syncCall(() => sync.cancel()),
    'sync.outbox': syncCall(() => sync.outbox()),
    'sync.keepMine': syncCall(({ id }) => sync.keepMine(id)),
    'sync.takeTheirs': syncCall(({ id }) => sync.takeTheirs(id)),
  };
}
