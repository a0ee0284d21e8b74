import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { UpdateEngineError } from '../../../src-main/contract';
import { call, useChannel } from '../../shared/api';
import { ErrorNote } from '../../shared/components/common';
import { PropertyInput } from '../../shared/components/PropertyInput';
import { changedUpdates, formValues, isApplicable, propertyLabel, validateValue, type Property } from '../../shared/deal-properties';
import { multiple, usd } from '../../shared/format';
import type { Deal } from './deal';
import { UndoLastSave } from './UndoLastSave';
import { useWhatIf, WhatIfSummary } from './what-if';

/** Every bulk-update property, grouped as an underwriter reads a term sheet. */
const GROUPS: { title: string; properties: Property[] }[] = [
  { title: 'Loan', properties: ['GrossLoan', 'RequestedLoanAmount', 'OriginatedLoanAmount', 'ProjectTotalCost', 'IsSyndicatedLoan', 'ParticipationGrossLoan', 'LoanType', 'LoanId'] },
  { title: 'Rate', properties: ['RateIndex', 'IndexRate', 'RateSpread', 'InterestRateFloor'] },
  { title: 'Structure and debt service', properties: ['LoanPaymentStructure', 'LoanTerm', 'AmortizationTerm', 'ExtensionTerm', 'DebtServiceMethod', 'UserDebtService', 'UserSelectedLtv'] },
  { title: 'Dates', properties: ['OriginationDate', 'ClosingDate', 'ClosedDate'] },
  { title: 'Pipeline', properties: ['SeedName', 'State', 'Status', 'Priority', 'Owner', 'RiskRating', 'ProfileName', 'LoansPackageId'] },
  { title: 'Notes and custom fields', properties: ['Description', 'Note', 'MainImageFileId', 'CustomField1', 'CustomField2'] },
];

interface Saved {
  before: { debtService: number; dscr: number };
  properties: string[];
}

export function LoanTermsTab({ deal }: { deal: Deal }) {
  const [saved, setSaved] = useState<Saved | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const initial = useMemo(() => formValues(deal as never), [deal]);
  const signature = JSON.stringify(initial);
  return (
    <Stack gap="md">
      {saved && (
        <Alert color="teal" variant="light" withCloseButton onClose={() => setSaved(null)} title="Saved" data-testid="terms-saved">
          <Text size="sm">
            {saved.properties.join(', ')} updated. Debt service {usd(saved.before.debtService)} → <b>{usd(deal.debtService)}</b> · DSCR {multiple(saved.before.dscr)} →{' '}
            <b>{multiple(deal.collateralTotals.dscr)}</b>
          </Text>
          <UndoLastSave
            dealId={deal.id}
            onUndone={(message) => {
              setSaved(null);
              setUndone(message);
            }}
          />
        </Alert>
      )}
      {undone && (
        <Alert color="blue" variant="light" withCloseButton onClose={() => setUndone(null)} title="Undone" data-testid="terms-undone">
          <Text size="sm">{undone}</Text>
        </Alert>
      )}
      <LoanTermsForm
        key={signature}
        deal={deal}
        initial={initial}
        onSaved={(s) => {
          setUndone(null);
          setSaved(s);
        }}
        onEdit={() => setSaved(null)}
      />
    </Stack>
  );
}

