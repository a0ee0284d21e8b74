import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { call, messageOf, queryKey, useChannel } from '../../shared/api';

/** The name this data directory signs deal changes and notes with (docs/history.md). */
export function HistoryUserSetting() {
  const queryClient = useQueryClient();
  const user = useChannel('history.user', {});
  const info = useChannel('app.info', {}, { staleTime: 60_000 });
  const web = info.data?.mode === 'web';
  const [name, setName] = useState('');
  useEffect(() => {
    if (user.data) setName(user.data.name);
  }, [user.data]);
  const save = useMutation({
    mutationFn: (value: string) => call('history.setUser', { name: value }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey('history.user', {}), saved);
      setName(saved.name);
      await queryClient.invalidateQueries({ queryKey: queryKey('app.info', {}) });
    },
  });
  return (
    <Paper withBorder p="md" radius="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(name);
        }}
        aria-label="Your name in the deal history"
      >
        <Stack gap={4}>
          <Text fw={600}>Your name in the deal history</Text>
          <Group align="flex-end" gap="xs">
            <TextInput
              label="Name"
              size="xs"
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={save.isError ? messageOf(save.error) : undefined}
              data-testid="history-user-name"
            />
            <Button type="submit" size="xs" variant="default" loading={save.isPending} disabled={!user.data || name === user.data.name}>
              Save name
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {web
              ? 'Signs your edits, undos, conflict decisions and notes. Web mode needs a name: it never signs with the server\'s user.'
              : 'Signs your edits, undos, conflict decisions and notes. Leave it empty to use your operating-system user name.'}
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
