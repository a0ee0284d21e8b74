import { Alert, Anchor, Badge, Breadcrumbs, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { CompareExportResult, CompareFigure, CompareFigureKind } from '../../../src-main/contract';
import { call, useChannel } from '../../shared/api';
import { compareRefusal } from './compare-selection';
import { ErrorNote, Loading } from '../../shared/components/common';
import { label, multiple, pct, pctNumber, text, usd } from '../../shared/format';
import { routePath } from '../../shared/router';

const FORMAT: Record<CompareFigureKind, (v: number | string | null) => string> = {
  money: (v) => usd(v as number | null),
  rate: (v) => pct(v as number | null, 3),
  ratio: (v) => pct(v as number | null, 1),
  multiple: (v) => multiple(v as number | null),
  percentNumber: (v) => pctNumber(v as number | null),
  text: (v) => (typeof v === 'string' ? (v.includes('_') ? label(v) : text(v)) : text(null)),
};

const FIGURE_WIDTH = 230;
/** Light enough in both colour schemes when most rows differ (two deals rarely share a figure). */
const DIFFERS_BACKGROUND = 'rgba(250, 176, 5, 0.12)';
const DEAL_WIDTH = 200;

/** The highest and lowest numbers of a figure whose values differ (null values left out). */
function extremes(figure: CompareFigure): { max: number; min: number } | null {
  const numbers = figure.values.filter((v): v is number => typeof v === 'number');
  if (!figure.differs || numbers.length < 2 || figure.kind === 'text') return null;
  return { max: Math.max(...numbers), min: Math.min(...numbers) };
}

function ExportDone({ result }: { result: Extract<CompareExportResult, { cancelled: false }> }) {
  return (
    <Alert color="teal" variant="light" title="Comparison exported" data-testid="compare-export-done">
      {result.downloadUrl ? (
        <Group gap="sm">
          <Text size="sm">{result.fileName} is ready.</Text>
          <Button component="a" size="xs" href={result.downloadUrl} download={result.fileName} data-testid="compare-download">
            Download {result.fileName}
          </Button>
        </Group>
      ) : (
        <Text size="sm">Written to {result.file}.</Text>
      )}
    </Alert>
  );
}

/**
 * The key figures of 2 to 4 deals side by side. A figure whose values differ is highlighted,
 * its highest and lowest values marked; the same table goes to an XLSX workbook.
 */
export function CompareScreen({ ids }: { ids: string[] }) {
  const refusal = compareRefusal(ids.length);
  const comparison = useChannel('deals.compare', { ids }, { enabled: refusal === null });
  const exporting = useMutation({ mutationFn: () => call('deals.compareExport', { ids }) });

  const crumbs = (
    <Breadcrumbs>
      <Anchor href={routePath({ name: 'pipeline' })} size="sm">
        Deals pipeline
      </Anchor>
      <Text size="sm">Compare deals</Text>
    </Breadcrumbs>
  );
  if (refusal) {
    return (
      <Stack>
        {crumbs}
        <Alert color="yellow" variant="light" title="Nothing to compare" data-testid="compare-refused">
          <Stack gap="xs">
            <Text size="sm">{refusal}</Text>
            <Text size="sm">
              In the <Anchor href={routePath({ name: 'pipeline' })}>pipeline</Anchor>, tick the deals (Space on a row), then press Compare.
            </Text>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  if (comparison.isPending) return <Loading label="Comparing the deals…" />;
  if (comparison.isError) {
    return (
      <Stack>
        {crumbs}
        <ErrorNote title="The deals could not be compared" error={comparison.error} onRetry={() => void comparison.refetch()} />
      </Stack>
    );
  }
  const { deals, figures } = comparison.data;
  const differing = figures.filter((f) => f.differs).length;
  const exported = exporting.data && !exporting.data.cancelled ? exporting.data : null;
  // As wide as the deals need, not the window: values stay near their labels.
  const width = FIGURE_WIDTH + deals.length * DEAL_WIDTH;

  return (
    <Stack gap="md" maw={Math.max(width + 2, 520)}>
      {crumbs}
      <Group justify="space-between" align="flex-end">
        <Stack gap={2}>
          <Title order={2} size="h3">
            Compare {deals.length} deals
          </Title>
          <Text size="sm" c="dimmed" data-testid="compare-summary">
            {differing === 0 ? 'Every key figure is the same.' : `${differing} of ${figures.length} key figures differ (highlighted; ▲ highest, ▼ lowest).`}
          </Text>
        </Stack>
        <Tooltip label="A workbook with this table, figures typed (money, percentages, multiples)">
          <Button onClick={() => exporting.mutate()} loading={exporting.isPending} data-testid="compare-export">
            Export XLSX
          </Button>
        </Tooltip>
      </Group>
      {exporting.isError && <ErrorNote title="The comparison could not be exported" error={exporting.error} />}
      {exported && <ExportDone result={exported} />}
      <Paper withBorder radius="sm" style={{ overflowX: 'auto', width: 'fit-content', maxWidth: '100%' }}>
        <Table striped={false} highlightOnHover verticalSpacing={6} data-testid="compare-table" style={{ tableLayout: 'fixed', width }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={FIGURE_WIDTH}>Figure</Table.Th>
              {deals.map((d) => (
                <Table.Th key={d.id} style={{ textAlign: 'right' }}>
                  <Stack gap={0} align="flex-end">
                    <Anchor href={routePath({ name: 'deal', id: d.id, tab: 'terms' })} fw={600} size="sm" className="uw-ellipsis" maw="100%" title={d.seedName}>
                      {d.seedName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {d.loanId ?? label(d.loanType)}
                    </Text>
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {figures.map((f) => {
              const range = extremes(f);
              return (
                <Table.Tr
                  key={f.key}
                  data-testid="compare-row"
                  data-figure={f.key}
                  data-differs={f.differs}
                  style={f.differs ? { background: DIFFERS_BACKGROUND } : undefined}
                >
                  <Table.Td style={f.differs ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-yellow-6)' } : undefined}>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {f.label}
                      </Text>
                      {f.differs && (
                        <Badge size="xs" variant="light" color="yellow">
                          differs
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {f.values.map((v, i) => (
                    <Table.Td key={deals[i]!.id} style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                      {FORMAT[f.kind](v)}
                      {range && typeof v === 'number' && (v === range.max || v === range.min) && (
                        <Text span size="xs" c="dimmed" ml={4} aria-label={v === range.max ? 'highest' : 'lowest'}>
                          {v === range.max ? '▲' : '▼'}
                        </Text>
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
