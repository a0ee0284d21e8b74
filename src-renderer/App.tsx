import { AppShell, Group, MantineProvider, Stack, Text, Title, createTheme } from '@mantine/core';

const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
});

/**
 * Placeholder shell. The same bundle runs in Electron (window.uw from the preload) and in web
 * mode (`uw serve --web`, no preload): nothing here may assume window.uw exists yet.
 */
export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto">
      <AppShell header={{ height: 56 }} padding="md">
        <AppShell.Header>
          <Group h="100%" px="md">
            <Title order={1} size="h3">
              Underwriting Workstation
            </Title>
          </Group>
        </AppShell.Header>
        <AppShell.Main>
          <Stack gap="xs" maw={640}>
            <Title order={2} size="h4">
              Coming soon
            </Title>
            <Text c="dimmed">
              The workstation UI is being built: deals, collateral, rent rolls, cash flows and sync with the
              central platform will appear here.
            </Text>
          </Stack>
        </AppShell.Main>
      </AppShell>
    </MantineProvider>
  );
}
