import { Code, Group, Paper, SegmentedControl, Stack, Text, Title, useMantineColorScheme, type MantineColorScheme } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInput } from '../../../src-main/contract';
import { call, useChannel } from '../../shared/api';
import { ErrorNote, QueryView } from '../../shared/components/common';
import { HistoryUserSetting } from './HistoryUserSetting';

export function SettingsScreen() {
  const queryClient = useQueryClient();
  const settings = useChannel('settings.get', {});
  const info = useChannel('app.info', {});
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const save = useMutation({
    mutationFn: (patch: ChannelInput<'settings.set'>) => call('settings.set', patch),
    onSuccess: async (view) => {
      queryClient.setQueryData(['settings.get', {}], view);
      await queryClient.invalidateQueries();
    },
  });
  return (
    <Stack gap="md" maw={820}>
      <Title order={2} size="h3">
        Settings
      </Title>
      <QueryView query={settings} label="the settings">
        {(s) => (
          <Stack gap="md">
            <Paper withBorder p="md" radius="sm">
              <Stack gap={4}>
                <Text fw={600}>Data directory</Text>
                <Code data-testid="data-dir">{s.dataDir}</Code>
                <Text size="xs" c="dimmed">
                  {info.data?.mode === 'web'
                    ? 'Set by `uw serve --data-dir` (npm start: $UW_DATA_DIR).'
                    : 'Set by $UW_DATA_DIR; otherwise the app’s own folder.'}{' '}
                  The store is SQLite (uw.sqlite) with its system configuration override (system-config.json).
                </Text>
              </Stack>
            </Paper>
            <Paper withBorder p="md" radius="sm">
              <Stack gap="md">
                <Text fw={600}>Underwriting conventions</Text>
                <Stack gap={4}>
                  <Text size="sm">Day count of interest-only debt service</Text>
                  <SegmentedControl
                    size="xs"
                    value={s.underwriting.dayCount}
                    onChange={(v) => save.mutate({ dayCount: v as ChannelInput<'settings.set'>['dayCount'] })}
                    data={['30/360', 'Actual/360', 'Actual/365']}
                    disabled={save.isPending}
                    aria-label="Day count"
                    data-testid="setting-day-count"
                  />
                </Stack>
                <Stack gap={4}>
                  <Text size="sm">DSCR numerator</Text>
                  <SegmentedControl
                    size="xs"
                    value={s.underwriting.dscrNumerator}
                    onChange={(v) => save.mutate({ dscrNumerator: v as ChannelInput<'settings.set'>['dscrNumerator'] })}
                    data={[
                      { value: 'NOI', label: 'Net operating income' },
                      { value: 'NetCashFlow', label: 'Net cash flow (after below-the-line items)' },
                    ]}
                    disabled={save.isPending}
                    aria-label="DSCR numerator"
                  />
                </Stack>
                <Text size="xs" c="dimmed">
                  Every figure (debt service, DSCR, debt yield, the pipeline, the report) is recomputed with these. They are stored in the data directory.
                </Text>
                {save.isError && <ErrorNote title="The setting was not saved" error={save.error} />}
                {save.isSuccess && !save.isPending && (
                  <Text size="xs" c="teal">
                    Saved.
                  </Text>
                )}
              </Stack>
            </Paper>
            <HistoryUserSetting />
            <Paper withBorder p="md" radius="sm">
              <Stack gap={4}>
                <Text fw={600}>Theme</Text>
                <Group>
                  <SegmentedControl
                    size="xs"
                    value={colorScheme}
                    onChange={(v) => setColorScheme(v as MantineColorScheme)}
                    data={[
                      { value: 'auto', label: 'System' },
                      { value: 'light', label: 'Light' },
                      { value: 'dark', label: 'Dark' },
                    ]}
                    aria-label="Theme"
                  />
                </Group>
                <Text size="xs" c="dimmed">
                  Also Ctrl+Shift+L. Kept on this computer.
                </Text>
              </Stack>
            </Paper>
            {info.data && (
              <Text size="xs" c="dimmed">
                Underwriting Workstation {info.data.version} · {info.data.mode === 'web' ? 'web mode' : 'desktop'} · {info.data.dealCount} deals
              </Text>
            )}
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
