import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import type { ReportFormat } from '../../../src-main/contract';
import { call } from '../api';
import { int } from '../format';
import { ErrorNote } from './common';

/** One export of a table to a file, and its banner: running with its progress, done with its file, or failed. */
export interface ExportEntry<R extends { rows: number; file: string; fileName: string; downloadUrl?: string }> {
  id: string;
  format: ReportFormat;
  /** cancelled: stopped by its Cancel button (no file was written). */
  state: 'running' | 'done' | 'failed' | 'cancelled';
  progress: { phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled'; done: number; total: number } | null;
  /** Its Cancel button was pressed: the export stops within a batch of rows. */
  cancelling?: boolean;
  result?: R;
  error?: unknown;
  /** Web mode: its one-time link was used. */
  downloaded?: boolean;
}

/** How a screen names its export, and the test ids of its banners (`<prefix>-progress`, `-done`, ...). */
export interface ExportWords {
  testIdPrefix: string;
  /** What the rows are: "rows", "deals". */
  unit: string;
  writing: (format: string, done: string, total: string) => string;
  failed: (format: string) => string;
  ready: (format: string) => string;
}

/** Asks the main process to stop an export (work.cancel by its exportId). */
export async function cancelExport(id: string): Promise<void> {
  await call('work.cancel', { id });
}

/**
 * The list once an export answered `{ cancelled: true }`: an export its Cancel button stopped
 * keeps its banner (cancelled); one whose save dialog was dismissed leaves no banner.
 */
export function withCancelled<E extends { id: string; cancelling?: boolean; state: string }>(list: E[], id: string): E[] {
  return list.flatMap((e) => (e.id !== id ? [e] : e.cancelling ? [{ ...e, state: 'cancelled' }] : []));
}

export function ExportBanner<R extends { rows: number; file: string; fileName: string; downloadUrl?: string }>({
  entry,
  words,
  onDownloaded,
  onClose,
  onCancel,
}: {
  entry: ExportEntry<R>;
  words: ExportWords;
  onDownloaded: () => void;
  onClose: () => void;
  /** Stops the running export (its Cancel button). */
  onCancel: () => void;
}) {
  const format = entry.format.toUpperCase();
  const id = (part: string) => `${words.testIdPrefix}-${part}`;
  if (entry.state === 'running') {
    const p = entry.progress;
    const percent = p && p.total > 0 ? (100 * p.done) / p.total : 0;
    return (
      <Paper withBorder p="sm" radius="sm" data-testid={id('progress')} data-format={entry.format}>
        <Stack gap={4}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">
              {entry.cancelling ? `Cancelling the ${format} export…` : p?.phase === 'writing' ? words.writing(format, int(p.done), int(p.total)) : `Preparing the ${format} export…`}
            </Text>
            <Button size="xs" variant="subtle" color="red" onClick={onCancel} disabled={entry.cancelling} data-testid={id('cancel')}>
              Cancel
            </Button>
          </Group>
          <Progress value={percent} animated={!p || p.phase === 'preparing'} aria-label="Export progress" />
        </Stack>
      </Paper>
    );
  }
  if (entry.state === 'cancelled') {
    return (
      <Alert color="gray" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} title={`${format} export cancelled`} data-testid={id('cancelled')} data-format={entry.format}>
        <Text size="sm">No file was written. Export again when you need it.</Text>
      </Alert>
    );
  }
  if (entry.state === 'failed') {
    return (
      <Stack gap={4} data-testid={id('failed')} data-format={entry.format}>
        <ErrorNote title={words.failed(format)} error={entry.error} />
        <Group>
          <Button size="xs" variant="subtle" onClick={onClose}>
            Dismiss
          </Button>
        </Group>
      </Stack>
    );
  }
  const result = entry.result!;
  return (
    <Alert color="teal" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} title={words.ready(format)} data-testid={id('done')} data-format={entry.format}>
      {result.downloadUrl ? (
        <Group gap="sm">
          <Text size="sm">
            {int(result.rows)} {words.unit} are ready in {result.fileName}.
          </Text>
          {entry.downloaded ? (
            <Text size="sm" c="dimmed" data-testid={id('downloaded')}>
              Downloaded. The link works once: export again for another copy.
            </Text>
          ) : (
            // A plain link: the browser saves the file itself (a one-time link, valid 15 minutes).
            <Button component="a" size="xs" href={result.downloadUrl} download={result.fileName} data-testid={id('download')} onClick={onDownloaded}>
              Download {result.fileName}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm">
          {int(result.rows)} {words.unit} written to {result.file}.
        </Text>
      )}
    </Alert>
  );
}
