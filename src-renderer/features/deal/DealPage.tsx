import { Anchor, Badge, Breadcrumbs, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useChannel } from '../../shared/api';
import { ErrorNote, Figure, Loading } from '../../shared/components/common';
import { label, multiple, pct, pctNumber, text, usd } from '../../shared/format';
import { navigate, routePath, type DealTab } from '../../shared/router';
import { DealMovedNote, DealSyncBadge } from '../../shared/components/DealSyncMarks';
import { CollateralsTab } from './CollateralsTab';
import type { Deal } from './deal';
import { DealExports } from './DealExports';
import { ComponentsTab } from './ComponentsTab';
import { FundsTab, fundsLoanAmount } from './FundsTab';
import { HistoryTab } from './HistoryTab';
import { LoanTermsTab } from './LoanTermsTab';
import { PartiesTab } from './PartiesTab';
import { RentRollsTab } from './RentRollsTab';
import { SizingStressTab } from './SizingStressTab';
import { usePreviewDeal, WhatIfProvider } from './what-if';
import { measured, withDelta } from '../../shared/analysis';

/** The hint of a figure not measured ("—"). */
const notMeasured = (value: number) => (measured(value) === null ? 'not measured' : undefined);

/** The tabs in order, each with what its panel shows. */
const TABS: { value: DealTab; label: string; panel: (deal: Deal, dealId: string) => ReactNode }[] = [
  { value: 'terms', label: 'Loan terms', panel: (deal) => <LoanTermsTab deal={deal} /> },
  { value: 'funds', label: 'Funds', panel: (deal, dealId) => <FundsTab dealId={dealId} deal={deal} /> },
  { value: 'collaterals', label: 'Collaterals', panel: (_, dealId) => <CollateralsTab dealId={dealId} /> },
  { value: 'components', label: 'Components', panel: (_, dealId) => <ComponentsTab dealId={dealId} /> },
  { value: 'rentrolls', label: 'Rent rolls', panel: (_, dealId) => <RentRollsTab dealId={dealId} /> },
  { value: 'parties', label: 'People and companies', panel: (deal) => <PartiesTab deal={deal} /> },
  { value: 'sizing', label: 'Sizing and stress', panel: (deal, dealId) => <SizingStressTab dealId={dealId} deal={deal} /> },
  { value: 'history', label: 'History and notes', panel: (_, dealId) => <HistoryTab dealId={dealId} /> },
];

/**
 * The figures an underwriter reads first, in the header of every tab. During a what-if of the
 * Loan terms tab (`preview`: the deal as the unsaved edits make it) each shows its new value
 * with its change.
 */
export function DealFigures({ deal, preview }: { deal: Deal; preview?: Deal | null }) {
  const now = preview ?? deal;
  const t = now.collateralTotals;
  const was = deal.collateralTotals;
  const dscrColor = t.dscr > 0 && t.dscr < 1 ? 'red' : t.dscr > 0 && t.dscr < 1.25 ? 'orange' : undefined;
  const funds = fundsLoanAmount(deal);
  // Without a preview the plain figures; with one, "1.31x (−0.14x)" for those that moved.
  const show = (plain: string, kind: Parameters<typeof withDelta>[0], before: number | null | undefined, after: number | null | undefined) =>
    preview ? withDelta(kind, before, after) : plain;
  return (
    <Stack gap={4}>
      <Group gap={preview ? 'md' : 'xl'} wrap="wrap" data-testid="deal-figures" data-what-if={preview ? 'true' : undefined}>
        <Figure label="Loan amount (current)" value={show(usd(now.grossLoan), 'usd', deal.grossLoan, now.grossLoan)} testId="figure-loan-amount" />
        <Figure label="Note rate" value={show(pct(now.interestRate, 3), 'rate', deal.interestRate, now.interestRate)} testId="figure-note-rate" />
        <Figure label="Debt service" value={show(usd(now.debtService), 'usd', deal.debtService, now.debtService)} testId="figure-debt-service" hint={t.debtServiceMethod === 'Manual' ? 'manual' : undefined} />
        <Figure label="DSCR" value={show(multiple(measured(t.dscr)), 'multiple', measured(was.dscr), measured(t.dscr))} color={dscrColor} testId="figure-dscr" hint={notMeasured(t.dscr)} />
        <Figure label="Debt yield" value={show(pctNumber(measured(t.debtYield)), 'pctNumber', measured(was.debtYield), measured(t.debtYield))} testId="figure-debt-yield" hint={notMeasured(t.debtYield)} />
        <Figure label="LTV" value={show(pct(measured(now.ltv), 1), 'pct', measured(deal.ltv), measured(now.ltv))} testId="figure-ltv" hint={notMeasured(now.ltv)} />
        <Figure label="LTC" value={show(pct(measured(now.ltc), 1), 'pct', measured(deal.ltc), measured(now.ltc))} testId="figure-ltc" />
        <Figure label="NOI" value={show(usd(t.netOperatingIncome), 'usd', was.netOperatingIncome, t.netOperatingIncome)} testId="figure-noi" />
      </Group>
      <Text size="xs" c="dimmed" data-testid="figures-basis">
        Debt service, DSCR, debt yield, LTV and LTC on the current loan amount, {usd(deal.grossLoan)}
        {funds.basis === 'originated' && funds.amount !== deal.grossLoan ? `; the Funds tab tests the loan at its originated amount, ${usd(funds.amount)}.` : '.'}
      </Text>
    </Stack>
  );
}

