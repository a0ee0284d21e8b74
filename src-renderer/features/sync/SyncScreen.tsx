import {
  Alert,
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  NumberInput,
  Paper,
  PasswordInput,
  Progress,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import {
  type ChannelInput,
  SYNC_INTERVAL_MINUTES,
  type SyncRunRecord,
  type SyncStatusView,
  type SyncSummaryView,
  type SyncTestResult,
} from '../../../src-main/contract';
import { call, CallError, queryKey } from '../../shared/api';
import { ErrorNote, Loading } from '../../shared/components/common';
import { int, timestamp } from '../../shared/format';
import { connectionLook, duration, progressText, useSyncStatus } from './sync';
import { SyncOutbox } from './SyncOutbox';

/**
 * The sync panel: the connection to the central platform (address, optional token server,
 * client id, client secret), a connection test, "Sync now" with its progress and a cancel, the
 * last sync's summary, background sync, and the outbox with its conflicts.
 */
export function SyncScreen() {
  const status = useSyncStatus();
  return (
    <Stack gap="md" maw={1180}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3">
          Sync with the central platform
        </Title>
        {status.data && <ConnectionLine status={status.data} />}
      </Group>
      {status.isPending && <Loading label="Loading the sync status…" />}
      {status.isError && <ErrorNote title="The sync status could not be loaded" error={status.error} onRetry={() => void status.refetch()} />}
      {status.data && (
        <>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <ConnectionForm status={status.data} />
            <SyncNow status={status.data} />
          </SimpleGrid>
          <SyncOutbox status={status.data} />
        </>
      )}
    </Stack>
  );
}

function ConnectionLine({ status }: { status: SyncStatusView }) {
  const look = connectionLook(status);
  return (
    <Text size="sm" c={look.color === 'gray' ? 'dimmed' : look.color} data-testid="sync-connection" role="status">
      {look.detail}
    </Text>
  );
}

// --- connection -------------------------------------------------------------------------------

type FieldErrors = Partial<Record<'baseUrl' | 'authUrl' | 'clientId' | 'secret' | 'intervalMinutes', string>>;

function checkUrl(value: string, required: boolean): string | undefined {
  const text = value.trim();
  if (text === '') return required ? 'Enter the address of the platform.' : undefined;
  if (!URL.canParse(text)) return 'An http:// or https:// address.';
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'An http:// or https:// address.';
  if (url.username || url.password || url.search || url.hash) return 'Without user, query or fragment.';
  return undefined;
}

function ConnectionForm({ status }: { status: SyncStatusView }) {
  const queryClient = useQueryClient();
  const { settings, secret } = status;
  const [baseUrl, setBaseUrl] = useState(settings.baseUrl ?? '');
  const [authUrl, setAuthUrl] = useState(settings.authUrl ?? '');
  const [clientId, setClientId] = useState(settings.clientId ?? '');
  const [autoSync, setAutoSync] = useState(settings.autoSync);
  const [interval, setIntervalMinutes] = useState<string | number>(settings.intervalMinutes);
  // The secret stays in the input element only (uncontrolled: never in React state, never in a
  // DOM attribute) and is cleared as soon as it is saved.
  const secretRef = useRef<HTMLInputElement>(null);
  const [secretTyped, setSecretTyped] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [test, setTest] = useState<SyncTestResult | null>(null);
  const [saved, setSaved] = useState(false);
  const fromEnvironment = secret.source === 'environment';

  const typedSecret = () => {
    const value = secretRef.current?.value ?? '';
    return value === '' ? undefined : value;
  };
  const clearSecretInput = () => {
    if (secretRef.current) secretRef.current.value = '';
    setSecretTyped(false);
  };

  const validate = (): FieldErrors => {
    const found: FieldErrors = {};
    const base = checkUrl(baseUrl, true);
    if (base) found.baseUrl = base;
    const auth = checkUrl(authUrl, false);
    if (auth) found.authUrl = auth;
    if (clientId.trim() === '') found.clientId = 'Enter the client id the platform gave this workstation.';
    const minutes = Number(interval);
    if (!Number.isInteger(minutes) || minutes < SYNC_INTERVAL_MINUTES.min || minutes > SYNC_INTERVAL_MINUTES.max) {
      found.intervalMinutes = `Whole minutes, ${SYNC_INTERVAL_MINUTES.min} to ${SYNC_INTERVAL_MINUTES.max}.`;
    }
    return found;
  };

  const placeError = (error: unknown) => {
    if (error instanceof CallError && error.target && ['baseUrl', 'authUrl', 'clientId', 'secret', 'intervalMinutes'].includes(error.target)) {
      setErrors((e) => ({ ...e, [error.target as keyof FieldErrors]: error.message }));
    }
  };

  const save = useMutation({
    mutationFn: (input: ChannelInput<'sync.configure'>) => call('sync.configure', input),
    onMutate: () => setSaved(false),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKey('sync.status', {}), view);
      clearSecretInput();
      setSaved(true);
    },
    onError: placeError,
  });

  const tester = useMutation({
    mutationFn: (input: ChannelInput<'sync.testConnection'>) => call('sync.testConnection', input),
    onMutate: () => setTest(null),
    onSuccess: setTest,
  });

  const forget = useMutation({
    mutationFn: () => call('sync.configure', { baseUrl: settings.baseUrl ?? baseUrl, authUrl: settings.authUrl, clientId: settings.clientId ?? clientId, clearSecret: true }),
    onSuccess: (view) => queryClient.setQueryData(queryKey('sync.status', {}), view),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({
      baseUrl: baseUrl.trim(),
      authUrl: authUrl.trim() === '' ? null : authUrl.trim(),
      clientId: clientId.trim(),
      ...(typedSecret() !== undefined ? { secret: typedSecret() } : {}),
      autoSync,
      intervalMinutes: Number(interval),
    });
  };

  const runTest = () => {
    const found = validate();
    delete found.intervalMinutes;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (typedSecret() === undefined && !secret.stored) {
      setErrors({ secret: 'Enter the client secret.' });
      return;
    }
    tester.mutate({
      baseUrl: baseUrl.trim(),
      authUrl: authUrl.trim() === '' ? null : authUrl.trim(),
      clientId: clientId.trim(),
      ...(typedSecret() !== undefined ? { secret: typedSecret() } : {}),
    });
  };

  const linked = status.linkedTo;
  const busy = save.isPending || tester.isPending || forget.isPending;

  return (
    <Paper withBorder p="md" radius="sm">
      <form onSubmit={submit} aria-label="Connection to the central platform" noValidate>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5">
              Connection
            </Title>
            <Badge variant="light" color={status.configured ? 'teal' : 'gray'}>
              {status.configured ? 'configured' : 'not configured'}
            </Badge>
          </Group>
          <TextInput
            label="Platform address (base URL)"
            placeholder="https://platform.example.com"
            value={baseUrl}
            onChange={(e) => {
              setBaseUrl(e.currentTarget.value);
              setErrors(({ baseUrl: _b, ...rest }) => rest);
            }}
            error={errors.baseUrl}
            readOnly={!!linked}
            description={linked ? `This data directory is linked to ${linked}: it syncs with no other platform.` : 'Tokens are asked for {address}/api/.'}
            data-testid="sync-base-url"
            autoComplete="url"
            required
          />
          <TextInput
            label="Token server (auth URL), optional"
            placeholder="Empty: the platform’s own address"
            value={authUrl}
            onChange={(e) => {
              setAuthUrl(e.currentTarget.value);
              setErrors(({ authUrl: _a, ...rest }) => rest);
            }}
            error={errors.authUrl}
            data-testid="sync-auth-url"
          />
          <TextInput
            label="Client id"
            value={clientId}
            onChange={(e) => {
              setClientId(e.currentTarget.value);
              setErrors(({ clientId: _c, ...rest }) => rest);
            }}
            error={errors.clientId}
            data-testid="sync-client-id"
            autoComplete="username"
            required
          />
          <PasswordInput
            ref={secretRef}
            label="Client secret"
            defaultValue=""
            placeholder={fromEnvironment ? 'Set by UW_CLIENT_SECRET' : secret.stored ? 'A secret is stored: type a new one to replace it' : 'The secret of this client id'}
            onChange={(e) => {
              setSecretTyped(e.currentTarget.value !== '');
              setErrors(({ secret: _s, ...rest }) => rest);
            }}
            error={errors.secret}
            disabled={fromEnvironment}
            autoComplete="off"
            data-testid="sync-secret"
            description={
              <span data-testid="sync-secret-state">
                {secret.stored ? `A secret is stored, ${secret.storage}.` : `No secret stored. It will be kept ${secret.storage}.`}
                {secret.stored && !secret.persistent ? ' It is lost when the workstation quits.' : ''}
              </span>
            }
          />
          {secret.warning && (
            <Alert color="orange" variant="light" title="How the secret is kept" data-testid="sync-secret-warning">
              <Text size="sm">{secret.warning}</Text>
            </Alert>
          )}
          <Group align="flex-end" gap="md">
            <Switch label="Sync in the background" checked={autoSync} onChange={(e) => setAutoSync(e.currentTarget.checked)} data-testid="sync-auto" />
            <NumberInput
              label="every (minutes)"
              value={interval}
              onChange={setIntervalMinutes}
              min={SYNC_INTERVAL_MINUTES.min}
              max={SYNC_INTERVAL_MINUTES.max}
              allowDecimal={false}
              disabled={!autoSync}
              error={errors.intervalMinutes}
              w={140}
              data-testid="sync-interval"
            />
          </Group>
          <Group gap="xs">
            <Button type="submit" loading={save.isPending} disabled={busy && !save.isPending} data-testid="sync-save">
              Save
            </Button>
            <Button variant="default" onClick={runTest} loading={tester.isPending} disabled={busy && !tester.isPending} data-testid="sync-test">
              Test connection
            </Button>
            {secret.stored && secret.source === 'stored' && (
              <Button variant="subtle" color="red" onClick={() => forget.mutate()} loading={forget.isPending} disabled={busy || !settings.baseUrl || !!status.running} data-testid="sync-forget-secret">
                Forget the secret
              </Button>
            )}
            {secretTyped && (
              <Text size="xs" c="dimmed">
                The new secret is kept when you save.
              </Text>
            )}
          </Group>
          {saved && !save.isPending && !save.isError && (
            <Text size="sm" c="teal" role="status" data-testid="sync-saved">
              Saved.
            </Text>
          )}
          {save.isError && !(save.error instanceof CallError && save.error.target) && <ErrorNote title="The connection was not saved" error={save.error} />}
          {forget.isError && <ErrorNote title="The secret was not forgotten" error={forget.error} />}
          {tester.isError && <ErrorNote title="The test could not run" error={tester.error} />}
          {test && <TestResult result={test} />}
        </Stack>
      </form>
    </Paper>
  );
}

