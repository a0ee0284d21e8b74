import { Alert, Badge, Button, CloseButton, Group, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ChannelOutput, DealState } from '../../../src-main/contract';
import { call, useChannel } from '../../shared/api';
import { ErrorNote } from '../../shared/components/common';
import { PropertyInput } from '../../shared/components/PropertyInput';
import { isApplicable, PROPERTIES, propertyLabel, validateValue, wireValue, type Property } from '../../shared/deal-properties';
import { int, label } from '../../shared/format';

interface Change {
  key: number;
  property: Property | null;
  value: string;
}

type Result = ChannelOutput<'deals.bulkUpdate'>;

/** A deal to edit: its id, its state (a Status must belong to it) and its name when known (else the id is shown). */
export interface BulkEditDeal {
  id: string;
  seedName: string | null;
  state: DealState;
}

/** The result lists at most this many updated deals by name (the count says how many). */
const LISTED = 500;

/**
 * Bulk edit: the same property values for every selected deal, sent in one bulkUpdateDeals.
 * The core applies each deal's updates all or nothing; the outcome lists every deal updated and
 * every deal rejected, with the field and the reason.
 */
export function BulkEditModal({ opened, onClose, deals, owners }: { opened: boolean; onClose: () => void; deals: BulkEditDeal[]; owners: string[] }) {
  const queryClient = useQueryClient();
  const settings = useChannel('settings.get', {});
  const config = settings.data?.config;
  const [changes, setChanges] = useState<Change[]>([{ key: 0, property: null, value: '' }]);
  const [nextKey, setNextKey] = useState(1);
  const [result, setResult] = useState<{ result: Result; deals: BulkEditDeal[] } | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (opened) {
      setChanges([{ key: 0, property: null, value: '' }]);
      setResult(null);
      setTouched(false);
    }
  }, [opened]);

  const mutation = useMutation({
    mutationFn: (items: { id: string; updates: { property: Property; value: string }[] }[]) => call('deals.bulkUpdate', { source: 'bulk', itemsToUpdate: items }),
    onSuccess: (value) => {
      setResult({ result: value, deals });
      void queryClient.invalidateQueries();
    },
  });

  const states = useMemo(() => [...new Set(deals.map((d) => d.state))], [deals]);
  const used = new Set(changes.map((c) => c.property).filter(Boolean));
  const propertyChoices = PROPERTIES.filter((p) => isApplicable(p, config)).map((p) => ({ value: p, label: propertyLabel(p, config) }));
  const errors = changes.map((c) => (c.property ? validateValue(c.property, c.value, undefined, config) : 'Choose a property.'));
  // Status is checked per deal by the core (it depends on each deal's state): only a value outside every set is refused here.
  const valid = changes.length > 0 && errors.every((e) => e === null);

  const apply = () => {
    setTouched(true);
    if (!valid) return;
    const updates = changes.map((c) => ({ property: c.property!, value: wireValue(c.property!, c.value) }));
    mutation.mutate(deals.map((d) => ({ id: d.id, updates })));
  };

  const names = useMemo(() => new Map((result?.deals ?? deals).map((d) => [d.id, d.seedName])), [result, deals]);
  const nameOf = (id: string) => names.get(id) ?? id;

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Bulk edit {int(deals.length)} deal{deals.length === 1 ? '' : 's'}</Text>} size="lg" closeOnClickOutside={!mutation.isPending}>
      {result ? (
        <BulkResult result={result.result} nameOf={nameOf} onDone={onClose} onAgain={() => setResult(null)} />
      ) : (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Each deal takes all these changes or none of them. {states.length > 1 ? `The deals are in ${states.length} states; a Status must belong to each deal's state.` : ''}
          </Text>
          {changes.map((change, i) => (
            <Group key={change.key} align="flex-start" gap="xs" wrap="nowrap">
              <Select
                size="xs"
                w={220}
                placeholder="Property"
                aria-label={`Property ${i + 1}`}
                data={propertyChoices.filter((p) => p.value === change.property || !used.has(p.value as Property))}
                value={change.property}
                onChange={(v) => setChanges((cs) => cs.map((c) => (c.key === change.key ? { ...c, property: v as Property | null, value: '' } : c)))}
                searchable
                error={touched && !change.property ? 'Choose a property.' : undefined}
                data-testid={`bulk-property-${i}`}
                comboboxProps={{ withinPortal: true }}
              />
              <div style={{ flex: 1 }}>
                {change.property ? (
                  <PropertyInput
                    property={change.property}
                    value={change.value}
                    onChange={(value) => setChanges((cs) => cs.map((c) => (c.key === change.key ? { ...c, value } : c)))}
                    error={touched || change.value !== '' ? errors[i] : null}
                    config={config}
                    state={states.length === 1 ? states[0] : undefined}
                    owners={owners}
                    label={null}
                    testId={`bulk-value-${i}`}
                  />
                ) : (
                  <Text size="xs" c="dimmed" pt={6}>
                    Choose the property to set.
                  </Text>
                )}
              </div>
              <CloseButton
                aria-label="Remove this change"
                disabled={changes.length === 1}
                onClick={() => setChanges((cs) => cs.filter((c) => c.key !== change.key))}
              />
            </Group>
          ))}
          <Group>
            <Button
              size="xs"
              variant="subtle"
              onClick={() => {
                setChanges((cs) => [...cs, { key: nextKey, property: null, value: '' }]);
                setNextKey((k) => k + 1);
              }}
            >
              Add another property
            </Button>
          </Group>
          {mutation.isError && <ErrorNote title="The bulk update was refused" error={mutation.error} />}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button size="xs" onClick={apply} loading={mutation.isPending} data-testid="bulk-apply">
              Apply to {int(deals.length)} deal{deals.length === 1 ? '' : 's'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function BulkResult({ result, nameOf, onDone, onAgain }: { result: Result; nameOf: (id: string) => string; onDone: () => void; onAgain: () => void }) {
  const rejected = [...new Set(result.errors.map((e) => e.id))];
  return (
    <Stack gap="sm" data-testid="bulk-result">
      <Group gap="xs">
        <Badge color="teal" variant="light" data-testid="bulk-updated-count">
          {int(result.updatedEntities.length)} updated
        </Badge>
        <Badge color={rejected.length ? 'red' : 'gray'} variant="light" data-testid="bulk-rejected-count">
          {int(rejected.length)} rejected
        </Badge>
      </Group>
      {result.updatedEntities.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Updated
          </Text>
          <ScrollArea.Autosize mah={140}>
            {result.updatedEntities.slice(0, LISTED).map((id) => (
              <Text key={id} size="sm" data-testid="bulk-updated">
                {nameOf(id)}
              </Text>
            ))}
            {result.updatedEntities.length > LISTED && (
              <Text size="sm" c="dimmed">
                and {int(result.updatedEntities.length - LISTED)} more
              </Text>
            )}
          </ScrollArea.Autosize>
        </Stack>
      )}
      {result.errors.length > 0 && (
        <Alert color="red" variant="light" title="Rejected: nothing of these deals was changed" p="sm">
          <ScrollArea.Autosize mah={240}>
            <Table fz="sm" verticalSpacing={2} data-testid="bulk-errors">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Deal</Table.Th>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Reason</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {result.errors.map((e, i) => (
                  <Table.Tr key={`${e.id}-${e.fieldName}-${i}`} data-testid="bulk-error">
                    <Table.Td>{nameOf(e.id)}</Table.Td>
                    <Table.Td>{(PROPERTIES as readonly string[]).includes(e.fieldName) ? propertyLabel(e.fieldName as Property) : e.fieldName}</Table.Td>
                    <Table.Td>
                      {e.description} <Text span size="xs" c="dimmed">({label(e.errorType)})</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        </Alert>
      )}
      <Group justify="flex-end" gap="xs">
        <Button size="xs" variant="default" onClick={onAgain}>
          Edit again
        </Button>
        <Button size="xs" onClick={onDone}>
          Done
        </Button>
      </Group>
    </Stack>
  );
}
