import { BarChart } from '@mantine/charts';
import { Badge, Button, Chip, Group, Pagination, Paper, Progress, SegmentedControl, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type {
  ChannelInput,
  ChannelOutput,
  PortfolioStressSummaryDto,
  ReportFormat,
  Scenario,
  StressExportResult,
} from '../../../src-main/contract';
import { describeShocks } from '../../shared/analysis';
import { call, useChannel } from '../../shared/api';
import { ErrorNote, Loading } from '../../shared/components/common';
import { ExportBanners, type ExportWords } from '../../shared/components/ExportBanner';
import { useExportRuns } from '../../shared/export-runs';
import { int, multiple, pct, usdCompact, usd } from '../../shared/format';
import { routePath } from '../../shared/router';
import { isCancelled, useStressRun, type StressRunState } from './stress-run';
import { breachText } from '../../shared/analysis';
import { asScenario } from '../../shared/analysis';
import { EMPTY_DRAFT, ReportFilterFields, toFilter, type Draft } from '../report';

/*
 * Portfolio stress: up to ten scenarios (built-in and custom) run on every deal the filter
 * selects (the cross-deal report's filter), under a credit policy profile. Counts and exposures
 * per scenario, the DSCR distribution base against stressed, the deals that breach (paged), and
 * an export of it all to XLSX or CSV with its progress. Nothing is written.
 */

export const MAX_SCENARIOS = 10;
const PAGE_SIZE = 25;

type Request = Omit<ChannelInput<'analysis.stressPortfolio'>, 'page' | 'pageSize'>;
const STRESS_EXPORT_WORDS: ExportWords = {
  testIdPrefix: 'stress-export',
  unit: 'deals',
  writing: (format, done, total) => `Stressing and writing ${format}: ${done} of ${total} deals`,
  failed: (format) => `The ${format} stress export failed`,
  ready: (format) => `${format} stress export ready`,
};

interface Choice {
  key: string;
  label: string;
  scenario: Scenario;
  builtIn: boolean;
}

/** A DSCR band as a chart label: "< 0.80x", "1.20–1.25x", "≥ 2.00x". */
export function bandLabel(from: number | null, to: number | null): string {
  if (from === null) return `< ${multiple(to)}`;
  if (to === null) return `≥ ${multiple(from)}`;
  return `${multiple(from).replace('x', '')}–${multiple(to)}`;
}

function SummaryTable({ base, scenarios, titles }: { base: PortfolioStressSummaryDto; scenarios: PortfolioStressSummaryDto[]; titles: string[] }) {
  const rows = [{ title: 'Today (no shock)', s: base }, ...scenarios.map((s, i) => ({ title: titles[i] ?? `Scenario ${i + 1}`, s }))];
  const ce = (c: { count: number; exposure: number }) => (
    <>
      {int(c.count)} <Text span size="xs" c="dimmed">· {usdCompact(c.exposure)}</Text>
    </>
  );
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped withTableBorder fz="sm" verticalSpacing={4} className="uw-table" data-testid="stress-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Scenario</Table.Th>
            <Table.Th className="uw-num">Deals</Table.Th>
            <Table.Th className="uw-num">Exposure</Table.Th>
            <Table.Th className="uw-num">DSCR below policy</Table.Th>
            <Table.Th className="uw-num">DSCR below 1.00x</Table.Th>
            <Table.Th className="uw-num">LTV above policy</Table.Th>
            <Table.Th className="uw-num">Weighted DSCR</Table.Th>
            <Table.Th className="uw-num">Weighted LTV</Table.Th>
            <Table.Th className="uw-num" title="Deals with no DSCR (no NOI or no debt service yet) or no LTV (no valuation): counted apart, in no breach count">
              Not measured
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ title, s }, i) => (
            <Table.Tr key={i} data-testid="stress-summary-row" data-scenario={i === 0 ? 'base' : title}>
              <Table.Td fw={600}>{title}</Table.Td>
              <Table.Td className="uw-num">{int(s.deals)}</Table.Td>
              <Table.Td className="uw-num">{usd(s.exposure)}</Table.Td>
              <Table.Td className="uw-num" data-col="dscrBelowPolicy">
                {ce(s.dscrBelowPolicy)}
              </Table.Td>
              <Table.Td className="uw-num" data-col="dscrBelowOne">
                {ce(s.dscrBelowOne)}
              </Table.Td>
              <Table.Td className="uw-num" data-col="ltvAbovePolicy">
                {ce(s.ltvAbovePolicy)}
              </Table.Td>
              <Table.Td className="uw-num">{multiple(s.weightedDscr)}</Table.Td>
              <Table.Td className="uw-num">{pct(s.weightedLtv, 1)}</Table.Td>
              <Table.Td className="uw-num" data-col="notMeasured">
                DSCR {int(s.dscrNotMeasured.count)} · LTV {int(s.ltvNotMeasured.count)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function DistributionChart({ base, scenarios, titles }: { base: PortfolioStressSummaryDto; scenarios: PortfolioStressSummaryDto[]; titles: string[] }) {
  const [which, setWhich] = useState(String(scenarios.length - 1));
  const index = Math.min(Number(which), scenarios.length - 1);
  const stressed = scenarios[index]!;
  const name = titles[index] ?? 'Stressed';
  const data = base.dscrDistribution.map((band, i) => ({ band: bandLabel(band.from, band.to), Today: band.count, [name]: stressed.dscrDistribution[i]?.count ?? 0 }));
  return (
    <Stack gap="xs" data-testid="stress-chart">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          Deals by DSCR band, today against {name}
        </Text>
        {scenarios.length > 1 && (
          <SegmentedControl size="xs" value={String(index)} onChange={setWhich} data={titles.map((t, i) => ({ value: String(i), label: t }))} aria-label="Scenario shown in the chart" />
        )}
      </Group>
      <BarChart
        h={220}
        data={data}
        dataKey="band"
        series={[
          { name: 'Today', color: 'gray.5' },
          { name, color: 'red.6' },
        ]}
        withLegend
        tickLine="y"
        yAxisLabel="Deals"
        valueFormatter={(v) => int(v)}
      />
    </Stack>
  );
}

/** The run in flight: deals stressed of the deals selected, and its Cancel button. */
function StressProgress({ run, onCancel }: { run: StressRunState; onCancel: () => void }) {
  const percent = run.total > 0 ? (100 * run.done) / run.total : 0;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="stress-progress" aria-busy="true">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">
            {run.cancelling ? 'Cancelling the stress…' : run.total > 0 ? `Stressing the book: ${int(run.done)} of ${int(run.total)} deals` : 'Selecting the deals…'}
          </Text>
          <Button size="xs" variant="subtle" color="red" onClick={onCancel} disabled={run.cancelling} data-testid="stress-cancel">
            Cancel
          </Button>
        </Group>
        <Progress value={percent} animated={run.total === 0} aria-label="Stress progress" />
      </Stack>
    </Paper>
  );
}

export function PortfolioStressScreen() {
  const profiles = useChannel('analysis.profiles', {});
  const scenarios = useChannel('analysis.scenarios', {});
  // The owners the store holds (not every pipeline row: a book may hold 50,000 deals).
  const owners = useChannel('pipeline.facets', {}, { staleTime: 60_000 }).data?.owners ?? [];

  const [picked, setPicked] = useState<string[] | null>(null);
  const [profile, setProfile] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [breachesOnly, setBreachesOnly] = useState(true);
  const [applied, setApplied] = useState<{ request: Request; titles: string[] } | null>(null);
  // Bumped by Run stress: a new run even when the request is the same (after a cancel, say).
  const [attempt, setAttempt] = useState(0);
  const [page, setPage] = useState(1);

  // The first page runs the stress over the whole selection (its totals need every deal), with progress
  // and Cancel; another page of the same run, with the book unchanged, stresses only its own deals.
  const { query: result, run: stressRun, cancel: cancelStress } = useStressRun(applied ? { ...applied.request, page, pageSize: PAGE_SIZE } : null, attempt);

  const exports = useExportRuns<ReportFormat, Extract<StressExportResult, { cancelled: false }>, 'analysis.exportProgress'>({
    event: 'analysis.exportProgress',
    idPrefix: () => 'stress',
  });

  if (profiles.isPending || scenarios.isPending) return <Loading label="Loading the scenarios…" />;
  if (profiles.isError) return <ErrorNote title="The credit profiles could not be loaded" error={profiles.error} onRetry={() => void profiles.refetch()} />;
  if (scenarios.isError) return <ErrorNote title="The scenarios could not be loaded" error={scenarios.error} onRetry={() => void scenarios.refetch()} />;

  const choices: Choice[] = [
    ...scenarios.data.builtIn.map((s) => ({ key: `builtin:${s.name}`, label: s.label ?? s.name, scenario: asScenario(s), builtIn: true })),
    ...scenarios.data.custom.map((s) => ({ key: `custom:${s.name}`, label: s.name!, scenario: asScenario(s), builtIn: false })),
  ];
  const selected = (picked ?? choices.filter((c) => c.builtIn).map((c) => c.key)).filter((k) => choices.some((c) => c.key === k));
  const profileName = profile ?? profiles.data.defaultProfile;
  const { filter, errors } = toFilter(draft);
  const scenarioError =
    selected.length === 0 ? 'Pick at least one scenario.' : selected.length > MAX_SCENARIOS ? `At most ${MAX_SCENARIOS} scenarios at a time: ${selected.length} are picked.` : null;
  const invalid = scenarioError !== null || Object.keys(errors).length > 0;

  const buildRequest = (): { request: Request; titles: string[] } => {
    const { sortBy: _b, sortDirection: _d, ...rest } = filter;
    const chosen = selected.map((k) => choices.find((c) => c.key === k)!);
    return {
      request: { scenarios: chosen.map((c) => c.scenario), ...(Object.keys(rest).length ? { filter: rest } : {}), profileName, breachesOnly },
      titles: chosen.map((c) => c.label),
    };
  };

  const run = () => {
    if (invalid) return;
    setApplied(buildRequest());
    setPage(1);
    setAttempt((n) => n + 1);
  };

  const runExport = async (format: ReportFormat) => {
    if (!applied) return;
    await exports.start(format, (exportId) => call('analysis.exportStress', { request: applied.request, format, exportId }));
  };
  const exporting = exports.running;

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        Portfolio stress
      </Title>
      <Paper withBorder p="md" radius="sm">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
          aria-label="Portfolio stress"
        >
          <Stack gap="sm">
            <ScenarioChips choices={choices} selected={selected} onChange={setPicked} error={scenarioError} noCustom={scenarios.data.custom.length === 0} />
            <Group gap="md" align="flex-end">
              <Select
                size="xs"
                w={240}
                label="Credit policy profile"
                data={profiles.data.profiles.map((p) => ({ value: p.name, label: p.isDefault ? `${p.label} (default)` : p.label }))}
                value={profileName}
                onChange={(v) => v && setProfile(v)}
                allowDeselect={false}
              />
              <Switch size="sm" label="List only the deals that breach" checked={breachesOnly} onChange={(e) => setBreachesOnly(e.currentTarget.checked)} />
            </Group>
            <ReportFilterFields draft={draft} set={(key, value) => setDraft((d) => ({ ...d, [key]: value }))} owners={owners} errors={errors} />
            <Group justify="space-between">
              <Group gap="xs">
                <Button size="xs" type="submit" disabled={invalid} data-testid="stress-run">
                  Run stress
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  onClick={() => {
                    setDraft(EMPTY_DRAFT);
                    setPicked(null);
                    setProfile(null);
                    setBreachesOnly(true);
                  }}
                >
                  Reset
                </Button>
              </Group>
              <Group gap="xs">
                <Text size="xs" c="dimmed">
                  {applied ? 'Exports the last run, every deal.' : 'Run the stress to export it.'}
                </Text>
                <Button size="xs" variant="default" disabled={!applied} onClick={() => void runExport('csv')} loading={exporting('csv')} data-testid="stress-export-csv">
                  Export CSV
                </Button>
                <Button size="xs" variant="default" disabled={!applied} onClick={() => void runExport('xlsx')} loading={exporting('xlsx')} data-testid="stress-export-xlsx">
                  Export XLSX
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      </Paper>

      <ExportBanners runs={exports} words={STRESS_EXPORT_WORDS} />

      {!applied ? (
        <Paper withBorder p="lg" radius="sm" data-testid="stress-empty">
          <Text size="sm" c="dimmed">
            Pick the scenarios, a profile and (if you like) a filter, then press Run stress: every matching deal is stressed under each scenario, and nothing is saved.
          </Text>
        </Paper>
      ) : result.isPending ? (
        stressRun ? <StressProgress run={stressRun} onCancel={cancelStress} /> : <Loading label="Stressing the book…" />
      ) : result.isError && isCancelled(result.error) ? (
        <Paper withBorder p="lg" radius="sm" data-testid="stress-cancelled">
          <Group justify="space-between">
            <Text size="sm">The stress was cancelled before it finished; nothing was saved. Press Run stress to run it again.</Text>
            <Button size="xs" variant="default" onClick={run} disabled={invalid}>
              Run again
            </Button>
          </Group>
        </Paper>
      ) : result.isError ? (
        <ErrorNote title="The stress could not run" error={result.error} onRetry={() => void result.refetch()} />
      ) : result.data.base.deals === 0 ? (
        <Paper withBorder p="lg" radius="sm" data-testid="stress-no-deals">
          <Text size="sm">No deal matches the filter. Widen it (or press Reset) and run again.</Text>
        </Paper>
      ) : (
        <Stack gap="md" style={{ opacity: result.isPlaceholderData ? 0.6 : 1 }}>
          {stressRun && <StressProgress run={stressRun} onCancel={cancelStress} />}
          <Paper withBorder p="md" radius="sm">
            <Stack gap="sm">
              <Text size="xs" c="dimmed">
                {int(result.data.base.deals)} deals, {usd(result.data.base.exposure)} of loans, under {result.data.profileName}. Counts, then exposure.
              </Text>
              <SummaryTable base={result.data.base} scenarios={result.data.scenarios} titles={applied.titles} />
            </Stack>
          </Paper>
          <Paper withBorder p="md" radius="sm">
            <DistributionChart base={result.data.base} scenarios={result.data.scenarios} titles={applied.titles} />
          </Paper>
          <StressDeals data={result.data} applied={applied} page={page} setPage={setPage} />
        </Stack>
      )}
    </Stack>
  );
}

