import { Alert, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { ReportFormat } from '../../../src-main/contract';
import { int } from '../format';
import type { ExportRun, ExportRuns } from '../export-runs';
import { ErrorNote } from './common';

/** A table's export (the cross-deal report, the portfolio stress): rows written of the total. */
export type TableExportRun<R> = ExportRun<ReportFormat, R, { phase: 'preparing' | 'writing' | 'done' | 'failed' | 'cancelled'; done: number; total: number }>;

/** How a screen names its export, and the test ids of its banners (`<prefix>-progress`, `-done`, ...). */
export interface ExportWords {
  testIdPrefix: string;
  /** What the rows are: "rows", "deals". */
  unit: string;
  writing: (format: string, done: string, total: string) => string;
  failed: (format: string) => string;
  ready: (format: string) => string;
}

/** The banner of one table export, by its state. */
function ExportBanner<R extends { rows: number; file: string; fileName: string; downloadUrl?: string }>({
  entry,
  words,
  onDownloaded,
  onClose,
  onCancel,
}: {
  entry: TableExportRun<R>;
  words: ExportWords;
  onDownloaded: () => void;
  onClose: () => void;
  /** Stops the running export (its Cancel button). */
  onCancel: () => void;
}) {
  const format = entry.key.toUpperCase();
  const id = (part: string) => `${words.testIdPrefix}-${part}`;
  if (entry.state === 'running') {
    const p = entry.progress;
    const percent = p && p.total > 0 ? (100 * p.done) / p.total : 0;
    return (
      <Paper withBorder p="sm" radius="sm" data-testid={id('progress')} data-format={entry.key}>
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
      <Alert color="gray" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} title={`${format} export cancelled`} data-testid={id('cancelled')} data-format={entry.key}>
        <Text size="sm">No file was written. Export again when you need it.</Text>
      </Alert>
    );
  }
  if (entry.state === 'failed') {
    return (
      <Stack gap={4} data-testid={id('failed')} data-format={entry.key}>
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
    <Alert color="teal" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} title={words.ready(format)} data-testid={id('done')} data-format={entry.key}>
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

/** What a banner can do to its run. */
export interface ExportRunActions {
  onClose: () => void;
  onDownloaded: () => void;
  onCancel: () => void;
}

/**
 * The banners of a screen's exports (useExportRuns), each kept until the user closes it. A table
 * export shows the standard banner in the screen's `words`; a screen whose exports look otherwise
 * (the deal page's documents) passes its own `banner`.
 */
export function ExportBanners<K extends string, R, P>(
  props:
    | { runs: ExportRuns<K, R, P>; words: ExportWords; banner?: undefined }
    | { runs: ExportRuns<K, R, P>; banner: (run: ExportRun<K, R, P>, actions: ExportRunActions) => ReactNode; words?: undefined },
) {
  const { runs } = props;
  return (
    <>
      {runs.runs.map((run) => {
        const actions: ExportRunActions = {
          onClose: () => runs.close(run.id),
          onDownloaded: () => runs.downloaded(run.id),
          onCancel: () => runs.cancel(run.id),
        };
        if (props.banner) return <Fragment key={run.id}>{props.banner(run, actions)}</Fragment>;
        const table = run as unknown as TableExportRun<{ rows: number; file: string; fileName: string; downloadUrl?: string }>;
        return <ExportBanner key={run.id} entry={table} words={props.words} {...actions} />;
      })}
    </>
  );
}
