import { ActionIcon, AppShell, Badge, Center, Group, Kbd, NavLink, Stack, Text, Title, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { MenuCommand } from '../src-main/contract';
import { useChannel, useEvent } from './shared/api';
import { ErrorNote, Loading } from './shared/components/common';
import { int } from './shared/format';
import { navigate, routePath, useRoute, type Route } from './shared/router';
import { CompareScreen } from './features/compare';
import { DealPage } from './features/deal';
import { ImportScreen } from './features/import';
import { NewDealScreen } from './features/new-deal';
import { PipelineScreen } from './features/pipeline';
import { ReportScreen } from './features/report';
import { FirstRun, SettingsScreen, UserNamePrompt } from './features/settings';
import { PortfolioStressScreen } from './features/stress';
import { SyncBadge, SyncScreen } from './features/sync';
import { shortcutFor } from './shared/shortcuts';

const pick = ({ key, code, ctrlKey, metaKey, altKey, shiftKey }: KeyboardEvent) => ({ key, code, ctrlKey, metaKey, altKey, shiftKey });

const NAV: { route: Route; label: string; keys: string }[] = [
  { route: { name: 'pipeline' }, label: 'Deals pipeline', keys: '1' },
  { route: { name: 'report' }, label: 'Cross-deal report', keys: '2' },
  { route: { name: 'import' }, label: 'Collateral import', keys: '3' },
  { route: { name: 'sync' }, label: 'Sync', keys: '4' },
  { route: { name: 'stress' }, label: 'Portfolio stress', keys: '5' },
  { route: { name: 'settings' }, label: 'Settings', keys: ',' },
];

function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  return (
    <Tooltip label={`Switch to ${computed === 'dark' ? 'light' : 'dark'} mode (Ctrl+Shift+L)`}>
      <ActionIcon variant="default" size="md" aria-label="Toggle dark mode" onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}>
        <span aria-hidden style={{ fontSize: 14 }}>
          {computed === 'dark' ? '☀' : '☾'}
        </span>
      </ActionIcon>
    </Tooltip>
  );
}

export function App() {
  const route = useRoute();
  const queryClient = useQueryClient();
  const info = useChannel('app.info', {}, { staleTime: 60_000 });
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const searchRef = useRef<HTMLInputElement>(null);
  const [exportRequest, setExportRequest] = useState(0);

  const toggleTheme = () => setColorScheme(computed === 'dark' ? 'light' : 'dark');

  // Not over an open dialog (bulk edit, first run): the key would leave it half done.
  const newDeal = () => {
    if (!document.querySelector('[role="dialog"]')) navigate({ name: 'new' });
  };

  const run = (command: MenuCommand) => {
    switch (command) {
      case 'go.pipeline':
        return navigate({ name: 'pipeline' });
      case 'go.report':
        return navigate({ name: 'report' });
      case 'go.import':
        return navigate({ name: 'import' });
      case 'go.sync':
        return navigate({ name: 'sync' });
      case 'go.stress':
        return navigate({ name: 'stress' });
      case 'go.settings':
        return navigate({ name: 'settings' });
      case 'deal.new':
        return newDeal();
      case 'theme.toggle':
        return toggleTheme();
      case 'report.export':
        navigate({ name: 'report' });
        return setExportRequest((n) => n + 1);
      case 'pipeline.search':
        navigate({ name: 'pipeline' });
        return setTimeout(() => searchRef.current?.focus(), 50);
    }
  };

  useEvent('menu.command', ({ command }) => run(command));
  // A change made anywhere (a bulk edit, an import, a setting) refreshes what is on screen.
  useEvent('data.changed', () => void queryClient.invalidateQueries());

  // The shortcuts (shortcuts.ts), on the whole page; not while typing in a field. The latest
  // `run` is called through a ref, so the listener is added once.
  const runRef = useRef(run);
  runRef.current = run;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const command = shortcutFor({ ...pick(event), target });
      if (command === null) return;
      event.preventDefault();
      runRef.current(command);
    };
    document.documentElement.addEventListener('keydown', onKey);
    return () => document.documentElement.removeEventListener('keydown', onKey);
  }, []);

  if (info.isPending) {
    return (
      <Center h="100dvh">
        <Loading label="Opening the workstation…" />
      </Center>
    );
  }
  if (info.isError) {
    return (
      <Center h="100dvh" p="xl">
        <Stack maw={640}>
          <Title order={1} size="h3">
            Underwriting Workstation
          </Title>
          <ErrorNote title="The workstation cannot open its data" error={info.error} onRetry={() => void info.refetch()} />
        </Stack>
      </Center>
    );
  }

  const active = route.name === 'deal' || route.name === 'new' || route.name === 'compare' ? 'pipeline' : route.name;
  return (
    <AppShell header={{ height: 48 }} navbar={{ width: 196, breakpoint: 0 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Title order={1} size="h4">
              Underwriting Workstation
            </Title>
            {info.data.mode === 'web' && (
              <Tooltip label="Served by uw serve --web: the same UI as the desktop app, in the browser">
                <Badge variant="light" color="gray" size="sm">
                  web mode
                </Badge>
              </Tooltip>
            )}
          </Group>
          <Group gap="sm" wrap="nowrap">
            <SyncBadge />
            <Text size="xs" c="dimmed" className="uw-ellipsis" maw={420} title={info.data.dataDir}>
              {int(info.data.dealCount)} deals · {info.data.dataDir}
            </Text>
            <ThemeToggle />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs">
        <Stack gap={2}>
          {NAV.map((item) => (
            <NavLink
              key={item.route.name}
              href={routePath(item.route)}
              label={item.label}
              active={active === item.route.name}
              title={`${info.data.mode === 'web' && item.keys !== ',' ? 'Alt' : 'Ctrl'}+${item.keys}`}
              variant="light"
            />
          ))}
        </Stack>
        <Stack gap={4} mt="auto" p="xs">
          <Text size="xs" c="dimmed" fw={600}>
            Keyboard
          </Text>
          {[
            // A browser keeps Ctrl+1..8 for its tabs: web mode also listens to Alt+1..3.
            [info.data.mode === 'web' ? 'Alt 1–5' : 'Ctrl 1–5', 'pipeline, report, import, sync, stress'],
            ['Ctrl ,', 'settings'],
            ['/', 'search deals'],
            ['N', 'new deal'],
            ['Ctrl Shift L', 'light / dark'],
          ].map(([keys, what]) => (
            <Group key={keys} gap={6} wrap="nowrap">
              <Kbd size="xs" style={{ whiteSpace: 'nowrap' }}>
                {keys}
              </Kbd>
              <Text size="xs" c="dimmed">
                {what}
              </Text>
            </Group>
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        {route.name === 'pipeline' && <PipelineScreen searchRef={searchRef} />}
        {route.name === 'deal' && <DealPage key={route.id} id={route.id} tab={route.tab} />}
        {route.name === 'report' && <ReportScreen exportRequest={exportRequest} />}
        {route.name === 'import' && <ImportScreen />}
        {route.name === 'settings' && <SettingsScreen />}
        {route.name === 'sync' && <SyncScreen />}
        {route.name === 'new' && <NewDealScreen />}
        {route.name === 'compare' && <CompareScreen key={route.ids.join(',')} ids={route.ids} />}
        {route.name === 'stress' && <PortfolioStressScreen />}
      </AppShell.Main>
      {info.data.firstRun && <FirstRun info={info.data} />}
      {info.data.userNameNeeded && !info.data.firstRun && <UserNamePrompt />}
    </AppShell>
  );
}
