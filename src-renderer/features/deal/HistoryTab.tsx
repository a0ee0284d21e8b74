import { Alert, Button, Grid, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type DealHistoryEntry, HISTORY_SOURCES, type HistorySource } from '../../../src-main/contract';
import { call, messageOf, useChannel } from '../../shared/api';
import { DataTable, ErrorNote, Loading } from '../../shared/components/common';
import { timestamp } from '../../shared/format';
import { fieldLabel, formatHistoryValue, offersUndo, SOURCE_LABELS, undoneIds } from './history-view';
import { DealNotes } from './DealNotes';

/**
 * The History tab: every recorded change of the deal, newest first, filtered by field and by
 * source, each edit with its undo; the deal's notes beside it.
 */
export function HistoryTab({ dealId }: { dealId: string }) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <ChangeHistory dealId={dealId} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <DealNotes dealId={dealId} />
      </Grid.Col>
    </Grid>
  );
}

function ChangeHistory({ dealId }: { dealId: string }) {
  const queryClient = useQueryClient();
  const settings = useChannel('settings.get', {});
  const config = settings.data?.config;
  const [field, setField] = useState<string | null>(null);
  const [source, setSource] = useState<HistorySource | null>(null);
  // The whole history gives the field choices; the filtered one is what the table shows.
  const all = useChannel('deal.history', { dealId });
  const shown = useChannel('deal.history', { dealId, ...(field ? { field } : {}), ...(source ? { source } : {}) });
  const undone = undoneIds(shown.data ?? []);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string; entryId: number } | null>(null);

  const undo = useMutation({
    mutationFn: (entry: DealHistoryEntry) => call('deal.undo', { entryId: entry.id }),
    onSuccess: async ({ entry }) => {
      setOutcome({ ok: true, entryId: entry.undoOf ?? entry.id, message: `${fieldLabel(entry.field, config)} is back to ${formatHistoryValue(entry.field, entry.newValue)}.` });
      await queryClient.invalidateQueries();
    },
    onError: (error, entry) => setOutcome({ ok: false, entryId: entry.id, message: messageOf(error) }),
  });

  const fields = [...new Set((all.data ?? []).map((e) => e.field))].sort((a, b) => fieldLabel(a, config).localeCompare(fieldLabel(b, config)));

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={3} size="h5">
            Changes
          </Title>
          <Group gap="xs" align="flex-end">
            <Select
              label="Field"
              placeholder="All fields"
              size="xs"
              clearable
              searchable
              data={fields.map((f) => ({ value: f, label: fieldLabel(f, config) }))}
              value={field}
              onChange={setField}
              data-testid="history-field-filter"
            />
            <Select
              label="Source"
              placeholder="All sources"
              size="xs"
              clearable
              data={HISTORY_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] }))}
              value={source}
              onChange={(v) => setSource(v as HistorySource | null)}
              data-testid="history-source-filter"
            />
          </Group>
        </Group>
        {outcome && (
          <Alert color={outcome.ok ? 'teal' : 'red'} variant="light" withCloseButton onClose={() => setOutcome(null)} title={outcome.ok ? 'Undone' : 'The change cannot be undone'} data-testid="history-undo-outcome">
            <Text size="sm">{outcome.message}</Text>
          </Alert>
        )}
        {shown.isPending ? (
          <Loading label="Loading the history…" />
        ) : shown.isError ? (
          <ErrorNote title="The history could not be loaded" error={shown.error} onRetry={() => void shown.refetch()} />
        ) : (
          <DataTable
            testId="history-table"
            rows={shown.data}
            rowKey={(e) => String(e.id)}
            empty={
              field || source
                ? 'No change matches these filters. Clear a filter to see more.'
                : 'No change recorded yet. Edits on the Loan terms tab, bulk edits, API calls, syncs and imports will be listed here.'
            }
            columns={[
              { key: 'at', title: 'When', render: (e) => timestamp(e.at) },
              { key: 'actor', title: 'Who', render: (e) => e.actor },
              { key: 'source', title: 'How', render: (e) => SOURCE_LABELS[e.source] ?? e.source },
              { key: 'field', title: 'Field', render: (e) => fieldLabel(e.field, config) },
              { key: 'old', title: 'Before', numeric: true, render: (e) => formatHistoryValue(e.field, e.oldValue) },
              { key: 'new', title: 'After', numeric: true, render: (e) => formatHistoryValue(e.field, e.newValue) },
              {
                key: 'undo',
                title: '',
                render: (e) =>
                  undone.has(e.id) ? (
                    <Text size="xs" c="dimmed">
                      Undone
                    </Text>
                  ) : offersUndo(e) ? (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      loading={undo.isPending && undo.variables?.id === e.id}
                      disabled={undo.isPending}
                      onClick={() => undo.mutate(e)}
                      aria-label={`Undo ${fieldLabel(e.field, config)} change of ${timestamp(e.at)}`}
                    >
                      Undo
                    </Button>
                  ) : null,
              },
            ]}
          />
        )}
      </Stack>
    </Paper>
  );
}
