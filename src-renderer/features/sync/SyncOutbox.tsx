import { Alert, Anchor, Badge, Button, Group, Kbd, Paper, SimpleGrid, Stack, Tabs, Text, Title, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type KeyboardEvent } from 'react';
import type { SettingsView, SyncOutboxItem, SyncOutboxView, SyncStatusView } from '../../../src-main/contract';
import { call, queryKey, useChannel } from '../../shared/api';
import { DataTable, ErrorNote, QueryView } from '../../shared/components/common';
import { PropertyInput } from '../../shared/components/PropertyInput';
import { validateValue, wireValue } from '../../shared/deal-properties';
import { int, timestamp } from '../../shared/format';
import { routePath } from '../../shared/router';
import { conflictReason, fieldLabel, formatFieldValue, inputText, isProperty, localOnlyLines, outboxHeadline, STATUS_LABELS } from './sync';

/**
 * The outbox: conflicts (base, mine and theirs per field, keep mine / take theirs), edits the
 * platform rejected (with its reason: edit, retry or discard), and the edits waiting to be sent.
 * Refreshed whenever the sync status says the outbox changed.
 */
export function SyncOutbox({ status }: { status: SyncStatusView }) {
  const queryClient = useQueryClient();
  const outbox = useChannel('sync.outbox', {});
  const settings = useChannel('settings.get', {});
  const counts = status.outbox;
  const countsKey = JSON.stringify(counts);
  const finished = status.last?.finishedAt ?? '';
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: ['sync.outbox'] });
  }, [countsKey, finished, queryClient]);

  const waiting = counts.pending + counts.inflight + counts.ambiguous;
  const [tab, setTab] = useState<string | null>(null);
  const current = tab ?? (counts.conflict > 0 ? 'conflicts' : counts.rejected > 0 ? 'rejected' : 'waiting');

  return (
    <Paper withBorder p="md" radius="sm" id="sync-outbox">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Outbox
          </Title>
          <Text size="sm" c="dimmed" data-testid="outbox-counts">
            {outboxHeadline(counts, outbox.data?.localOnly).text}
          </Text>
        </Group>
        <Tabs value={current} onChange={setTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="conflicts" rightSection={<CountBadge n={counts.conflict} color="orange" />} data-testid="outbox-tab-conflicts">
              Conflicts
            </Tabs.Tab>
            <Tabs.Tab value="rejected" rightSection={<CountBadge n={counts.rejected} color="red" />} data-testid="outbox-tab-rejected">
              Rejected
            </Tabs.Tab>
            <Tabs.Tab value="waiting" rightSection={<CountBadge n={waiting} color="gray" />} data-testid="outbox-tab-waiting">
              Waiting
            </Tabs.Tab>
          </Tabs.List>
          <QueryView query={outbox} label="the outbox">
            {(view) => (
              <>
                <Tabs.Panel value="conflicts" pt="sm">
                  <Conflicts view={view} syncing={!!status.running} config={settings.data?.config} />
                </Tabs.Panel>
                <Tabs.Panel value="rejected" pt="sm">
                  <Rejected view={view} syncing={!!status.running} config={settings.data?.config} />
                </Tabs.Panel>
                <Tabs.Panel value="waiting" pt="sm">
                  <Waiting view={view} config={settings.data?.config} />
                </Tabs.Panel>
              </>
            )}
          </QueryView>
        </Tabs>
      </Stack>
    </Paper>
  );
}

function CountBadge({ n, color }: { n: number; color: string }) {
  return (
    <Badge size="xs" variant={n > 0 ? 'filled' : 'light'} color={n > 0 ? color : 'gray'} circle={n < 10}>
      {n}
    </Badge>
  );
}

function DealLink({ item }: { item: SyncOutboxItem }) {
  const name = item.dealName ?? item.dealId;
  if (item.field === '$create' && item.dealName === null) return <>{name}</>;
  return (
    <Anchor href={routePath({ name: 'deal', id: item.dealId, tab: 'terms' })} size="sm">
      {name}
    </Anchor>
  );
}

