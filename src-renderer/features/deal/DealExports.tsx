import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AppEvents, DealExportResult } from '../../../src-main/contract';
import { call } from '../../shared/api';
import { ErrorNote } from '../../shared/components/common';
import { ExportBanners } from '../../shared/components/ExportBanner';
import { useExportRuns, type ExportRun } from '../../shared/export-runs';

/*
 * The deal page's exports (issue 15): the credit memo (PDF) and the sealed credit file (zip).
 * Electron asks where to save with the native dialog; web mode prepares the file and offers a
 * one-time download link. Progress comes as deal.exportProgress events; the page stays usable.
 */

type Kind = 'memo' | 'creditFile';
type Phase = AppEvents['deal.exportProgress']['phase'];

type DealExportRun = ExportRun<Kind, Extract<DealExportResult, { cancelled: false }>, AppEvents['deal.exportProgress']>;

const KINDS = ['memo', 'creditFile'] as const;

const WHAT: Record<Kind, { button: string; title: string; channel: 'deal.exportMemo' | 'deal.exportCreditFile' }> = {
  memo: { button: 'Credit memo (PDF)', title: 'Credit memo', channel: 'deal.exportMemo' },
  creditFile: { button: 'Credit file (zip)', title: 'Credit file', channel: 'deal.exportCreditFile' },
};

const PHASE_TEXT: Record<Phase, string> = {
  reading: 'Reading the deal…',
  rendering: 'Laying out the memo…',
  packing: 'Sealing the credit file…',
  done: 'Done',
  failed: 'Failed',
};

/** The banner of one document export: no row count or Cancel, the phase while it runs. */
function DealExportBanner({ entry, onClose, onDownloaded }: { entry: DealExportRun; onClose: () => void; onDownloaded: () => void }) {
  const kind = entry.key;
  const { title } = WHAT[kind];
  if (entry.state === 'running') {
    return (
      <Group gap="xs" data-testid={`deal-export-running-${kind}`} role="status">
        <Loader size="xs" />
        <Text size="sm">{PHASE_TEXT[entry.progress?.phase ?? 'reading']}</Text>
      </Group>
    );
  }
  if (entry.state === 'failed') {
    return (
      <Stack gap={4} data-testid={`deal-export-failed-${kind}`}>
        <ErrorNote title={`The ${title.toLowerCase()} was not written`} error={entry.error} />
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
    <Alert color="teal" variant="light" withCloseButton closeButtonLabel="Close" onClose={onClose} title={`${title} ready`} data-testid={`deal-export-done-${kind}`}>
      {result.downloadUrl ? (
        <Group gap="sm">
          <Text size="sm">
            {result.fileName} ({result.pages} memo pages) is ready.
          </Text>
          {entry.downloaded ? (
            <Text size="sm" c="dimmed">
              Downloaded. The link works once: export again for another copy.
            </Text>
          ) : (
            <Button component="a" size="xs" href={result.downloadUrl} download={result.fileName} data-testid={`deal-export-download-${kind}`} onClick={onDownloaded}>
              Download {result.fileName}
            </Button>
          )}
        </Group>
      ) : (
        <Text size="sm">
          Saved to {result.file} ({result.pages} memo pages).
        </Text>
      )}
    </Alert>
  );
}

export function DealExports({ dealId }: { dealId: string }) {
  // One run per document, shown memo first: a new export of a document replaces its last banner.
  const exports = useExportRuns<Kind, Extract<DealExportResult, { cancelled: false }>, 'deal.exportProgress'>({
    event: 'deal.exportProgress',
    idPrefix: (kind) => kind,
    keys: KINDS,
  });
  const run = (kind: Kind) => exports.start(kind, (exportId) => call(WHAT[kind].channel, { dealId, exportId }));

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {KINDS.map((kind) => (
          <Button key={kind} size="xs" variant="default" loading={exports.running(kind)} onClick={() => void run(kind)} data-testid={`deal-export-${kind}`}>
            {WHAT[kind].button}
          </Button>
        ))}
      </Group>
      <ExportBanners runs={exports} banner={(entry, { onClose, onDownloaded }) => <DealExportBanner entry={entry} onClose={onClose} onDownloaded={onDownloaded} />} />
    </Stack>
  );
}
