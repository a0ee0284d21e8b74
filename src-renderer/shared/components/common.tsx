import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  type MantineColor,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { CallError, messageOf } from '../api';

/** An error from the core, shown where it happened, with what to do when there is something to do. */
export function ErrorNote({ error, title, onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const issues = error instanceof CallError ? error.details?.issues : undefined;
  const code = error instanceof CallError ? error.details?.code : undefined;
  return (
    <Alert color="red" variant="light" title={title ?? 'Something went wrong'} role="alert" data-testid="error-note">
      <Stack gap={4}>
        <Text size="sm">{messageOf(error)}</Text>
        {issues && issues.length > 1 && (
          <Stack gap={0}>
            {issues.slice(1, 6).map((i) => (
              <Text key={`${i.path}:${i.message}`} size="xs">
                {i.path || 'input'}: {i.message}
              </Text>
            ))}
          </Stack>
        )}
        {code && code !== 'Internal' && (
          <Text size="xs" c="dimmed">
            {code}
          </Text>
        )}
        {onRetry && (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Center py="xl">
      <Group gap="xs">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {label}
        </Text>
      </Group>
    </Center>
  );
}

/** Renders a query's data, or its loading state, or its error with a retry. */
export function QueryView<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T, unknown>;
  label?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading label={label ? `Loading ${label}…` : undefined} />;
  if (query.isError) return <ErrorNote error={query.error} title={label ? `Could not load ${label}` : undefined} onRetry={() => void query.refetch()} />;
  return <>{children(query.data as T)}</>;
}

/** One key figure: a small label over a large formatted value. */
export function Figure({ label, value, hint, color, testId }: { label: string; value: string; hint?: string; color?: MantineColor; testId?: string }) {
  return (
    <Stack gap={0} miw={0}>
      <span className="uw-figure-label">{label}</span>
      <Text className="uw-figure-value" c={color} data-testid={testId} title={hint}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" className="uw-ellipsis">
          {hint}
        </Text>
      )}
    </Stack>
  );
}

export function FigureGrid({ children, cols = 4 }: { children: ReactNode; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: Math.min(cols, 4), lg: cols }} spacing="md" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  );
}

export function Section({ title, right, children }: { title: ReactNode; right?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5">
            {title}
          </Title>
          {right}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A dense key/value list (two columns of label and value). */
export function KeyValues({ items, cols = 2 }: { items: [string, ReactNode][]; cols?: number }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: cols }} spacing="xs" verticalSpacing={4}>
      {items.map(([k, v]) => (
        <Group key={k} justify="space-between" gap="xs" wrap="nowrap">
          {/* A label wraps rather than being cut: "Social security number" stays readable in a narrow card. */}
          <Text size="sm" c="dimmed" miw={0}>
            {k}
          </Text>
          <Text size="sm" fw={500} className="uw-num">
            {v}
          </Text>
        </Group>
      ))}
    </SimpleGrid>
  );
}

export interface TableColumn<T> {
  key: string;
  title: string;
  numeric?: boolean;
  render: (row: T) => ReactNode;
  total?: ReactNode;
}

/** A dense, scrollable data table with right-aligned numbers and an optional totals row. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  withTotals,
  empty = 'Nothing to show.',
  maxHeight,
  testId,
  caption,
}: {
  rows: readonly T[];
  columns: TableColumn<T>[];
  rowKey: (row: T, index: number) => string;
  withTotals?: boolean;
  empty?: string;
  maxHeight?: number;
  testId?: string;
  caption?: string;
}) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  const table = (
    <Table striped highlightOnHover withTableBorder verticalSpacing={4} horizontalSpacing="sm" fz="sm" className="uw-table" stickyHeader={!!maxHeight} data-testid={testId}>
      {caption && <Table.Caption>{caption}</Table.Caption>}
      <Table.Thead>
        <Table.Tr>
          {columns.map((c) => (
            <Table.Th key={c.key} className={c.numeric ? 'uw-num' : undefined}>
              {c.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, i) => (
          <Table.Tr key={rowKey(row, i)}>
            {columns.map((c) => (
              <Table.Td key={c.key} className={c.numeric ? 'uw-num' : undefined} data-col={c.key}>
                {c.render(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {withTotals && (
          <Table.Tr data-total="true">
            {columns.map((c) => (
              <Table.Td key={c.key} className={c.numeric ? 'uw-num' : undefined}>
                {c.total ?? ''}
              </Table.Td>
            ))}
          </Table.Tr>
        )}
      </Table.Tbody>
    </Table>
  );
  return maxHeight ? <Table.ScrollContainer minWidth={0} maxHeight={maxHeight}>{table}</Table.ScrollContainer> : <Table.ScrollContainer minWidth={0}>{table}</Table.ScrollContainer>;
}
