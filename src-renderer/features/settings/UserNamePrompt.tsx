import { Button, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { call, messageOf, queryKey } from '../../shared/api';

/**
 * Web mode, before the first change: the name the deal history signs edits, undos, notes and
 * conflict decisions with. Asked once per data directory (it is the data directory's setting,
 * as in the desktop app's Settings), never taken from the server's operating-system user.
 */
export function UserNamePrompt() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [blank, setBlank] = useState(false);
  const save = useMutation({
    mutationFn: (value: string) => call('history.setUser', { name: value }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey('history.user', {}), saved);
      await queryClient.invalidateQueries({ queryKey: queryKey('app.info', {}) });
    },
  });
  const error = blank ? 'Enter your name.' : save.isError ? messageOf(save.error) : undefined;
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={<Text fw={600}>Your name in the deal history</Text>} centered>
      <form
        aria-label="Your name in the deal history"
        onSubmit={(e) => {
          e.preventDefault();
          const value = name.trim();
          setBlank(value === '');
          if (value !== '') save.mutate(value);
        }}
      >
        <Stack gap="sm" data-testid="user-name-prompt">
          <Text size="sm">Every change you make here (edits, undos, notes, conflict decisions) is signed with your name in the deal history. You can change it later in Settings.</Text>
          <TextInput label="Your name" maxLength={100} value={name} onChange={(e) => setName(e.currentTarget.value)} error={error} data-autofocus data-testid="user-name-input" />
          <Button type="submit" loading={save.isPending} data-testid="user-name-save">
            Sign with this name
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
