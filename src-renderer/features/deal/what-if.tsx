import { Badge, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import type { ChannelOutput, DealEditPreview } from '../../../src-main/contract';
import { useChannel } from '../../shared/api';
import { CONSTRAINT_LABELS, deltaText, measured, withDelta, type FigureKind } from '../../shared/analysis';

/*
 * The what-if of the Loan terms tab: while terms are edited and not yet saved, the deal page
 * shows every figure as it would be after the save, with its change. The edit is sent
 * (debounced) to analysis.previewDealEdit, which answers what the reads would answer; nothing
 * is written until Save. The deal header reads the same preview through this context.
 */

type Deal = ChannelOutput<'deal.info'>;
type Funds = ChannelOutput<'deal.funds'>;

interface WhatIfState {
  preview: DealEditPreview | null;
  setPreview: (preview: DealEditPreview | null) => void;
}

const WhatIfContext = createContext<WhatIfState>({ preview: null, setPreview: () => {} });

export function WhatIfProvider({ children }: { children: ReactNode }) {
  const [preview, setPreview] = useState<DealEditPreview | null>(null);
  return <WhatIfContext.Provider value={{ preview, setPreview }}>{children}</WhatIfContext.Provider>;
}

/** The deal as the unsaved loan-term edits would make it (null: no edit in progress). */
export function usePreviewDeal(): Deal | null {
  return useContext(WhatIfContext).preview?.deal ?? null;
}

/** How long typing pauses before the preview is asked for. */
export const WHAT_IF_DEBOUNCE_MS = 250;

/**
 * Previews `updates` (bulk-update properties with their wire values) on the deal, debounced,
 * and shares the answer with the deal header. No updates, or invalid ones: no preview.
 */
export function useWhatIf(dealId: string, updates: { property: string; value: string }[], enabled: boolean) {
  const { setPreview } = useContext(WhatIfContext);
  const [debounced] = useDebouncedValue(JSON.stringify(updates), WHAT_IF_DEBOUNCE_MS);
  const active = enabled && updates.length > 0;
  const parsed = JSON.parse(debounced) as { property: never; value: string }[];
  const query = useChannel(
    'analysis.previewDealEdit',
    { dealId, updates: parsed },
    { enabled: active && parsed.length > 0, placeholderData: keepPreviousData, staleTime: 60_000 },
  );
  const preview = active && query.data && !query.isError ? query.data : null;
  useEffect(() => {
    setPreview(preview);
  }, [preview, setPreview]);
  // Leaving the tab (or the page) ends the what-if.
  useEffect(() => () => setPreview(null), [setPreview]);
  const settling = active && (debounced !== JSON.stringify(updates) || query.isFetching);
  return { preview, error: active ? query.error : null, settling };
}

interface Line {
  label: string;
  kind: FigureKind;
  before: number | null | undefined;
  after: number | null | undefined;
  testId: string;
}

/** The figures a loan-term edit moves, before and after; a ratio with nothing to measure (0 in the reads) is "—". */
export function whatIfLines(deal: Deal, preview: DealEditPreview, sizedBefore: number | null, fundsBefore: Funds | null): Line[] {
  const a = deal.collateralTotals;
  const b = preview.deal.collateralTotals;
  return [
    { label: 'DSCR', kind: 'multiple', before: measured(a.dscr), after: measured(b.dscr), testId: 'whatif-dscr' },
    { label: 'Debt service', kind: 'usd', before: deal.debtService, after: preview.deal.debtService, testId: 'whatif-debt-service' },
    { label: 'Note rate', kind: 'rate', before: deal.interestRate, after: preview.deal.interestRate, testId: 'whatif-rate' },
    { label: 'Debt yield', kind: 'pctNumber', before: measured(a.debtYield), after: measured(b.debtYield), testId: 'whatif-debt-yield' },
    { label: 'LTV', kind: 'pct', before: measured(deal.ltv), after: measured(preview.deal.ltv), testId: 'whatif-ltv' },
    { label: 'LTC', kind: 'pct', before: measured(deal.ltc), after: measured(preview.deal.ltc), testId: 'whatif-ltc' },
    { label: 'Loan amount', kind: 'usd', before: deal.grossLoan, after: preview.deal.grossLoan, testId: 'whatif-loan' },
    { label: 'Funds DSCR', kind: 'multiple', before: fundsBefore?.fundsLoansInfo.totalDSCR ?? null, after: preview.funds?.fundsLoansInfo.totalDSCR ?? null, testId: 'whatif-funds-dscr' },
    { label: 'Max loan', kind: 'usd', before: sizedBefore, after: preview.sizing?.maxLoan ?? null, testId: 'whatif-max-loan' },
  ];
}

/** One line of the what-if summary: every figure, the changed ones with their delta. */
export function WhatIfSummary({
  deal,
  preview,
  settling,
  sizedBefore,
  fundsBefore,
}: {
  deal: Deal;
  preview: DealEditPreview;
  settling: boolean;
  sizedBefore: number | null;
  fundsBefore: Funds | null;
}) {
  // DSCR always; every other figure only when the edit moves it.
  const lines = whatIfLines(deal, preview, sizedBefore, fundsBefore).filter((l) => l.testId === 'whatif-dscr' || deltaText(l.kind, l.before, l.after) !== null);
  return (
    <Group gap="md" wrap="wrap" data-testid="whatif-summary" aria-live="polite">
      <Badge variant="light" color="orange">
        What-if · not saved
      </Badge>
      {lines.map((l) => (
        <Text key={l.testId} size="sm" data-testid={l.testId}>
          <Text span size="sm" c="dimmed">
            {l.label}{' '}
          </Text>
          <Text span size="sm" fw={600} className="uw-num">
            {withDelta(l.kind, l.before, l.after)}
          </Text>
        </Text>
      ))}
      {preview.sizing && (
        <Text size="xs" c="dimmed">
          binding: {CONSTRAINT_LABELS[preview.sizing.bindingConstraint]}
        </Text>
      )}
      {settling && <Loader size="xs" aria-label="Recomputing" />}
    </Group>
  );
}
