import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NOTE_MAX_LENGTH } from '../../../src-main/contract';
import { call, messageOf, queryKey, useChannel } from '../../shared/api';
import { ErrorNote, Loading } from '../../shared/components/common';
import { timestamp } from '../../shared/format';

/** A deal's dated notes with their author, newest first, and a box to add one. */
export function DealNotes({ dealId }: { dealId: string }) {
  const queryClient = useQueryClient();
  const notes = useChannel('deal.notes', { dealId });
  const user = useChannel('history.user', {});
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: (text: string) => call('deal.addNote', { dealId, text }),
    onSuccess: async () => {
      setDraft('');
      setError(null);
      await queryClient.invalidateQueries({ queryKey: queryKey('deal.notes', { dealId }) });
    },
    onError: (e) => setError(messageOf(e)),
  });

  const submit = () => {
    if (draft.trim() === '') {
      setError('Write the note first.');
      return;
    }
    add.mutate(draft);
  };

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Notes
        </Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          aria-label="Add a note"
        >
          <Stack gap={6}>
            <Textarea
              label="New note"
              description={user.data ? `Signed ${user.data.name}. Ctrl+Enter adds it.` : undefined}
              autosize
              minRows={2}
              maxRows={8}
              maxLength={NOTE_MAX_LENGTH}
              value={draft}
              error={error}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                if (error) setError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  submit();
                }
              }}
              data-testid="note-input"
            />
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={add.isPending} data-testid="note-add">
                Add note
              </Button>
            </Group>
          </Stack>
        </form>
        {notes.isPending ? (
          <Loading label="Loading the notes…" />
        ) : notes.isError ? (
          <ErrorNote title="The notes could not be loaded" error={notes.error} onRetry={() => void notes.refetch()} />
        ) : notes.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No notes yet. Write one above: it is kept with the deal, dated and signed, and goes into the credit memo.
          </Text>
        ) : (
          <Stack gap="xs" data-testid="notes-list">
            {notes.data.map((note) => (
              <Paper key={note.id} withBorder p="xs" radius="sm" data-testid="note">
                <Text size="xs" c="dimmed">
                  {timestamp(note.at)} · {note.author}
                </Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {note.text}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
