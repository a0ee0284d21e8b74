import { Button, Code, Modal, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppInfo } from '../../../src-main/contract';
import { call, useEvent } from '../../shared/api';
import { ErrorNote } from '../../shared/components/common';
import { navigate } from '../../shared/router';
import { int } from '../../shared/format';

/**
 * A new, empty data directory: load the demo portfolio (a deterministic book of 200 deals with
 * their whole graph), start empty, or connect to a central platform (start empty, then the sync
 * panel: address, client id and secret, test, first sync).
 */
export function FirstRun({ info }: { info: AppInfo }) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  useEvent('app.seedProgress', setProgress);
  const init = useMutation({
    mutationFn: (choice: 'demo' | 'empty' | 'connect') => call('app.initialize', { choice: choice === 'demo' ? 'demo' : 'empty' }),
    onSuccess: async (next, choice) => {
      if (choice === 'connect') navigate({ name: 'sync' });
      queryClient.setQueryData(['app.info', {}], next);
      await queryClient.invalidateQueries();
    },
  });
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnEscape={false} closeOnClickOutside={false} title={<Text fw={600}>Welcome to the Underwriting Workstation</Text>} size="lg" centered>
      <Stack gap="md" data-testid="first-run">
        <Text size="sm">
          This data directory is new:
          <br />
          <Code>{info.dataDir}</Code>
        </Text>
        <Stack gap={4}>
          <Button onClick={() => init.mutate('demo')} loading={init.isPending && init.variables === 'demo'} disabled={init.isPending} data-testid="first-run-demo">
            Load the demo portfolio
          </Button>
          <Text size="xs" c="dimmed">
            200 realistic deals of every loan and asset type, with collaterals, components, market data, rent rolls, cash flows and funds: a safe place to learn the workstation.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Button
            variant="light"
            onClick={() => init.mutate('connect')}
            loading={init.isPending && init.variables === 'connect'}
            disabled={init.isPending}
            data-testid="first-run-connect"
          >
            Connect to a central platform
          </Button>
          <Text size="xs" c="dimmed">
            Bring your lender’s deals here from the central platform and sync your edits back: you need its address, a client id and the client’s secret.
          </Text>
        </Stack>
        <Stack gap={4}>
          <Button variant="default" onClick={() => init.mutate('empty')} disabled={init.isPending} data-testid="first-run-empty">
            Start with an empty store
          </Button>
          <Text size="xs" c="dimmed">
            Deals then come from the API, an import, or a platform you connect to later (Sync).
          </Text>
        </Stack>
        {init.isPending && init.variables === 'demo' && (
          <Stack gap={2}>
            <Text size="xs">{progress ? `Writing ${int(progress.done)} of ${int(progress.total)} rows…` : 'Generating the portfolio…'}</Text>
            <Progress value={progress ? (100 * progress.done) / Math.max(1, progress.total) : 5} animated />
          </Stack>
        )}
        {init.isError && <ErrorNote title="The data directory could not be set up" error={init.error} />}
      </Stack>
    </Modal>
  );
}
