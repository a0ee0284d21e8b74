import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { useState, type CSSProperties } from 'react';
import type { ChannelOutput, CreditPolicy, PolicyNotTested, SensitivityGridDto } from '../../../src-main/contract';
import {
  asScenario,
  breachText,
  breakpointLines,
  CONSTRAINT_LABELS,
  EMPTY_WHAT_IF,
  limitText,
  notApplicableText,
  notTestedText,
  shockHeading,
  sizingRefusal,
  whatIfInputs,
  type WhatIfDraft,
  type WhatIfSizingInputs,
} from '../../shared/analysis';
import { call, CallError, messageOf, queryKey, useChannel } from '../../shared/api';
import { ErrorNote, Figure, KeyValues, Loading, Section } from '../../shared/components/common';
import { multiple, pct, pctNumber, usd } from '../../shared/format';
import type { Deal } from './deal';
import { ScenarioTable } from './ScenarioTable';
import type { ScenarioRow, StressResult } from './scenario-rows';

/*
 * The Sizing and stress tab: the loan sized under a credit policy profile against the current
 * one (each constraint's loan, the binding one marked), how far the deal is from breaking the
 * policy (breakpoints), two sensitivity grids coloured pass / fail, and the deal under every
 * scenario (the built-ins of the system configuration and the custom ones of this data
 * directory, which are added, changed and deleted here). Everything only reads the deal.
 */

// A constraint's bar: its loan against the largest one; the marker is the current loan.
const TRACK: CSSProperties = { position: 'relative', height: 10, marginTop: 2, borderRadius: 5, background: 'var(--mantine-color-default-border)' };
const BAR: CSSProperties = { height: '100%', borderRadius: 5 };
const MARKER: CSSProperties = { position: 'absolute', top: -3, bottom: -3, width: 2, marginLeft: -1, background: 'var(--mantine-color-text)' };