/** keep mine / take theirs as a mutation that refreshes the outbox. */
function useSettle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'sync.keepMine' | 'sync.takeTheirs' }) => call(action, { id }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKey('sync.outbox', {}), view);
    },
  });
}

// --- conflicts ----------------------------------------------------------------------------------

function Conflicts({ view, syncing, config }: { view: SyncOutboxView; syncing: boolean; config: SettingsView['config'] | undefined }) {
  const settle = useSettle();
  const conflicts = view.items.filter((i) => i.status === 'conflict');
  if (conflicts.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="conflicts-empty">
        No conflicts. A field changed both here and on the platform since the last sync shows up here, for you to decide.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="conflicts">
      <Text size="sm" c="dimmed">
        These fields changed both here and on the platform. Nothing is overwritten until you decide: <b>keep mine</b> sends your value at the next sync, <b>take theirs</b> replaces
        yours with the platform’s now. With a conflict focused, <Kbd size="xs">M</Kbd> keeps mine and <Kbd size="xs">T</Kbd> takes theirs.
      </Text>
      {settle.isError && <ErrorNote title="The conflict was not settled" error={settle.error} />}
      {conflicts.map((item) => (
        <ConflictCard
          key={item.id}
          item={item}
          config={config}
          disabled={syncing || settle.isPending}
          disabledWhy={syncing ? 'Wait for the running sync to finish.' : null}
          onKeep={() => settle.mutate({ id: item.id, action: 'sync.keepMine' })}
          onTake={() => settle.mutate({ id: item.id, action: 'sync.takeTheirs' })}
        />
      ))}
    </Stack>
  );
}

function ValueBox({ title, hint, value, testId, strong }: { title: string; hint: string; value: string; testId: string; strong?: boolean }) {
  return (
    <Stack gap={0} miw={0}>
      <span className="uw-figure-label">{title}</span>
      <Text fw={strong ? 700 : 500} className="uw-ellipsis" title={value} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Stack>
  );
}

function ConflictCard({
  item,
  config,
  disabled,
  disabledWhy,
  onKeep,
  onTake,
}: {
  item: SyncOutboxItem;
  config: SettingsView['config'] | undefined;
  disabled: boolean;
  disabledWhy: string | null;
  onKeep: () => void;
  onTake: () => void;
}) {
  const label = fieldLabel(item.field, config);
  const deal = item.dealName ?? item.dealId;
  const titleId = `conflict-${item.id}-title`;
  const keepDisabled = disabled || item.deletedRemotely;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'm' && !keepDisabled) {
      event.preventDefault();
      onKeep();
    } else if (key === 't' && !disabled) {
      event.preventDefault();
      onTake();
    }
  };
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      role="group"
      aria-labelledby={titleId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="conflict"
      data-field={item.field}
      data-deal-id={item.dealId}
      className="uw-focusable"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} id={titleId}>
            {label} · <DealLink item={item} />
          </Text>
          <Badge color="orange" variant="light">
            conflict
          </Badge>
        </Group>
        {item.deletedRemotely ? (
          <Text size="xs" c="red">
            The platform no longer has this deal. Take theirs removes it here too; keep mine cannot bring it back.
          </Text>
        ) : (
          item.reason && (
            <Text size="xs" c="dimmed">
              {conflictReason(item.reason)}
            </Text>
          )
        )}
        <SimpleGrid cols={3} spacing="md">
          <ValueBox title="Base" hint="the platform’s value when you started editing" value={formatFieldValue(item.field, item.base)} testId="conflict-base" />
          <ValueBox title="Mine" hint="your value, here" value={formatFieldValue(item.field, item.mine)} testId="conflict-mine" strong />
          <ValueBox
            title="Theirs"
            hint="the platform’s value now"
            value={item.deletedRemotely ? 'deleted on the platform' : item.theirsKnown ? formatFieldValue(item.field, item.theirs) : 'unknown'}
            testId="conflict-theirs"
            strong
          />
        </SimpleGrid>
        <Group gap="xs">
          <Tooltip label={disabledWhy ?? (item.deletedRemotely ? 'The deal is gone from the platform' : 'Send my value to the platform at the next sync')} withArrow>
            <Button size="xs" onClick={onKeep} disabled={keepDisabled} aria-label={`Keep mine (${formatFieldValue(item.field, item.mine)}) for ${label} of ${deal}`} data-testid="keep-mine">
              Keep mine
            </Button>
          </Tooltip>
          <Tooltip label={disabledWhy ?? 'Replace my value with the platform’s, now'} withArrow>
            <Button
              size="xs"
              variant="default"
              onClick={onTake}
              disabled={disabled}
              aria-label={`Take theirs (${item.deletedRemotely ? 'remove the deal here' : formatFieldValue(item.field, item.theirs)}) for ${label} of ${deal}`}
              data-testid="take-theirs"
            >
              {item.deletedRemotely ? 'Take theirs (remove here)' : 'Take theirs'}
            </Button>
          </Tooltip>
        </Group>
      </Stack>
    </Paper>
  );
}

