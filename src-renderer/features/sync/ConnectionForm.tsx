import { Alert, Badge, Button, Group, NumberInput, Paper, PasswordInput, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { type ChannelInput, SYNC_INTERVAL_MINUTES, type SyncStatusView, type SyncTestResult } from '../../../src-main/contract';
import { call, CallError, queryKey } from '../../shared/api';
import { ErrorNote } from '../../shared/components/common';
import { int } from '../../shared/format';
import { duration } from './sync';

/*
 * The connection to the central platform (address, optional token server, client id, client
 * secret), checked as typed, saved, tested, and its stored secret forgotten.
 */

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

/** The form's state: the fields, their checks, and Save, Test connection and Forget the secret. */
function useConnectionForm(status: SyncStatusView) {
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

  return {
    fields: { baseUrl, setBaseUrl, authUrl, setAuthUrl, clientId, setClientId, autoSync, setAutoSync, interval, setIntervalMinutes },
    secretRef,
    secretTyped,
    setSecretTyped,
    errors,
    setErrors,
    test,
    saved,
    save,
    tester,
    forget,
    submit,
    runTest,
    busy,
    linked,
  };
}

export function ConnectionForm({ status }: { status: SyncStatusView }) {
  const { settings, secret } = status;
  const form = useConnectionForm(status);
  const { baseUrl, setBaseUrl, authUrl, setAuthUrl, clientId, setClientId, autoSync, setAutoSync, interval, setIntervalMinutes } = form.fields;
  const { secretRef, secretTyped, setSecretTyped, errors, setErrors, test, saved, save, tester, forget, submit, runTest, busy, linked } = form;
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
          <SecretInput
            secret={secret}
            inputRef={secretRef}
            error={errors.secret}
            onTyped={(typed) => {
              setSecretTyped(typed);
              setErrors(({ secret: _s, ...rest }) => rest);
            }}
          />
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

/**
 * The client secret: uncontrolled, so the secret stays in the input element only (never in
 * React state, never in a DOM attribute); where and how it is kept, and a warning when weakly.
 */
function SecretInput({
  secret,
  inputRef,
  error,
  onTyped,
}: {
  secret: SyncStatusView['secret'];
  inputRef: React.RefObject<HTMLInputElement | null>;
  error: string | undefined;
  onTyped: (typed: boolean) => void;
}) {
  const fromEnvironment = secret.source === 'environment';
  return (
    <>
    <PasswordInput
      ref={inputRef}
      label="Client secret"
      defaultValue=""
      placeholder={fromEnvironment ? 'Set by UW_CLIENT_SECRET' : secret.stored ? 'A secret is stored: type a new one to replace it' : 'The secret of this client id'}
      onChange={(e) => onTyped(e.currentTarget.value !== '')}
      error={error}
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
    </>
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
