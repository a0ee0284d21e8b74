import { Alert, Anchor, Badge, Button, FileInput, Group, Paper, Select, SimpleGrid, Spoiler, Stack, Stepper, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { IMPORT_COLUMNS, type ImportCollateralItemDto, type ParsedImportFile } from '../../../src-main/contract';
import { call, useChannel, type CallError } from '../../shared/api';
import { DataTable, ErrorNote, Loading } from '../../shared/components/common';
import { DealPicker, type PickedDeal } from './DealPicker';
import { buildImportItems, dealLabel, dealReferences, dealResolver, guessMapping, IMPORT_TARGETS, reportMessage, type ImportTarget, type Mapping, type RowProblem } from './import-mapping';
import { int, label, usd } from '../../shared/format';
import { routePath } from '../../shared/router';

const MAX_BYTES = 25 * 1024 * 1024;

function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** The template's download: a save dialog on the desktop, a one-time link in web mode. */
function TemplateDownload() {
  const template = useMutation({ mutationFn: () => call('import.template', {}) });
  const done = template.data && !template.data.cancelled ? template.data : null;
  return (
    <Group gap="sm">
      <Button size="xs" variant="default" onClick={() => template.mutate()} loading={template.isPending} data-testid="import-template">
        Download the template (CSV)
      </Button>
      {done &&
        (done.downloadUrl ? (
          <Button component="a" size="xs" href={done.downloadUrl} download={done.fileName} data-testid="import-template-download">
            Save {done.fileName}
          </Button>
        ) : (
          <Text size="xs" c="dimmed" data-testid="import-template-done">
            Template written to {done.file}.
          </Text>
        ))}
      {template.isError && (
        <Text size="xs" c="red">
          {template.error.message}
        </Text>
      )}
    </Group>
  );
}

/** The columns a file may have and what each expects (the template's columns). */
function ColumnList() {
  return (
    <Spoiler maxHeight={0} showLabel="Show the columns a file may have" hideLabel="Hide the columns" data-testid="import-columns">
      <Table fz="xs" withTableBorder verticalSpacing={2} mt="xs" data-testid="import-column-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>What it holds</Table.Th>
            <Table.Th>Example</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {IMPORT_COLUMNS.map((c) => (
            <Table.Tr key={c.key}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.header}</Table.Td>
              <Table.Td>{c.expects}</Table.Td>
              <Table.Td>{c.example || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Spoiler>
  );
}

/** The deals of an item as links to each deal's collaterals, by name. */
function DealLinks({ ids, names }: { ids: readonly string[]; names: ReadonlyMap<string, string> }) {
  if (ids.length === 0) return <>—</>;
  return (
    <>
      {ids.map((id, i) => (
        <Anchor key={`${id}-${i}`} href={routePath({ name: 'deal', id, tab: 'collaterals' })} size="sm" mr={6} data-testid="import-deal-link">
          {names.get(id) ?? 'Deal'}
        </Anchor>
      ))}
    </>
  );
}

/** The import's steps and their state: the file read, the columns mapped and checked, the rows sent, the report polled. */
function useImportFlow() {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [parsed, setParsed] = useState<ParsedImportFile | null>(null);
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [pickedDeal, setPickedDeal] = useState<PickedDeal | null>(null);
  const defaultDeal = pickedDeal?.id ?? null;
  const [reportId, setReportId] = useState<string | null>(null);
  // The items as sent: the report names each created collateral's deals from them.
  const [sent, setSent] = useState<Map<string, ImportCollateralItemDto> | null>(null);
  // Only the deals the file names (by id, loan id or name): a book may hold 50,000 deals.
  const references = useMemo(() => (parsed && mapping ? dealReferences(parsed.rows, mapping, defaultDeal) : null), [parsed, mapping, defaultDeal]);
  const named = useChannel('import.findDeals', { references: references ?? [] }, { enabled: references !== null, staleTime: 60_000 });
  const deals = named.data?.deals;
  const dealNames = useMemo(() => new Map((deals ?? []).map((r) => [r.id, dealLabel(r)])), [deals]);
  const resolve = useMemo(() => (deals ? dealResolver(deals) : null), [deals]);

  const parse = useMutation({
    mutationFn: async (f: File) => {
      if (f.size > MAX_BYTES) throw new Error(`The file is ${int(f.size / 1024 / 1024)} MB; at most 25 MB can be imported at once.`);
      return call('import.parseFile', { fileName: f.name, contentBase64: await readBase64(f) });
    },
    onSuccess: (result) => {
      setParsed(result);
      setMapping(guessMapping(result.headers));
      setReportId(null);
    },
  });

  const built = useMemo(
    () => (parsed && mapping && resolve ? buildImportItems(parsed.rows, mapping, defaultDeal, resolve) : null),
    [parsed, mapping, defaultDeal, resolve],
  );
  const noDeals = built ? built.items.filter((i) => (i.collateralCreateData.dealIds ?? []).length === 0).length : 0;
  const problemsByRow = useMemo(() => {
    const map = new Map<number, RowProblem[]>();
    for (const p of built?.problems ?? []) map.set(p.row, [...(map.get(p.row) ?? []), p]);
    return map;
  }, [built]);
  // The first rows, and every row to fix (rows are numbered as in the file: 2 is the first after the header).
  const preview = useMemo(
    () => (built ? built.items.map((item, i) => ({ item, row: i + 2 })).filter(({ row }) => row < 7 || problemsByRow.has(row)).slice(0, 60) : []),
    [built, problemsByRow],
  );

  const send = useMutation({
    mutationFn: () => call('import.send', { collaterals: built!.items }),
    onSuccess: (r) => {
      setSent(new Map(built!.items.map((item) => [item.clientItemId, item])));
      setReportId(r.reportId);
    },
  });

  const report = useQuery({
    queryKey: ['import.report', { reportId }],
    queryFn: () => call('import.report', { reportId: reportId! }),
    enabled: reportId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'Completed' || q.state.error ? false : 750),
  });

  const step = reportId ? (report.data?.status === 'Completed' ? 4 : 3) : parsed ? (send.isPending ? 2 : 1) : 0;

  const reset = () => {
    setFile(null);
    setParsed(null);
    setMapping(null);
    setReportId(null);
    setSent(null);
    parse.reset();
    send.reset();
    void queryClient.invalidateQueries({ queryKey: ['import.findDeals'] });
  };

  return { file, setFile, parsed, setParsed, mapping, setMapping, pickedDeal, setPickedDeal, defaultDeal, reportId, setReportId, sent, named, dealNames, parse, built, noDeals, problemsByRow, preview, send, report, step, reset };
}

type ImportFlow = ReturnType<typeof useImportFlow>;

export function ImportScreen() {
  const flow = useImportFlow();
  const { file, setFile, parsed, setParsed, mapping, setMapping, reportId, setReportId, named, parse, built, step } = flow;
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Collateral import
      </Title>
      <Stepper active={step} size="xs" allowNextStepsSelect={false}>
        <Stepper.Step label="File" description="CSV or XLSX" />
        <Stepper.Step label="Columns" description="Map and check" />
        <Stepper.Step label="Import" description="Send the rows" />
        <Stepper.Step label="Report" description="What was created" />
      </Stepper>

      <Paper withBorder p="md" radius="sm">
        <Stack gap="xs">
          <Group align="flex-end" gap="sm">
            <FileInput
              w={360}
              size="xs"
              label="File to import"
              description="The first row names the columns; one collateral per row."
              placeholder="Choose a .csv or .xlsx file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(f) => {
                setFile(f);
                setParsed(null);
                setMapping(null);
                setReportId(null);
                parse.reset();
                if (f) parse.mutate(f);
              }}
              clearable
              error={parse.isError ? parse.error.message : undefined}
              data-testid="import-file"
            />
            {parse.isPending && <Text size="xs">Reading the file…</Text>}
            {parsed && (
              <Text size="sm" c="dimmed" data-testid="import-file-summary">
                {int(parsed.rows.length)} rows, {parsed.headers.length} columns{parsed.sheet ? ` (sheet ${parsed.sheet})` : ''}
              </Text>
            )}
          </Group>
          <TemplateDownload />
          <ColumnList />
        </Stack>
      </Paper>

      {parsed && mapping && !reportId && !built && (named.isError ? (
        <ErrorNote title="The deals could not be read to check the file" error={named.error} onRetry={() => void named.refetch()} />
      ) : (
        <Loading label="Checking the file's deals…" />
      ))}

      {parsed && mapping && built && !reportId && <MappingStep flow={flow} parsed={parsed} mapping={mapping} built={built} />}

      {reportId && <ImportReport flow={flow} />}
    </Stack>
  );
}