export function policyText(policy: CreditPolicy): string {
  return [
    policy.maxLtv !== undefined ? `max LTV ${pct(policy.maxLtv, 1)}` : null,
    policy.maxLtc !== undefined ? `max LTC ${pct(policy.maxLtc, 1)}` : null,
    policy.minDscr !== undefined ? `min DSCR ${multiple(policy.minDscr)}` : null,
    policy.minDebtYield !== undefined ? `min debt yield ${pctNumber(policy.minDebtYield)}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}


export function SizingStressTab({ dealId, deal }: { dealId: string; deal: Deal }) {
  const profiles = useChannel('analysis.profiles', {});
  const scenarios = useChannel('analysis.scenarios', {});
  const [chosen, setChosen] = useState<string | null>(null);
  const profileName = chosen ?? profiles.data?.defaultProfile;

  if (profiles.isPending || scenarios.isPending) return <Loading label="Loading the credit profiles and scenarios…" />;
  if (profiles.isError) return <ErrorNote title="The credit profiles could not be loaded" error={profiles.error} onRetry={() => void profiles.refetch()} />;
  if (scenarios.isError) return <ErrorNote title="The stress scenarios could not be loaded" error={scenarios.error} onRetry={() => void scenarios.refetch()} />;

  const rows: ScenarioRow[] = [
    ...scenarios.data.builtIn.map((s) => ({ key: `builtin:${s.name}`, title: s.label ?? s.name, scenario: asScenario(s), builtIn: s })),
    ...scenarios.data.custom.map((s) => ({ key: `custom:${s.name}`, title: s.name!, scenario: asScenario(s), builtIn: null })),
  ];

  return (
    <Stack gap="md" data-testid="sizing-tab">
      <ProfileBar profiles={profiles.data} value={profileName!} onChange={setChosen} />
      <StressView dealId={dealId} deal={deal} profileName={profileName!} rows={rows} />
    </Stack>
  );
}

function ProfileBar({ profiles, value, onChange }: { profiles: ChannelOutput<'analysis.profiles'>; value: string; onChange: (name: string) => void }) {
  const queryClient = useQueryClient();
  const profile = profiles.profiles.find((p) => p.name === value);
  const makeDefault = useMutation({
    mutationFn: () => call('analysis.setDefaultProfile', { name: value }),
    onSuccess: (view) => queryClient.setQueryData(queryKey('analysis.profiles', {}), view),
  });
  return (
    <Paper withBorder p="sm" radius="sm">
      <Group gap="md" align="flex-end" wrap="nowrap">
        <Select
          size="xs"
          label="Credit policy profile"
          w={240}
          data={profiles.profiles.map((p) => ({ value: p.name, label: p.isDefault ? `${p.label} (default)` : p.label }))}
          value={value}
          onChange={(v) => v && onChange(v)}
          allowDeselect={false}
          error={makeDefault.error?.message}
          data-testid="profile-picker"
        />
        {value !== profiles.defaultProfile && (
          <Button size="xs" variant="default" onClick={() => makeDefault.mutate()} loading={makeDefault.isPending}>
            Make default
          </Button>
        )}
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text size="sm" fw={500} data-testid="profile-limits">
            {profile ? policyText(profile) : ''}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2} title={profile?.source}>
            {profile?.source}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

function StressView({ dealId, deal, profileName, rows }: { dealId: string; deal: Deal; profileName: string; rows: ScenarioRow[] }) {
  // The what-if sizing: an NOI and / or a value typed here replace the deal's for the sizing only.
  const [whatIf, setWhatIf] = useState<WhatIfSizingInputs | null>(null);
  const sizing = useChannel('analysis.sizeLoan', { dealId, profileName, ...(whatIf ? { inputs: whatIf } : {}) });
  const refusal = sizing.isError ? sizingRefusal(sizing.error instanceof CallError ? sizing.error.target : undefined) : null;
  const needsNoi = !(deal.collateralTotals.netOperatingIncome > 0);
  const needsRate = !(deal.interestRate > 0);
  const stress = useQueries({
    queries: rows.map((row) => {
      const input = { dealId, scenario: row.scenario, profileName };
      return { queryKey: queryKey('analysis.stressDeal', input), queryFn: () => call('analysis.stressDeal', input) };
    }),
  });
  // Breakpoints and grids do not depend on the scenario: any answer has them.
  const first = stress.find((q) => q.data)?.data ?? null;
  const firstError = stress.find((q) => q.isError)?.error ?? null;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section title="Sized loan">
          <Stack gap="sm">
            {sizing.isPending ? (
              <Loading label="Sizing the loan…" />
            ) : sizing.isError ? (
              <Text size="sm" c={refusal?.whatIf ? undefined : 'red'} role="alert" data-testid="sizing-error">
                {refusal?.text ?? messageOf(sizing.error)}
              </Text>
            ) : (
              <SizingView sizing={sizing.data} currentLoan={deal.grossLoan} whatIf={whatIf !== null} />
            )}
            <WhatIfSizing needs={{ noi: needsNoi, rate: needsRate }} applied={whatIf} onApply={setWhatIf} deal={deal} />
          </Stack>
        </Section>
        <Section title="Breakpoints" right={<Text size="xs" c="dimmed">at the current loan, unstressed</Text>}>
          {first ? (
            <BreakpointsView result={first} />
          ) : firstError instanceof CallError && firstError.target === 'dealId' ? (
            <Text size="sm" c="dimmed" data-testid="stress-not-run">
              {needsNoi
                ? "No breakpoints or scenarios yet: the deal's NOI is 0, so there is no income to stress. The NOI comes from the collaterals' cash flows, which are not entered for this deal."
                : messageOf(firstError)}
            </Text>
          ) : firstError ? (
            <ErrorNote title="The deal could not be stressed" error={firstError} />
          ) : (
            <Loading label="Finding the breakpoints…" />
          )}
        </Section>
      </SimpleGrid>
      {first && (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <Section title="DSCR sensitivity" right={<Text size="xs" c="dimmed">NOI change × rate change</Text>}>
            <GridView grid={first.sensitivity.dscr} testId="grid-dscr" />
          </Section>
          <Section title="LTV sensitivity" right={<Text size="xs" c="dimmed">value change × NOI change</Text>}>
            <GridView grid={first.sensitivity.ltv} testId="grid-ltv" />
          </Section>
        </SimpleGrid>
      )}
      <ScenarioTable rows={rows} results={stress} baseline={first} />
    </Stack>
  );
}

function SizingView({ sizing, currentLoan, whatIf }: { sizing: ChannelOutput<'analysis.sizeLoan'>; currentLoan: number; whatIf: boolean }) {
  const headroom = sizing.maxLoan - currentLoan;
  const scale = Math.max(currentLoan, ...sizing.constraints.map((c) => c.maxLoan)) || 1;
  const at = sizing.atMaxLoan;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 2, xl: 4 }} spacing="md" verticalSpacing="xs">
        <Figure label="Sized loan" value={usd(sizing.maxLoan)} testId="sized-loan" hint={whatIf ? 'what-if' : undefined} />
        <Figure label="Current loan" value={usd(currentLoan)} testId="current-loan" />
        <Figure label={headroom >= 0 ? 'Headroom' : 'Over the sized loan'} value={usd(Math.abs(headroom))} color={headroom < 0 ? 'red' : 'teal'} testId="sizing-headroom" />
        <Figure label="Binds on" value={CONSTRAINT_LABELS[sizing.bindingConstraint]} testId="binding-constraint" />
      </SimpleGrid>
      <Stack gap={6} data-testid="constraint-bars" role="list" aria-label="Loan allowed by each constraint">
        {sizing.constraints.map((c) => {
          const binding = c.name === sizing.bindingConstraint;
          return (
            <div key={c.name} role="listitem" data-testid="constraint-bar" data-constraint={c.name} data-binding={binding ? 'true' : 'false'}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" fw={binding ? 700 : 400}>
                  {CONSTRAINT_LABELS[c.name]} <Text span size="xs" c="dimmed">({limitText(c.name, c.limit)})</Text>
                  {binding && (
                    <Badge ml={6} size="xs" color="indigo" variant="filled">
                      binding
                    </Badge>
                  )}
                </Text>
                <Text size="sm" className="uw-num" fw={binding ? 700 : 400}>
                  {usd(c.maxLoan)}
                </Text>
              </Group>
              <div style={TRACK} title={`${CONSTRAINT_LABELS[c.name]}: ${usd(c.maxLoan)}`}>
                <div style={{ ...BAR, width: `${Math.max(0, Math.min(100, (100 * c.maxLoan) / scale))}%`, background: binding ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-5)' }} />
                <div style={{ ...MARKER, left: `${Math.min(100, (100 * currentLoan) / scale)}%` }} aria-hidden />
              </div>
            </div>
          );
        })}
        {sizing.notApplicable.map((n) => (
          <div key={n.name} role="listitem" data-testid="constraint-not-applicable" data-constraint={n.name}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" c="dimmed">
                {CONSTRAINT_LABELS[n.name]} <Text span size="xs">({limitText(n.name, n.limit)})</Text>
              </Text>
              <Text size="sm" c="dimmed">
                —
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {notApplicableText(n)}
            </Text>
          </div>
        ))}
        <Text size="xs" c="dimmed">
          The dark line marks the current loan, {usd(currentLoan)}.
        </Text>
      </Stack>
      <KeyValues
        items={[
          ['DSCR at the sized loan', multiple(at.dscr)],
          ['Debt yield', pctNumber(at.debtYield)],
          ['LTV', pct(at.ltv, 1)],
          ['LTC', pct(at.ltc, 1)],
          ['Annual debt service', usd(at.annualDebtService)],
          ['Debt constant', pct(sizing.debtConstant, 3)],
        ]}
      />
    </Stack>
  );
}

function BreakpointsView({ result }: { result: StressResult }) {
  const lines = breakpointLines(result.breakpoints);
  return (
    <Stack gap="xs" data-testid="breakpoints">
      {lines.map((line) => (
        <Stack key={line.key} gap={0} data-testid={`breakpoint-${line.key}`}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {line.label}
            </Text>
            <Text size="sm" fw={600} className="uw-num" c={line.breached ? 'red' : undefined}>
              {line.value}
            </Text>
          </Group>
          {line.note && (
            <Text size="xs" c={line.breached ? 'red' : 'dimmed'}>
              {line.note}
            </Text>
          )}
        </Stack>
      ))}
      {result.baseBreaches.length > 0 ? (
        <Group gap={4}>
          <Text size="xs" c="red">
            Breaks the policy today:
          </Text>
          {result.baseBreaches.map((b) => (
            <Badge key={b.metric} size="xs" color="red" variant="light">
              {breachText(b)}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="xs" c="teal">
          {result.baseNotApplicable.length > 0 ? 'Meets every limit it is measured on today.' : 'Meets every limit of the profile today.'}
        </Text>
      )}
      <NotTested list={result.baseNotApplicable} />
    </Stack>
  );
}

function NotTested({ list }: { list: PolicyNotTested[] }) {
  if (list.length === 0) return null;
  return (
    <Stack gap={0} data-testid="not-tested">
      {list.map((n) => (
        <Text key={n.metric} size="xs" c="dimmed">
          {notTestedText(n)}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * The what-if sizing: the underwriter types an NOI and / or a value, and the loan is sized on
 * them in place of the deal's (nothing is saved). A new deal has no NOI until its collaterals'
 * cash flows are entered; this is how it is sized meanwhile.
 */
function WhatIfSizing({ needs, applied, onApply, deal }: { needs: { noi: boolean; rate: boolean }; applied: WhatIfSizingInputs | null; onApply: (inputs: WhatIfSizingInputs | null) => void; deal: Deal }) {
  const [draft, setDraft] = useState<WhatIfDraft>(EMPTY_WHAT_IF);
  const [touched, setTouched] = useState(false);
  const { inputs, errors } = whatIfInputs(draft, needs);
  const needsNoi = needs.noi;
  const shown = touched ? errors : {};
  const t = deal.collateralTotals;
  return (
    <form
      aria-label="What-if sizing"
      data-testid="whatif-sizing"
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (inputs) onApply(inputs);
      }}
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          What-if: size on another NOI, value or rate
        </Text>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            size="xs"
            w={170}
            label="NOI a year"
            inputMode="decimal"
            placeholder={needsNoi ? 'e.g. 850,000' : usd(t.netOperatingIncome)}
            value={draft.noi}
            onChange={(e) => setDraft({ ...draft, noi: e.currentTarget.value })}
            error={shown.noi}
            data-testid="sizing-whatif-noi"
          />
          <TextInput
            size="xs"
            w={170}
            label="Value"
            inputMode="decimal"
            placeholder="the deal's valuation"
            value={draft.value}
            onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
            error={shown.value}
            data-testid="sizing-whatif-value"
          />
          <TextInput
            size="xs"
            w={120}
            label="Note rate"
            inputMode="decimal"
            rightSection={<Text size="xs" c="dimmed">%</Text>}
            placeholder={needs.rate ? 'e.g. 6.5' : pct(deal.interestRate, 3).replace('%', '')}
            value={draft.rate}
            onChange={(e) => setDraft({ ...draft, rate: e.currentTarget.value })}
            error={shown.rate}
            data-testid="sizing-whatif-rate"
          />
          <Button size="xs" type="submit" mt={22} data-testid="sizing-whatif-size">
            Size on these figures
          </Button>
          {applied && (
            <Button
              size="xs"
              variant="default"
              mt={22}
              onClick={() => {
                onApply(null);
                setDraft(EMPTY_WHAT_IF);
                setTouched(false);
              }}
            >
              Back to the deal's figures
            </Button>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {applied
            ? `Sized on ${applied.noi !== undefined ? `an NOI of ${usd(applied.noi)}` : "the deal's NOI"}, ${applied.value !== undefined ? `a value of ${usd(applied.value)}` : "the deal's value"} and ${applied.interestRate !== undefined ? `a rate of ${pct(applied.interestRate, 3)}` : "the deal's rate"}, with the deal's amortization. Nothing is saved.`
            : "The deal's NOI comes from its collaterals' cash flows. Typed figures replace the deal's for this sizing only; nothing is saved."}
        </Text>
      </Stack>
    </form>
  );
}