/** The way back to the pipeline, then the deal (`children`, its last crumb). */
function DealCrumbs({ children }: { children: ReactNode }) {
  return (
    <Breadcrumbs>
      <Anchor href={routePath({ name: 'pipeline' })} size="sm">
        Deals pipeline
      </Anchor>
      {children}
    </Breadcrumbs>
  );
}

export function DealPage({ id, tab }: { id: string; tab: DealTab }) {
  return (
    <WhatIfProvider>
      <DealPageContent id={id} tab={tab} />
    </WhatIfProvider>
  );
}

function DealPageContent({ id, tab }: { id: string; tab: DealTab }) {
  const info = useChannel('deal.info', { id });
  const preview = usePreviewDeal();
  if (info.isPending) return <Loading label="Loading the deal…" />;
  if (info.isError) {
    return (
      <Stack>
        <DealCrumbs>
          <Text size="sm">Deal</Text>
        </DealCrumbs>
        <DealMovedNote dealId={id} />
        <ErrorNote title="The deal could not be loaded" error={info.error} onRetry={() => void info.refetch()} />
      </Stack>
    );
  }
  const deal = info.data;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="sm">
        <Stack gap="sm">
          <DealCrumbs>
            <Text size="sm" c="dimmed">
              {deal.loanId ?? deal.id}
            </Text>
          </DealCrumbs>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={4}>
              <Title order={2} size="h3" data-testid="deal-name">
                {deal.seedName}
              </Title>
              <Group gap="xs">
                {deal.state && <Badge variant="light">{label(deal.state)}</Badge>}
                <DealSyncBadge dealId={id} />
                {deal.status && <Badge variant="outline" color="gray">{deal.status}</Badge>}
                {deal.priority && <Badge variant="dot" color={deal.priority === 'High' ? 'red' : deal.priority === 'Medium' ? 'yellow' : 'gray'}>{deal.priority} priority</Badge>}
                <Text size="sm" c="dimmed">
                  {label(deal.propertyType ?? deal.componentType)} · {label(deal.loanType)} · {label(deal.loanPaymentStructure)} · owner {text(deal.owner)} · risk {text(deal.riskRating)}
                </Text>
              </Group>
            </Stack>
            <DealExports dealId={id} />
          </Group>
          <DealFigures deal={deal} preview={preview} />
        </Stack>
      </Paper>
      <Tabs value={tab} onChange={(value) => value && navigate({ name: 'deal', id, tab: value as DealTab })} keepMounted={false}>
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t.value} value={t.value}>
              {t.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Panel key={t.value} value={t.value} pt="md">
            {t.panel(deal, id)}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
