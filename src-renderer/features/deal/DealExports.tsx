import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AppEvents, DealExportResult } from '../../../src-main/contract';
import { call, useEvent } from '../../shared/api';
import { ErrorNote } from '../../shared/components/common';

/*
 * The deal page's exports (issue 15): the credit memo (PDF) and the sealed credit file (zip).
 * Electron asks where to save with the native dialog; web mode prepares the file and offers a
 * one-time download link. Progress comes as deal.exportProgress events; the page stays usable.
 */

type Kind = 'memo' | 'creditFile';
type Phase = AppEvents['deal.exportProgress']['phase'];

interface ExportState {
  id: string;
  state: 'running' | 'done' | 'failed';
  phase?: Phase;
  result?: Extract<DealExportResult, { cancelled: false }>;
  error?: unknown;
  downloaded?: boolean;
}

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

function ExportBanner({ kind, entry, onClose, onDownloaded }: { kind: Kind; entry: ExportState; onClose: () => void; onDownloaded: () => void }) {
  const { title } = WHAT[kind];
  if (entry.state === 'running') {
    return (
      <Group gap="xs" data-testid={`deal-export-running-${kind}`} role="status">
        <Loader size="xs" />
        <Text size="sm">{PHASE_TEXT[entry.phase ?? 'reading']}</Text>
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
  const [exports, setExports] = useState<Partial<Record<Kind, ExportState>>>({});
  const patch = (kind: Kind, id: string, change: Partial<ExportState>) =>
    setExports((all) => (all[kind]?.id === id ? { ...all, [kind]: { ...all[kind]!, ...change } } : all));

  useEvent('deal.exportProgress', (p) => {
    for (const kind of ['memo', 'creditFile'] as const) patch(kind, p.exportId, { phase: p.phase });
  });

  const run = async (kind: Kind) => {
    const id = `${kind}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    setExports((all) => ({ ...all, [kind]: { id, state: 'running' } }));
    try {
      const result = await call(WHAT[kind].channel, { dealId, exportId: id });
      if (result.cancelled) setExports((all) => ({ ...all, [kind]: undefined }));
      else patch(kind, id, { state: 'done', result });
    } catch (error) {
      patch(kind, id, { state: 'failed', error });
    }
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {(['memo', 'creditFile'] as const).map((kind) => (
          <Button
            key={kind}
            size="xs"
            variant="default"
            loading={exports[kind]?.state === 'running'}
            onClick={() => void run(kind)}
            data-testid={`deal-export-${kind}`}
          >
            {WHAT[kind].button}
          </Button>
        ))}
      </Group>
      {(['memo', 'creditFile'] as const).map((kind) => {
        const entry = exports[kind];
        return entry ? (
          <ExportBanner
            key={kind}
            kind={kind}
            entry={entry}
            onClose={() => setExports((all) => ({ ...all, [kind]: undefined }))}
            onDownloaded={() => patch(kind, entry.id, { downloaded: true })}
          />
        ) : null;
      })}
    </Stack>
  );
}