/** Map the columns: a picker per field, the deal for rows that name none, the preview with every row to fix, and Import. */
function MappingStep({
  flow,
  parsed,
  mapping,
  built,
}: {
  flow: ImportFlow;
  parsed: ParsedImportFile;
  mapping: Mapping;
  built: NonNullable<ImportFlow['built']>;
}) {
  const { setMapping, pickedDeal, setPickedDeal, noDeals, preview, dealNames, problemsByRow, send, reset } = flow;
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Map the columns
        </Title>
        <SimpleGrid cols={{ base: 2, md: 3, xl: 5 }} spacing="xs">
          {IMPORT_TARGETS.map((t) => (
            <Select
              key={t.key}
              size="xs"
              label={t.label}
              description={'hint' in t ? t.hint : undefined}
              placeholder="Not imported"
              data={parsed.headers.map((h, i) => ({ value: String(i), label: h }))}
              value={mapping[t.key] === null ? null : String(mapping[t.key])}
              onChange={(v) => setMapping((m) => ({ ...m!, [t.key as ImportTarget]: v === null ? null : Number(v) }))}
              clearable
              data-testid={`map-${t.key}`}
            />
          ))}
        </SimpleGrid>
        <DealPicker w={420} label="Deal for rows that name none" placeholder="None: type a deal's name or loan id" value={pickedDeal} onChange={setPickedDeal} describe={dealLabel} testId="import-default-deal" />
        {noDeals > 0 && (
          <Text size="xs" c="orange">
            {int(noDeals)} row{noDeals === 1 ? ' has' : 's have'} no deal: the import will report them (a collateral belongs to a deal).
          </Text>
        )}
        <Text size="sm" fw={600}>
          Preview: the first rows{built.problems.length > 0 ? ' and every row to fix' : ''}
        </Text>
        <DataTable
          testId="import-preview"
          rows={preview}
          rowKey={(p) => String(p.row)}
          columns={[
            { key: 'row', title: 'Row', numeric: true, render: (p) => p.row },
            { key: 'id', title: 'Client item id', render: (p) => p.item.clientItemId },
            {
              key: 'deals',
              title: 'Deals',
              render: (p) =>
                (p.item.collateralCreateData.dealIds ?? []).map((id, i) => (
                  <Text key={`${id}-${i}`} span size="sm" c={dealNames.has(id) ? undefined : 'red'} mr={6}>
                    {dealNames.get(id) ?? id}
                  </Text>
                )),
            },
            { key: 'name', title: 'Name', render: (p) => p.item.collateralCreateData.name ?? '—' },
            { key: 'type', title: 'Property type', render: (p) => label(p.item.collateralCreateData.propertyType) },
            { key: 'address', title: 'Address', render: (p) => p.item.collateralCreateData.address?.fullAddress ?? '—' },
            { key: 'valuation', title: 'Valuation', numeric: true, render: (p) => usd(p.item.alternativeValuationCreateData?.valuation) },
            {
              key: 'check',
              title: 'Check',
              render: (p) => {
                const problems = problemsByRow.get(p.row);
                if (!problems) return <Badge size="xs" color="teal" variant="light">OK</Badge>;
                return (
                  <Text size="xs" c="red" style={{ whiteSpace: 'normal', maxWidth: 420 }}>
                    {problems.map((x) => `${x.field}: ${x.message}`).join(' ')}
                  </Text>
                );
              },
            },
          ]}
        />
        {built.problems.length > 0 && (
          <Alert color="red" variant="light" title={`${built.problems.length} problem${built.problems.length === 1 ? '' : 's'} to fix in the file or the mapping`}>
            {built.problems.slice(0, 10).map((p, i) => (
              <Text key={i} size="sm">
                Row {p.row}, {p.field}: {p.message}
              </Text>
            ))}
            {built.problems.length > 10 && <Text size="sm">…and {int(built.problems.length - 10)} more.</Text>}
          </Alert>
        )}
        {send.isError && <ErrorNote title="The import was refused" error={send.error} />}
        <Group justify="flex-end">
          {(built.items.length === 0 || built.problems.length > 0) && (
            <Text size="sm" c="dimmed" data-testid="import-blocked">
              {built.items.length === 0
                ? 'The file has no row to import.'
                : `Nothing is sent until every row checks: ${problemsByRow.size} row${problemsByRow.size === 1 ? '' : 's'} to fix above.`}
            </Text>
          )}
          <Button size="xs" variant="default" onClick={reset}>
            Start over
          </Button>
          <Button size="xs" disabled={built.items.length === 0 || built.problems.length > 0} loading={send.isPending} onClick={() => send.mutate()} data-testid="import-send">
            Import {int(built.items.length)} collateral{built.items.length === 1 ? '' : 's'}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What the import created and what it refused, each row's deals as links, polled until the import completes. */
function ImportReport({ flow }: { flow: ImportFlow }) {
  const { report, reset, sent, dealNames, defaultDeal } = flow;
  return (
    <Paper withBorder p="md" radius="sm" data-testid="import-report">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Import report
          </Title>
          <Group gap="xs">
            {report.data && (
              <Badge color={report.data.status === 'Completed' ? 'teal' : 'blue'} variant="light" data-testid="import-status">
                {report.data.status}
              </Badge>
            )}
            <Button size="xs" variant="default" onClick={reset}>
              Import another file
            </Button>
          </Group>
        </Group>
        {report.isError && <ErrorNote title="The report could not be read" error={report.error as CallError} onRetry={() => void report.refetch()} />}
        {report.data && (
          <>
            <Text size="sm">
              {int(report.data.createdEntities.length)} created, {int(report.data.errors.length)} failed
              {report.data.status === 'Pending' ? ' so far; checks are still running…' : '.'}
            </Text>
            {report.data.errors.length > 0 && (
              <Table fz="sm" withTableBorder verticalSpacing={2} data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Item</Table.Th>
                    <Table.Th>Deals</Table.Th>
                    <Table.Th>Reason</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.data.errors.map((e, i) => (
                    <Table.Tr key={i}>
                      <Table.Td>{e.clientItemId ?? '—'}</Table.Td>
                      <Table.Td>
                        <DealLinks ids={(e.clientItemId && sent?.get(e.clientItemId)?.collateralCreateData.dealIds) || []} names={dealNames} />
                      </Table.Td>
                      <Table.Td>{reportMessage(e.message)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {report.data.createdEntities.length > 0 && (
              <DataTable
                testId="import-created"
                rows={report.data.createdEntities}
                rowKey={(e) => e.clientItemId}
                columns={[
                  { key: 'item', title: 'Item', render: (e) => e.clientItemId },
                  { key: 'name', title: 'Collateral', render: (e) => sent?.get(e.clientItemId)?.collateralCreateData.name ?? '—' },
                  {
                    key: 'deals',
                    title: 'Deals',
                    render: (e) => <DealLinks ids={sent?.get(e.clientItemId)?.collateralCreateData.dealIds ?? []} names={dealNames} />,
                  },
                ]}
              />
            )}
            {report.data.status === 'Completed' && defaultDeal && (
              <Text size="sm">
                <a href={routePath({ name: 'deal', id: defaultDeal, tab: 'collaterals' })}>Open the deal's collaterals</a>
              </Text>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}
