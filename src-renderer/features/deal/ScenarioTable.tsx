import { Alert, Badge, Button, Group, Modal, Stack, Table, Text, Tooltip } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Breach, SavedScenario } from '../../../src-main/contract';
import { breachText, describeShocks, EMPTY_SCENARIO_DRAFT, scenarioToDraft, type ScenarioDraft } from '../../shared/analysis';
import { call, messageOf, queryKey } from '../../shared/api';
import { Section } from '../../shared/components/common';
import { multiple, pct, pctNumber, usd } from '../../shared/format';
import { ScenarioEditor } from './ScenarioEditor';
import type { ScenarioRow, StressResult } from './scenario-rows';

/** The deal under one scenario as its query has it: pending, failed or answered. */
type ScenarioResult = { data?: StressResult; error: unknown; isPending: boolean };

/*
 * The scenarios of the Sizing and stress tab: today and the deal under each scenario against
 * the policy, with New scenario, and Edit and Delete (confirmed, then undoable) for the custom ones.
 */

export function ScenarioTable({
  rows,
  results,
  baseline,
}: {
  rows: ScenarioRow[];
  results: ScenarioResult[];
  baseline: StressResult | null;
}) {
  const [editing, setEditing] = useState<{ draft: ScenarioDraft; replaces?: string } | null>(null);
  const queryClient = useQueryClient();
  // Custom scenarios are shared by every deal and the Portfolio stress screen: a delete is
  // confirmed first, and can be undone (the scenario saved back as it was) until another one.
  const [confirming, setConfirming] = useState<ScenarioRow | null>(null);
  const [deleted, setDeleted] = useState<SavedScenario | null>(null);
  const remove = useMutation({
    mutationFn: (scenario: SavedScenario) => call('analysis.deleteScenario', { name: scenario.name! }),
    onSuccess: (view, scenario) => {
      queryClient.setQueryData(queryKey('analysis.scenarios', {}), view);
      setDeleted(scenario);
      setConfirming(null);
    },
  });
  const restore = useMutation({
    mutationFn: (scenario: SavedScenario) => call('analysis.saveScenario', { scenario }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKey('analysis.scenarios', {}), view);
      setDeleted(null);
    },
  });
  const base = baseline?.base;
  return (
    <Section
      title="Scenarios"
      right={
        <Button size="xs" variant="light" onClick={() => setEditing({ draft: EMPTY_SCENARIO_DRAFT })} data-testid="scenario-new">
          New scenario
        </Button>
      }
    >
      <Table.ScrollContainer minWidth={760}>
        <Table striped withTableBorder fz="sm" verticalSpacing={4} horizontalSpacing="xs" className="uw-table" data-testid="scenario-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th style={{ minWidth: 190 }}>Scenario</Table.Th>
              <Table.Th>Shocks</Table.Th>
              <Table.Th className="uw-num">NOI</Table.Th>
              <Table.Th className="uw-num">DSCR</Table.Th>
              <Table.Th className="uw-num">Debt yield</Table.Th>
              <Table.Th className="uw-num">LTV</Table.Th>
              <Table.Th>Against the policy</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr data-testid="scenario-row" data-scenario="base">
              <Table.Td fw={600}>Today</Table.Td>
              <Table.Td c="dimmed">no shock</Table.Td>
              <Table.Td className="uw-num">{usd(base?.noi)}</Table.Td>
              <Table.Td className="uw-num">{multiple(base?.dscr)}</Table.Td>
              <Table.Td className="uw-num">{pctNumber(base?.debtYield)}</Table.Td>
              <Table.Td className="uw-num">{pct(base?.ltv, 1)}</Table.Td>
              <Table.Td>{baseline && <Breaches breaches={baseline.baseBreaches} />}</Table.Td>
              <Table.Td />
            </Table.Tr>
            {rows.map((row, i) => (
              <ScenarioTableRow
                key={row.key}
                row={row}
                result={results[i]}
                sameRefusalAsFirst={baseline === null && i > 0 && messageOf(results[i]?.error) === messageOf(results[0]?.error)}
                onEdit={() => setEditing({ draft: scenarioToDraft(row.scenario), replaces: row.scenario.name })}
                onDelete={() => {
                  remove.reset();
                  setConfirming(row);
                }}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {deleted && (
        <Alert color="gray" variant="light" role="status" data-testid="scenario-deleted" withCloseButton onClose={() => setDeleted(null)} closeButtonLabel="Dismiss">
          <Group justify="space-between" gap="xs">
            <Text size="sm">Scenario “{deleted.name}” deleted from every deal and the Portfolio stress screen.</Text>
            <Button size="compact-sm" variant="light" loading={restore.isPending} onClick={() => restore.mutate(deleted)} data-testid="scenario-undo">
              Undo
            </Button>
          </Group>
          {restore.isError && (
            <Text size="xs" c="red" mt={4}>
              It could not be restored: {messageOf(restore.error)}
            </Text>
          )}
        </Alert>
      )}
      {confirming && (
        <ConfirmDelete
          title={confirming.title}
          error={remove.isError ? remove.error : null}
          pending={remove.isPending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => remove.mutate(confirming.scenario as SavedScenario)}
        />
      )}
      <Text size="xs" c="dimmed">
        Built-in scenarios come from the system configuration: point at or Tab to a “built-in · source” badge to read where each comes from.
      </Text>
      {rows.every((r) => r.builtIn) && (
        <Text size="xs" c="dimmed" data-testid="scenarios-empty">
          No custom scenarios yet. Add one with New scenario: it is kept in this data directory and offered on every deal and on the Portfolio stress screen.
        </Text>
      )}
      {editing && <ScenarioEditor initial={editing.draft} replaces={editing.replaces} onClose={() => setEditing(null)} />}
    </Section>
  );
}


function Breaches({ breaches }: { breaches: Breach[] }) {
  if (breaches.length === 0) {
    return (
      <Text size="xs" c="teal">
        passes
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {breaches.map((b) => (
        <Text key={b.metric} size="xs" c="red" data-testid="breach" style={{ whiteSpace: 'nowrap' }}>
          {breachText(b)}
        </Text>
      ))}
    </Stack>
  );
}

/** One scenario: its shocks, the deal under it (or why it was not stressed), Edit and Delete for a custom one. */
function ScenarioTableRow({
  row,
  result,
  sameRefusalAsFirst,
  onEdit,
  onDelete,
}: {
  row: ScenarioRow;
  result: ScenarioResult | undefined;
  /** The deal could not be stressed at all: every row after the first refers to the Breakpoints. */
  sameRefusalAsFirst: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const s = result?.data?.stressed;
  return (
    <Table.Tr data-testid="scenario-row" data-scenario={row.scenario.name}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {row.title}
          </Text>
          {row.builtIn ? (
            <Tooltip label={`Source: ${row.builtIn.source}`} multiline w={420} withArrow>
              <Badge size="xs" variant="light" color="gray" tt="none" tabIndex={0} style={{ cursor: 'help', flexShrink: 0 }} aria-label={`Built-in. Source: ${row.builtIn.source}`}>
                built-in · source
              </Badge>
            </Tooltip>
          ) : (
            <Badge size="xs" variant="outline" color="indigo" tt="none" style={{ flexShrink: 0 }}>
              custom
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td style={{ maxWidth: 230, minWidth: 200, whiteSpace: 'normal' }}>
        <Text size="xs">{describeShocks(row.scenario)}</Text>
      </Table.Td>
      {result?.isPending ? (
        <Table.Td colSpan={5}>
          <Text size="xs" c="dimmed">
            Stressing…
          </Text>
        </Table.Td>
      ) : result?.error ? (
        <Table.Td colSpan={5}>
          <Text size="xs" c="red">
            {sameRefusalAsFirst ? 'Not stressed: see Breakpoints.' : messageOf(result.error)}
          </Text>
        </Table.Td>
      ) : (
        <>
          <Table.Td className="uw-num">{usd(s?.noi)}</Table.Td>
          <Table.Td className="uw-num" data-col="dscr">
            {multiple(s?.dscr)}
          </Table.Td>
          <Table.Td className="uw-num">{pctNumber(s?.debtYield)}</Table.Td>
          <Table.Td className="uw-num" data-col="ltv">
            {pct(s?.ltv, 1)}
          </Table.Td>
          <Table.Td>{result?.data && <Breaches breaches={result.data.breaches} />}</Table.Td>
        </>
      )}
      <Table.Td>
        {!row.builtIn && (
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={onEdit} aria-label={`Edit ${row.title}`}>
              Edit
            </Button>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              onClick={onDelete}
              aria-label={`Delete ${row.title}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Custom scenarios are shared by every deal and the Portfolio stress screen: a delete is
 * confirmed first, saying so.
 */
function ConfirmDelete({ title, error, pending, onCancel, onConfirm }: { title: string; error: unknown; pending: boolean; onCancel: () => void; onConfirm: () => void }) {
  return (
    <Modal opened onClose={onCancel} title={`Delete scenario ${title}?`} size="md">
      <Stack gap="sm">
        <Text size="sm">
          Custom scenarios are shared: “{title}” is offered on every deal and on the Portfolio stress screen, and deleting it removes it from all of them. You can undo right after.
        </Text>
        {error !== null && (
          <Text size="sm" c="red" role="alert">
            The scenario was not deleted: {messageOf(error)}
          </Text>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} data-autofocus>
            Cancel
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm} data-testid="scenario-delete-confirm">
            Delete from every deal
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
