import { Alert, Anchor, Button, Code, Group, Paper, Progress, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { SyncRunRecord, SyncStatusView, SyncSummaryView } from '../../../src-main/contract';
import { call } from '../../shared/api';
import { ErrorNote, Loading } from '../../shared/components/common';
import { int, timestamp } from '../../shared/format';
import { connectionLook, duration, progressText, useSyncStatus } from './sync';
import { ConnectionForm } from './ConnectionForm';
import { SyncOutbox } from './SyncOutbox';

/**
 * The sync panel: the connection to the central platform (address, optional token server,
 * client id, client secret), a connection test, "Sync now" with its progress and a cancel, the
 * last sync's summary, background sync, and the outbox with its conflicts.
 */
export function SyncScreen() {
  const status = useSyncStatus();
  return (
    <Stack gap="md" maw={1180}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Sync with the central platform
        </Title>
        {status.data && <ConnectionLine status={status.data} />}
      </Group>
      {status.isPending && <Loading label="Loading the sync status…" />}
      {status.isError && <ErrorNote title="The sync status could not be loaded" error={status.error} onRetry={() => void status.refetch()} />}
      {status.data && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ConnectionForm status={status.data} />
            <SyncNow status={status.data} />
          </SimpleGrid>
          <SyncOutbox status={status.data} />
        </>
      )}
    </Stack>
  );
}

function ConnectionLine({ status }: { status: SyncStatusView }) {
  const look = connectionLook(status);
  return (
    <Text size="sm" c={look.color === 'gray' ? 'dimmed' : look.color} data-testid="sync-connection" role="status">
      {look.detail}
    </Text>
  );
}


// --- sync now -----------------------------------------------------------------------------------

const SUMMARY: { key: keyof SyncSummaryView; label: string; hint: string }[] = [
  { key: 'pulled', label: 'Pulled', hint: 'deals brought here (new or changed on the platform)' },
  { key: 'unchanged', label: 'Unchanged', hint: 'deals the platform has as before' },
  { key: 'pushed', label: 'Pushed', hint: 'local edits the platform confirmed' },
  { key: 'created', label: 'Created', hint: 'deals created here that now exist on the platform' },
  { key: 'conflicts', label: 'Conflicts', hint: 'fields changed on both sides: your decision below' },
  { key: 'rejected', label: 'Rejected', hint: 'edits the platform refused: see below' },
  { key: 'removed', label: 'Removed', hint: 'deals the platform no longer has' },
  { key: 'queued', label: 'Still queued', hint: 'edits not settled yet (sent at the next sync)' },
];

function SyncNow({ status }: { status: SyncStatusView }) {
  const run = useMutation({ mutationFn: () => call('sync.run', {}) });
  const cancel = useMutation({ mutationFn: () => call('sync.cancel', {}) });
  const running = status.running;
  const blocked = !status.configured ? 'Save the connection (address, client id and secret) first.' : running ? 'A sync is running.' : null;

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Sync
          </Title>
          <Group gap="xs">
            <Tooltip label={blocked ?? 'Pull the platform’s changes, then push the local edits'} withArrow>
              <Button onClick={() => run.mutate()} disabled={!!blocked} data-testid="sync-now">
                Sync now
              </Button>
            </Tooltip>
            {running && (
              <Button color="red" variant="light" onClick={() => cancel.mutate()} disabled={running.cancelling} data-testid="sync-cancel">
                {running.cancelling ? 'Cancelling…' : 'Cancel'}
              </Button>
            )}
          </Group>
        </Group>
        {running ? (
          <Stack gap={4} data-testid="sync-progress">
            <Group justify="space-between">
              <Text size="sm" data-testid="sync-progress-text">
                {progressText(running)}
              </Text>
              <Text size="sm" fw={600} className="uw-num" data-testid="sync-progress-percent">
                {running.percent}%
              </Text>
            </Group>
            <Progress value={running.percent} animated aria-label={`Sync progress: ${progressText(running)}`} />
            <Text size="xs" c="dimmed">
              {running.trigger === 'background' ? 'Background sync' : 'Started'} {timestamp(running.startedAt)}
              {running.retries > 0 ? ` · ${running.retries} request(s) retried` : ''}
              {running.detail && running.phase !== 'connect' ? ` · ${running.detail}` : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {status.configured ? 'Not syncing right now.' : 'Connect to a platform to sync.'}
          </Text>
        )}
        {run.isError && <ErrorNote title="The sync did not start" error={run.error} />}
        {cancel.isError && <ErrorNote title="The sync could not be cancelled" error={cancel.error} />}
        {status.last && <LastRun record={status.last} />}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" data-testid="sync-last-success">
            Last successful sync: {status.lastSuccessAt ? timestamp(status.lastSuccessAt) : 'never'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="sync-schedule">
            {!status.settings.autoSync
              ? 'Background sync is off.'
              : !status.configured
                ? 'Background sync starts once the workstation is connected.'
                : status.nextRunAt
                  ? `Next background sync ${timestamp(status.nextRunAt)} (every ${status.settings.intervalMinutes} min while connected).`
                  : `Background sync every ${status.settings.intervalMinutes} min while connected.`}
          </Text>
          {status.linkedTo && (
            <Text size="xs" c="dimmed">
              Linked to <Code>{status.linkedTo}</Code>
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function LastRun({ record }: { record: SyncRunRecord }) {
  const when = `${record.trigger === 'background' ? 'Background sync' : 'Sync'} of ${timestamp(record.finishedAt)}`;
  if (record.outcome === 'failed') {
    return (
      <Alert color="red" variant="light" title={`${when} could not complete`} data-testid="sync-last" data-outcome="failed">
        <Text size="sm">{record.error}</Text>
        <Text size="xs" c="dimmed">
          Whatever it committed stays; the next sync resumes from there.
        </Text>
      </Alert>
    );
  }
  if (record.outcome === 'cancelled') {
    return (
      <Alert color="gray" variant="light" title={`${when} was cancelled`} data-testid="sync-last" data-outcome="cancelled">
        <Text size="sm">What it had committed stays; the next sync resumes from there.</Text>
      </Alert>
    );
  }
  const summary = record.summary!;
  return (
    <Stack gap={6} data-testid="sync-last" data-outcome="completed">
      <Text size="sm" fw={600}>
        {when}: completed in {duration(summary.durationMs)} · {int(summary.remoteDeals)} deals on the platform
      </Text>
      <SimpleGrid cols={4} spacing="xs" verticalSpacing={6} data-testid="sync-summary">
        {SUMMARY.map(({ key, label, hint }) => (
          <Tooltip key={key} label={hint} withArrow>
            <Stack gap={0} tabIndex={0} aria-label={`${label}: ${summary[key]} (${hint})`}>
              <span className="uw-figure-label">{label}</span>
              <Text
                fw={600}
                className="uw-num"
                ta="left"
                c={(key === 'conflicts' || key === 'rejected') && summary[key] > 0 ? 'orange' : undefined}
                data-testid={`sync-summary-${key}`}
              >
                {int(summary[key])}
              </Text>
            </Stack>
          </Tooltip>
        ))}
      </SimpleGrid>
      {(summary.conflicts > 0 || summary.rejected > 0) && (
        <Text size="xs">
          <Anchor component="button" type="button" size="xs" onClick={() => document.getElementById('sync-outbox')?.scrollIntoView({ behavior: 'smooth' })}>
            Settle them below.
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