// --- rejected -----------------------------------------------------------------------------------

function Rejected({ view, syncing, config }: { view: SyncOutboxView; syncing: boolean; config: SettingsView['config'] | undefined }) {
  const settle = useSettle();
  const rejected = view.items.filter((i) => i.status === 'rejected');
  if (rejected.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="rejected-empty">
        No rejected edits. An edit the platform refuses shows up here with its reason, for you to correct, send again or discard.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="rejected">
      {settle.isError && <ErrorNote title="The edit was not settled" error={settle.error} />}
      {rejected.map((item) => (
        <RejectedCard key={item.id} item={item} config={config} syncing={syncing} settle={settle} />
      ))}
    </Stack>
  );
}

function RejectedCard({
  item,
  config,
  syncing,
  settle,
}: {
  item: SyncOutboxItem;
  config: SettingsView['config'] | undefined;
  syncing: boolean;
  settle: ReturnType<typeof useSettle>;
}) {
  const queryClient = useQueryClient();
  const property = isProperty(item.field) ? item.field : null;
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(property ? inputText(property, item.mine) : '');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const label = fieldLabel(item.field, config);
  const deal = item.dealName ?? item.dealId;
  const localError = property && editing ? validateValue(property, value, undefined, config) : null;

  const edit = useMutation({
    mutationFn: () => call('deals.bulkUpdate', { itemsToUpdate: [{ id: item.dealId, updates: [{ property: property!, value: wireValue(property!, value) }] }] }),
    onSuccess: async (result) => {
      if (result.errors.length === 0) {
        setEditing(false);
        await queryClient.invalidateQueries({ queryKey: ['sync.outbox'] });
      }
    },
  });
  const refused = edit.data?.errors ?? [];
  const disabled = syncing || settle.isPending || edit.isPending;

  return (
    <Paper withBorder p="sm" radius="sm" role="group" aria-label={`Rejected: ${label} of ${deal}`} data-testid="rejected-edit" data-field={item.field} data-deal-id={item.dealId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            {label} · <DealLink item={item} />
          </Text>
          <Badge color="red" variant="light">
            rejected{item.attempts > 1 ? ` · ${item.attempts} attempts` : ''}
          </Badge>
        </Group>
        <Text size="sm" c="red" data-testid="rejected-reason">
          {item.reason ?? 'The platform refused this edit.'}
        </Text>
        <SimpleGrid cols={2} spacing="md">
          <ValueBox title="Mine" hint="kept here, not on the platform" value={formatFieldValue(item.field, item.mine)} testId="rejected-mine" strong />
          <ValueBox title="The platform’s" hint="what the platform holds" value={item.theirsKnown ? formatFieldValue(item.field, item.theirs) : 'unknown'} testId="rejected-theirs" />
        </SimpleGrid>
        {editing && property && (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!localError) edit.mutate();
            }}
            aria-label={`Correct ${label} of ${deal}`}
          >
            <Group align="flex-end" gap="xs">
              <PropertyInput property={property} value={value} onChange={setValue} error={localError ?? (refused.map((r) => r.description).join(' ') || null)} config={config} size="xs" testId="rejected-input" />
              <Button size="xs" type="submit" loading={edit.isPending} disabled={!!localError || syncing}>
                Save and queue
              </Button>
              <Button size="xs" variant="subtle" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </Group>
          </form>
        )}
        {edit.isError && <ErrorNote title="The correction was not saved" error={edit.error} />}
        {!editing && (
          <Group gap="xs">
            {property && (
              <Button size="xs" variant="default" onClick={() => setEditing(true)} disabled={disabled} data-testid="rejected-edit-button">
                Edit
              </Button>
            )}
            <Tooltip label={syncing ? 'Wait for the running sync to finish.' : 'Send the same value again at the next sync'} withArrow>
              <Button size="xs" variant="default" onClick={() => settle.mutate({ id: item.id, action: 'sync.keepMine' })} disabled={disabled} data-testid="rejected-retry">
                Retry
              </Button>
            </Tooltip>
            {confirmDiscard ? (
              <>
                <Button
                  size="xs"
                  color="red"
                  onClick={() => settle.mutate({ id: item.id, action: 'sync.takeTheirs' })}
                  disabled={disabled}
                  data-testid="rejected-discard-confirm"
                  autoFocus
                >
                  {item.field === '$create' ? 'Yes, delete the deal here' : 'Yes, take the platform’s value'}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setConfirmDiscard(false)}>
                  Keep it
                </Button>
              </>
            ) : (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmDiscard(true)} disabled={disabled} data-testid="rejected-discard">
                Discard
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

// --- waiting ------------------------------------------------------------------------------------

function Waiting({ view, config }: { view: SyncOutboxView; config: SettingsView['config'] | undefined }) {
  const waiting = view.items.filter((i) => i.status === 'pending' || i.status === 'inflight' || i.status === 'ambiguous');
  const total = view.counts.pending + view.counts.inflight + view.counts.ambiguous;
  const staying = localOnlyLines(view.localOnly);
  const stayingNote = staying.length > 0 && (
    <Alert color="gray" variant="light" title="Only on this workstation" data-testid="outbox-local-only">
      <Stack gap={4}>
        {staying.map((line) => (
          <Text size="sm" key={line}>
            {line}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
  if (total === 0) {
    return staying.length === 0 ? (
      <Text size="sm" c="dimmed" data-testid="waiting-empty">
        Nothing waiting: every local edit is on the platform.
      </Text>
    ) : (
      <Stack gap="xs">
        <Text size="sm" c="dimmed" data-testid="waiting-none">
          No edit waits to be sent.
        </Text>
        {stayingNote}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {stayingNote}
      {total > waiting.length && (
        <Alert color="gray" variant="light">
          The oldest {int(waiting.length)} of {int(total)} waiting edits are listed.
        </Alert>
      )}
      <DataTable
        rows={waiting}
        rowKey={(r) => String(r.id)}
        testId="waiting"
        maxHeight={420}
        columns={[
          { key: 'deal', title: 'Deal', render: (r) => <DealLink item={r} /> },
          { key: 'field', title: 'Field', render: (r) => fieldLabel(r.field, config) },
          { key: 'base', title: 'From (platform)', render: (r) => (r.field === '$create' ? '—' : formatFieldValue(r.field, r.base)) },
          { key: 'mine', title: 'To (mine)', render: (r) => formatFieldValue(r.field, r.mine) },
          { key: 'status', title: 'Status', render: (r) => STATUS_LABELS[r.status] },
          { key: 'since', title: 'Edited', render: (r) => timestamp(r.updatedAt) },
        ]}
      />
    </Stack>
  );
}
