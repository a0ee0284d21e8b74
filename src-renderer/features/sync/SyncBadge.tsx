import { Badge, Group, Tooltip } from '@mantine/core';
import { routePath } from '../../shared/router';
import { connectionLook, useSyncStatus } from './sync';

/**
 * The header's connection to the central platform: not connected, not checked, online,
 * offline (with the last error), syncing n %. Live from 'sync.status' events; a link to the
 * sync panel. Conflicts waiting for a decision show next to it.
 */
export function SyncBadge() {
  const status = useSyncStatus();
  if (!status.data) return null;
  const look = connectionLook(status.data);
  const conflicts = status.data.outbox.conflict;
  const rejected = status.data.outbox.rejected;
  return (
    <Group gap={6} wrap="nowrap">
      <Tooltip label={look.detail} multiline maw={420} withArrow>
        <Badge
          component="a"
          href={routePath({ name: 'sync' })}
          color={look.color}
          variant={status.data.connection === 'offline' ? 'filled' : 'light'}
          size="sm"
          aria-label={`Central platform: ${look.detail}`}
          data-testid="sync-badge"
          data-connection={status.data.connection}
          style={{ cursor: 'pointer', textTransform: 'none' }}
        >
          {look.text}
        </Badge>
      </Tooltip>
      {conflicts + rejected > 0 && (
        <Badge
          component="a"
          href={routePath({ name: 'sync' })}
          color="orange"
          variant="filled"
          size="sm"
          style={{ cursor: 'pointer', textTransform: 'none' }}
          data-testid="sync-attention-badge"
          aria-label={`${conflicts} conflict(s) and ${rejected} rejected edit(s) wait for you: open Sync`}
        >
          {conflicts > 0 ? `${conflicts} conflict${conflicts === 1 ? '' : 's'}` : `${rejected} rejected`}
        </Badge>
      )}
    </Group>
  );
}