/** The scenarios to run, up to MAX_SCENARIOS, with what each shocks (or why the pick cannot run). */
function ScenarioChips({
  choices,
  selected,
  onChange,
  error,
  noCustom,
}: {
  choices: Choice[];
  selected: string[];
  onChange: (keys: string[]) => void;
  error: string | null;
  /** No custom scenario yet: say where they are added. */
  noCustom: boolean;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id="stress-scenarios-label">
        Scenarios (up to {MAX_SCENARIOS})
      </Text>
      <Chip.Group multiple value={selected} onChange={onChange}>
        <Group gap="xs" role="group" aria-labelledby="stress-scenarios-label" data-testid="stress-scenarios">
          {choices.map((c) => (
            <Chip key={c.key} value={c.key} size="xs" variant={c.builtIn ? 'filled' : 'outline'} title={describeShocks(c.scenario)}>
              {c.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error ? (
        <Text size="xs" c="red" role="alert" data-testid="stress-scenarios-error">
          {error}
        </Text>
      ) : (
        <Text size="xs" c="dimmed">
          {noCustom ? 'Custom scenarios are added on a deal’s Sizing and stress tab. ' : ''}
          {selected.map((k) => choices.find((c) => c.key === k)!).map((c) => `${c.label}: ${describeShocks(c.scenario)}`).join(' · ')}
        </Text>
      )}
    </Stack>
  );
}

/** The deals of the page: each deal's figures today and under each scenario, its breaches, and the pages. */
function StressDeals({
  data,
  applied,
  page,
  setPage,
}: {
  data: ChannelOutput<'analysis.stressPortfolio'>;
  applied: { request: Request; titles: string[] };
  page: number;
  setPage: (page: number) => void;
}) {
  return (
    <Paper withBorder p="md" radius="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" fw={600}>
            {applied.request.breachesOnly ? 'Deals that breach under some scenario' : 'Deals'}
          </Text>
          <Text size="xs" c="dimmed" data-testid="stress-row-count">
            {int(data.totalRows)} {data.totalRows === 1 ? 'deal' : 'deals'}
          </Text>
        </Group>
        {data.rows.length === 0 ? (
          <Text size="sm" c="teal" data-testid="stress-no-breaches">
            No deal breaks the policy under these scenarios.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={760}>
            <Table striped withTableBorder fz="sm" verticalSpacing={4} className="uw-table" data-testid="stress-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Deal</Table.Th>
                  <Table.Th className="uw-num">Loan</Table.Th>
                  <Table.Th className="uw-num">DSCR today</Table.Th>
                  <Table.Th className="uw-num">LTV today</Table.Th>
                  {applied.titles.map((t) => (
                    <Table.Th key={t}>{t}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.rows.map((row) => (
                  <Table.Tr key={row.dealId} data-testid="stress-row">
                    <Table.Td>
                      <a href={routePath({ name: 'deal', id: row.dealId, tab: 'sizing' })}>{row.seedName}</a>
                    </Table.Td>
                    <Table.Td className="uw-num">{usd(row.loanAmount)}</Table.Td>
                    <Table.Td className="uw-num">{multiple(row.base.dscr)}</Table.Td>
                    <Table.Td className="uw-num">{pct(row.base.ltv, 1)}</Table.Td>
                    {row.scenarios.map((s, i) => (
                      <Table.Td key={i}>
                        <Text size="xs" className="uw-num" span>
                          {multiple(s.stressed.dscr)} · {pct(s.stressed.ltv, 1)}
                        </Text>
                        <Group gap={2} mt={2}>
                          {s.breaches.map((b) => (
                            <Badge key={b.metric} size="xs" color="red" variant="light" tt="none">
                              {breachText(b)}
                            </Badge>
                          ))}
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data.totalRows > PAGE_SIZE && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              Deals {int((page - 1) * PAGE_SIZE + 1)}–{int(Math.min(page * PAGE_SIZE, data.totalRows))} of {int(data.totalRows)}
            </Text>
            <Pagination size="sm" total={Math.ceil(data.totalRows / PAGE_SIZE)} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
