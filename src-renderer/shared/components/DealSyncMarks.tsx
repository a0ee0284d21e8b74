import { Alert, Anchor, Badge, Text, Tooltip } from '@mantine/core';
import { useEffect } from 'react';
import { useChannel } from '../api';
import { navigate, routePath } from '../router';

/*
 * "Waiting to sync": a deal created in a data directory linked to the central platform stays
 * in the sync outbox until the next sync creates it there (docs/sync.md). The pipeline marks it
 * next to its name, the deal page in its header. Every data.changed (a create, a sync) refetches.
 */

/** The pipeline's mark: one shared query for every row on screen. */
export function WaitingToSyncMark({ dealId }: { dealId: string }) {
  const waiting = useChannel('deals.syncWaiting', {}, { staleTime: 5_000 });
  if (!waiting.data) return null;
  if (waiting.data.waiting.includes(dealId)) {
    return (
      <span className="uw-sync-mark" data-testid="waiting-to-sync" title="Created here: goes to the central platform with the next sync" style={MARK_STYLE}>
        Waiting to sync
      </span>
    );
  }
  if (waiting.data.rejected.includes(dealId)) {
    return (
      <span className="uw-sync-mark" data-testid="sync-rejected" title="The platform refused this deal: see Sync" style={{ ...MARK_STYLE, background: 'var(--mantine-color-red-light)', color: 'var(--mantine-color-red-light-color)' }}>
        Refused
      </span>
    );
  }
  return null;
}

const MARK_STYLE = {
  flex: 'none',
  marginLeft: 6,
  padding: '0 6px',
  borderRadius: 8,
  fontSize: 11,
  lineHeight: '18px',
  background: 'var(--mantine-color-blue-light)',
  color: 'var(--mantine-color-blue-light-color)',
  whiteSpace: 'nowrap',
} as const;

/** The deal page's badge: waiting to sync, or refused by the platform (with its reason). */
export function DealSyncBadge({ dealId }: { dealId: string }) {
  const state = useChannel('deal.syncState', { id: dealId }, { staleTime: 5_000 });
  if (state.data?.state === 'waiting') {
    return (
      <Tooltip label="Created here: it goes to the central platform with the next sync" withArrow>
        <Badge component="a" href={routePath({ name: 'sync' })} color="blue" variant="light" data-testid="deal-waiting-to-sync" style={{ cursor: 'pointer', textTransform: 'none' }}>
          Waiting to sync
        </Badge>
      </Tooltip>
    );
  }
  if (state.data?.state === 'rejected') {
    return (
      <Tooltip label={`The platform refused this deal: ${state.data.reason ?? 'see Sync'}`} multiline maw={420} withArrow>
        <Badge component="a" href={routePath({ name: 'sync' })} color="red" variant="light" data-testid="deal-sync-rejected" style={{ cursor: 'pointer', textTransform: 'none' }}>
          Refused by the platform
        </Badge>
      </Tooltip>
    );
  }
  return null;
}

/**
 * A deal page whose deal is gone because the sync replaced it by the platform's copy (a deal
 * created here gets the platform's id): go to that copy.
 */
export function DealMovedNote({ dealId }: { dealId: string }) {
  const state = useChannel('deal.syncState', { id: dealId });
  const movedTo = state.data?.movedTo ?? null;
  useEffect(() => {
    if (movedTo) navigate({ name: 'deal', id: movedTo, tab: 'terms' });
  }, [movedTo]);
  if (!movedTo) return null;
  return (
    <Alert color="blue" variant="light">
      <Text size="sm">
        This deal is now on the central platform: <Anchor href={routePath({ name: 'deal', id: movedTo, tab: 'terms' })}>open it</Anchor>.
      </Text>
    </Alert>
  );
}
