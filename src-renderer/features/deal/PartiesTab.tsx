import { Badge, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { ChannelOutput } from '../../../src-main/contract';
import { call, CallError, useChannel } from '../../shared/api';
import { ErrorNote, KeyValues, QueryView, Section } from '../../shared/components/common';
import { multiple, num, text, usd } from '../../shared/format';
import type { Deal } from './deal';

export function PartiesTab({ deal }: { deal: Deal }) {
  if (deal.personIds.length === 0 && deal.companyIds.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No person or company is linked to this deal.
      </Text>
    );
  }
  return (
    <Stack gap="md">
      <PartyList title="People" ids={deal.personIds} card={(id) => <PersonCard key={id} id={id} />} />
      <PartyList title="Companies" ids={deal.companyIds} card={(id) => <CompanyCard key={id} id={id} />} />
    </Stack>
  );
}

/** People or companies of the deal under their count, a card each; nothing when there is none. */
function PartyList({ title, ids, card }: { title: string; ids: readonly string[]; card: (id: string) => ReactNode }) {
  if (ids.length === 0) return null;
  return (
    <>
      <Title order={3} size="h5">
        {title} ({ids.length})
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {ids.map((id) => card(id))}
      </SimpleGrid>
    </>
  );
}

/** A person's or a company's card body: its description, if any, over its key figures. */
function PartyDetails({ testId, description, items }: { testId: string; description: string | null; items: [string, ReactNode][] }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      <KeyValues items={items} />
    </Stack>
  );
}

/** How to reach a person or a company, as key figures. */
function contactItems(party: Pick<ChannelOutput<'person.info'> | ChannelOutput<'company.info'>, 'primaryEmail' | 'primaryPhoneNumber' | 'address'>): [string, ReactNode][] {
  return [
    ['Email', text(party.primaryEmail)],
    ['Phone', text(party.primaryPhoneNumber)],
    ['Address', text(party.address?.fullAddress)],
  ];
}

const REVEAL_SECONDS = 30;

/**
 * The social security number: masked to its last four digits as the main process sends it;
 * the full number is asked for on purpose, shown for REVEAL_SECONDS, kept in this component
 * only (never in the query cache, never logged).
 */
function Ssn({ personId, masked }: { personId: string; masked: string | null }) {
  const [revealed, setRevealed] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (revealed === null) return;
    const timer = setTimeout(() => setRevealed(null), REVEAL_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [revealed]);
  if (masked === null) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} align="flex-end">
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" ff="monospace" data-testid="ssn">
          {revealed ?? masked}
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          loading={busy}
          onClick={async () => {
            if (revealed !== null) {
              setRevealed(null);
              return;
            }
            setBusy(true);
            setError(null);
            try {
              setRevealed((await call('person.revealSsn', { id: personId })).socialSecurityNumber);
            } catch (e) {
              setError(e instanceof CallError ? e : new Error(String(e)));
            } finally {
              setBusy(false);
            }
          }}
        >
          {revealed !== null ? 'Hide' : 'Reveal'}
        </Button>
      </Group>
      {error !== null && <ErrorNote title="Could not reveal the number" error={error} />}
    </Stack>
  );
}

function PersonCard({ id }: { id: string }) {
  const q = useChannel('person.info', { id });
  return (
    <QueryView query={q} label="the person">
      {(p) => (
        <Section
          title={[p.firstName, p.middleName, p.lastName].filter(Boolean).join(' ')}
          right={p.personalDSCR > 0 ? <Badge variant="light" color={p.personalDSCR >= 1.25 ? 'teal' : 'orange'}>DSCR {multiple(p.personalDSCR)}</Badge> : undefined}
        >
          <PartyDetails
            testId="person"
            description={p.description}
            items={[
              ['Net worth', usd(p.personalNetWorth)],
              ['Liquidity', usd(p.personalLiquidity)],
              ['Cash flow after debt service', usd(p.personalCashFlowAfterDebtService)],
              ['Debt ratio', num(p.personDebtRatio)],
              ['Personal DSCR', multiple(p.personalDSCR)],
              ...contactItems(p),
              ['Social security number', <Ssn key="ssn" personId={p.id} masked={p.socialSecurityNumber} />],
            ]}
          />
        </Section>
      )}
    </QueryView>
  );
}

function CompanyCard({ id }: { id: string }) {
  const q = useChannel('company.info', { id });
  return (
    <QueryView query={q} label="the company">
      {(c) => (
        <Section title={c.name} right={c.riskRating ? <Badge variant="light">Risk {c.riskRating}</Badge> : undefined}>
          <PartyDetails
            testId="company"
            description={c.description}
            items={[
              ['Assets', usd(c.companyAssetSubtotal)],
              ['Liabilities', usd(c.companyLiabilitySubtotal)],
              ['Liquidity', usd(c.companyLiquidity)],
              ['Debt service (annual)', usd(c.companyDebtService)],
              ['Cash flow after debt service', usd(c.companyCashFlowAfterDebtService)],
              ['Company DSCR', multiple(c.companyDSCR)],
              ...contactItems(c),
              ...(c.ein ? ([['EIN', c.ein]] as [string, string][]) : []),
            ]}
          />
        </Section>
      )}
    </QueryView>
  );
}