function LoanTermsForm({ deal, initial, onSaved, onEdit }: { deal: Deal; initial: Record<Property, string>; onSaved: (saved: Saved) => void; onEdit: () => void }) {
  const queryClient = useQueryClient();
  const settings = useChannel('settings.get', {});
  const config = settings.data?.config;
  const [values, setValues] = useState(initial);
  const [serverErrors, setServerErrors] = useState<UpdateEngineError[]>([]);
  const changes = changedUpdates(initial, values);
  const changed = new Set(changes.map((c) => c.property));
  const errors = Object.fromEntries(
    [...changed].map((p) => [p, validateValue(p, values[p], values, config)]),
  ) as Partial<Record<Property, string | null>>;
  // A structure change re-checks the terms it depends on.
  for (const p of ['LoanTerm', 'AmortizationTerm'] as const) {
    if (changed.has('LoanPaymentStructure') || changed.has('LoanTerm') || changed.has('AmortizationTerm')) errors[p] ??= validateValue(p, values[p], values, config);
  }
  if (changed.has('State') && !changed.has('Status')) errors.Status = validateValue('Status', values.Status, values, config);
  const invalid = Object.values(errors).some(Boolean);
  // What-if: every figure as the save would make it, recomputed as the user types; nothing written.
  const whatIf = useWhatIf(deal.id, changes, !invalid);
  const sizedBefore = useChannel('analysis.sizeLoan', { dealId: deal.id });
  const fundsBefore = useChannel('deal.funds', { dealId: deal.id });

  const mutation = useMutation({
    mutationFn: () => call('deals.bulkUpdate', { source: 'ui', itemsToUpdate: [{ id: deal.id, updates: changes }] }),
    onSuccess: async (result) => {
      setServerErrors(result.errors);
      if (result.errors.length === 0) {
        const before = { debtService: deal.debtService, dscr: deal.collateralTotals.dscr };
        onSaved({ before, properties: changes.map((c) => propertyLabel(c.property, config)) });
        await queryClient.invalidateQueries();
      }
    },
  });

  const serverError = (p: Property) => serverErrors.filter((e) => e.fieldName === p).map((e) => e.description).join(' ') || null;

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (changes.length > 0 && !invalid) mutation.mutate();
      }}
      aria-label="Loan terms"
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
          {GROUPS.map((group) => (
            <Paper key={group.title} withBorder p="md" radius="sm">
              <Stack gap="xs">
                <Title order={3} size="h6">
                  {group.title}
                </Title>
                <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs">
                  {group.properties
                    .filter((p) => isApplicable(p, config))
                    .map((p) => (
                      <PropertyInput
                        key={p}
                        property={p}
                        value={values[p]}
                        onChange={(value) => {
                          setValues((v) => ({ ...v, [p]: value }));
                          onEdit(); // Ctrl+Z now undoes typing, not the last save
                          setServerErrors((errs) => errs.filter((e) => e.fieldName !== p));
                        }}
                        error={errors[p] ?? serverError(p)}
                        config={config}
                        state={values.State}
                        size="xs"
                      />
                    ))}
                </SimpleGrid>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        {serverErrors.some((e) => !changed.has(e.fieldName as Property)) && (
          <Alert color="red" variant="light" title="The core refused the changes">
            {serverErrors.map((e, i) => (
              <Text key={i} size="sm">
                {e.fieldName}: {e.description}
              </Text>
            ))}
          </Alert>
        )}
        {mutation.isError && <ErrorNote title="The changes were not saved" error={mutation.error} />}
        <Stack
          gap={6}
          p="sm"
          style={{ position: 'sticky', bottom: 0, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-default-border)', zIndex: 3 }}
        >
          {whatIf.preview && (
            <WhatIfSummary deal={deal} preview={whatIf.preview} settling={whatIf.settling} sizedBefore={sizedBefore.data?.maxLoan ?? null} fundsBefore={fundsBefore.data ?? null} />
          )}
          {whatIf.error && (
            <Text size="sm" c="red" data-testid="whatif-error">
              What-if: {whatIf.error.message}
            </Text>
          )}
          <Group justify="space-between">
            <Text size="sm" c={invalid ? 'red' : 'dimmed'}>
              {changes.length === 0
                ? 'No changes. Edit a term to see every figure move before you save.'
                : invalid
                  ? 'Fix the highlighted fields to save.'
                  : `${changes.length} change${changes.length === 1 ? '' : 's'}: ${changes.map((c) => propertyLabel(c.property, config)).join(', ')}`}
            </Text>
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                disabled={changes.length === 0 || mutation.isPending}
                onClick={() => {
                  setValues(initial);
                  setServerErrors([]);
                }}
                data-testid="terms-discard"
              >
                Discard
              </Button>
              <Button type="submit" size="xs" disabled={changes.length === 0 || invalid} loading={mutation.isPending} data-testid="terms-save">
                Save changes
              </Button>
            </Group>
          </Group>
        </Stack>
      </Stack>
    </form>
  );
}