const TEST_KIND: Record<Exclude<SyncTestResult, { ok: true }>['kind'], string> = {
  unavailable: 'The platform cannot be reached',
  auth: 'The platform refused the credentials',
  protocol: 'The platform answered something unexpected',
  local: 'This data directory cannot use this platform',
  aborted: 'The test was stopped',
  incomplete: 'Something is missing',
};

function TestResult({ result }: { result: SyncTestResult }) {
  if (result.ok) {
    return (
      <Alert color="teal" variant="light" title="Connected" data-testid="sync-test-result" data-ok="true" role="status">
        <Text size="sm">
          {result.baseUrl} answered in {duration(result.durationMs)}: {int(result.dealCount)} deal{result.dealCount === 1 ? '' : 's'} on the platform.
        </Text>
        {result.warning && (
          <Text size="sm" c="orange">
            {result.warning}
          </Text>
        )}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" title={TEST_KIND[result.kind]} data-testid="sync-test-result" data-ok="false" role="alert">
      <Text size="sm">{result.message}</Text>
    </Alert>
  );
}

// --- sync now -----------------------------------------------------------------------------------

const SUMMARY: { key: keyof SyncSummaryView; label: string; hint: string }[] = [
  { key: 'pulled', label: 'Pulled', hint: 'deals brought here (new or changed on the platform)' },
  { key: 'unchanged', label: 'Unchanged', hint: 'deals the platform has as before' },
  { key: 'pushed', label: 'Pushed', hint: 'local edits the platform confirmed' },
  { key: 'created', label: 'Created', hint: 'deals created here that now exist on the platform' },
  { key: 'conflicts', label: 'Conflicts', hint: 'fields changed on both sides: your decision below' },
  { key: 'rejected', label: 'Rejected', hint: 'edits the platform refused: see below' },
  { key: 'removed', label: 'Removed', hint: 'deals the platform no longer has' },
  { key: 'queued', label: 'Still queued', hint: 'edits not settled yet (sent at the next sync)' },
];

function SyncNow({ status }: { status: SyncStatusView }) {
  const run = useMutation({ mutationFn: () => call('sync.run', {}) });
  const cancel = useMutation({ mutationFn: () => call('sync.cancel', {}) });
  const running = status.running;
  const blocked = !status.configured ? 'Save the connection (address, client id and secret) first.' : running ? 'A sync is running.' : null;

  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Sync
          </Title>
          <Group gap="xs">
            <Tooltip label={blocked ?? 'Pull the platform’s changes, then push the local edits'} withArrow>
              <Button onClick={() => run.mutate()} disabled={!!blocked} data-testid="sync-now">
                Sync now
              </Button>
            </Tooltip>
            {running && (
              <Button color="red" variant="light" onClick={() => cancel.mutate()} disabled={running.cancelling} data-testid="sync-cancel">
                {running.cancelling ? 'Cancelling…' : 'Cancel'}
              </Button>
            )}
          </Group>
        </Group>
        {running ? (
          <Stack gap={4} data-testid="sync-progress">
            <Group justify="space-between">
              <Text size="sm" data-testid="sync-progress-text">
                {progressText(running)}
              </Text>
              <Text size="sm" fw={600} className="uw-num" data-testid="sync-progress-percent">
                {running.percent}%
              </Text>
            </Group>
            <Progress value={running.percent} animated aria-label={`Sync progress: ${progressText(running)}`} />
            <Text size="xs" c="dimmed">
              {running.trigger === 'background' ? 'Background sync' : 'Started'} {timestamp(running.startedAt)}
              {running.retries > 0 ? ` · ${running.retries} request(s) retried` : ''}
              {running.detail && running.phase !== 'connect' ? ` · ${running.detail}` : ''}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {status.configured ? 'Not syncing right now.' : 'Connect to a platform to sync.'}
          </Text>
        )}
        {run.isError && <ErrorNote title="The sync did not start" error={run.error} />}
        {cancel.isError && <ErrorNote title="The sync could not be cancelled" error={cancel.error} />}
        {status.last && <LastRun record={status.last} />}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" data-testid="sync-last-success">
            Last successful sync: {status.lastSuccessAt ? timestamp(status.lastSuccessAt) : 'never'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="sync-schedule">
            {!status.settings.autoSync
              ? 'Background sync is off.'
              : !status.configured
                ? 'Background sync starts once the workstation is connected.'
                : status.nextRunAt
                  ? `Next background sync ${timestamp(status.nextRunAt)} (every ${status.settings.intervalMinutes} min while connected).`
                  : `Background sync every ${status.settings.intervalMinutes} min while connected.`}
          </Text>
          {status.linkedTo && (
            <Text size="xs" c="dimmed">
              Linked to <Code>{status.linkedTo}</Code>
            </Text>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function LastRun({ record }: { record: SyncRunRecord }) {
  const when = `${record.trigger === 'background' ? 'Background sync' : 'Sync'} of ${timestamp(record.finishedAt)}`;
  if (record.outcome === 'failed') {
    return (
      <Alert color="red" variant="light" title={`${when} could not complete`} data-testid="sync-last" data-outcome="failed">
        <Text size="sm">{record.error}</Text>
        <Text size="xs" c="dimmed">
          Whatever it committed stays; the next sync resumes from there.
        </Text>
      </Alert>
    );
  }
  if (record.outcome === 'cancelled') {
    return (
      <Alert color="gray" variant="light" title={`${when} was cancelled`} data-testid="sync-last" data-outcome="cancelled">
        <Text size="sm">What it had committed stays; the next sync resumes from there.</Text>
      </Alert>
    );
  }
  const summary = record.summary!;
  return (
    <Stack gap={6} data-testid="sync-last" data-outcome="completed">
      <Text size="sm" fw={600}>
        {when}: completed in {duration(summary.durationMs)} · {int(summary.remoteDeals)} deals on the platform
      </Text>
      <SimpleGrid cols={4} spacing="xs" verticalSpacing={6} data-testid="sync-summary">
        {SUMMARY.map(({ key, label, hint }) => (
          <Tooltip key={key} label={hint} withArrow>
            <Stack gap={0} tabIndex={0} aria-label={`${label}: ${summary[key]} (${hint})`}>
              <span className="uw-figure-label">{label}</span>
              <Text
                fw={600}
                className="uw-num"
                ta="left"
                c={(key === 'conflicts' || key === 'rejected') && summary[key] > 0 ? 'orange' : undefined}
                data-testid={`sync-summary-${key}`}
              >
                {int(summary[key])}
              </Text>
            </Stack>
          </Tooltip>
        ))}
      </SimpleGrid>
      {(summary.conflicts > 0 || summary.rejected > 0) && (
        <Text size="xs">
          <Anchor component="button" type="button" size="xs" onClick={() => document.getElementById('sync-outbox')?.scrollIntoView({ behavior: 'smooth' })}>
            Settle them below.
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
