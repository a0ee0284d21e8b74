import { Alert, Button, Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DealHistoryEntry } from '../../../src-main/contract';
import { call, messageOf, useChannel } from '../../shared/api';
import { fieldLabel, formatHistoryValue, lastSave } from './history-view';

/**
 * The undo of the save just made on the Loan terms tab: a button, and Ctrl+Z (Cmd+Z) while the
 * save is the last thing done. Both open a confirmation listing what goes back; each field is
 * undone through deal.undo (the same validation and outbox as an edit).
 */
export function UndoLastSave({ dealId, onUndone }: { dealId: string; onUndone: (message: string) => void }) {
  const queryClient = useQueryClient();
  // Read anew on mount: the save just made must be in it, not a cached list from before.
  const history = useChannel('deal.history', { dealId, source: 'ui' }, { refetchOnMount: 'always' });
  const entries = history.isFetching ? [] : lastSave(history.data ?? []);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === 'z' && entries.length > 0) {
        e.preventDefault();
        setConfirming(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [entries.length]);

  const undo = useMutation({
    // Oldest first: a State goes back before the Status it cleared.
    mutationFn: async (toUndo: DealHistoryEntry[]) => {
      for (const entry of [...toUndo].sort((a, b) => a.id - b.id)) await call('deal.undo', { entryId: entry.id });
    },
    onSuccess: async (_, toUndo) => {
      setConfirming(false);
      onUndone(`Undone: ${toUndo.map((e) => `${fieldLabel(e.field)} back to ${formatHistoryValue(e.field, e.oldValue)}`).join(', ')}.`);
      await queryClient.invalidateQueries();
    },
    onError: async (error) => {
      setRefusal(messageOf(error));
      await queryClient.invalidateQueries();
    },
  });

  if (entries.length === 0) return null;
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setConfirming(true)} data-testid="terms-undo" rightSection={<Kbd size="xs">Ctrl+Z</Kbd>}>
        Undo this save
      </Button>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Undo the last save?" data-testid="undo-confirm">
        <Stack gap="sm">
          <Table withTableBorder fz="sm">
            <Table.Tbody>
              {entries.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td>{fieldLabel(e.field)}</Table.Td>
                  <Table.Td className="uw-num">{formatHistoryValue(e.field, e.newValue)}</Table.Td>
                  <Table.Td>→</Table.Td>
                  <Table.Td className="uw-num">{formatHistoryValue(e.field, e.oldValue)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {refusal && (
            <Alert color="red" variant="light" title="Not undone" data-testid="undo-refusal">
              {refusal}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button size="xs" color="orange" loading={undo.isPending} onClick={() => undo.mutate(entries)} data-autofocus data-testid="undo-confirm-button">
              Undo
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            The undo is itself an edit: it is recorded in the History tab and synced like any other.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