function GridView({ grid, testId }: { grid: SensitivityGridDto; testId: string }) {
  const format = (v: number | null) => (grid.metric === 'Dscr' ? multiple(v) : pct(v, 1));
  const rowName = grid.rowShock === 'noiChange' ? 'NOI' : 'Value';
  const colName = grid.columnShock === 'rateChangeBps' ? 'Rate' : 'NOI';
  return (
    <Stack gap={4}>
      <Table withTableBorder withColumnBorders fz="xs" verticalSpacing={3} horizontalSpacing={6} className="uw-grid" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              {rowName} ↓ · {colName} →
            </Table.Th>
            {grid.columns.map((c) => (
              <Table.Th key={c} className="uw-num">
                {shockHeading(grid.columnShock, c)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {grid.rows.map((r, i) => (
            <Table.Tr key={r}>
              <Table.Th scope="row">{shockHeading(grid.rowShock, r)}</Table.Th>
              {grid.cells[i]!.map((cell, j) => (
                <Table.Td
                  key={grid.columns[j]}
                  className="uw-num"
                  data-pass={cell.pass === null ? 'untested' : cell.pass ? 'pass' : 'fail'}
                  data-base={r === 0 && grid.columns[j] === 0 ? 'true' : undefined}
                  style={{
                    background: cell.pass === null ? undefined : cell.pass ? 'var(--mantine-color-teal-light)' : 'var(--mantine-color-red-light)',
                    fontWeight: r === 0 && grid.columns[j] === 0 ? 700 : undefined,
                  }}
                >
                  {format(cell.value)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        {grid.limit === null
          ? 'The profile sets no limit for this figure: cells are not coloured.'
          : `Green meets the profile's ${grid.metric === 'Dscr' ? `minimum of ${multiple(grid.limit)}` : `maximum of ${pct(grid.limit, 1)}`}, red breaks it. Bold: today.`}
      </Text>
    </Stack>
  );
}
