import { Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { SavedScenario } from '../../../src-main/contract';
import { draftToScenario, SHOCK_FIELDS, SHOCKS, type ScenarioDraft, type ScenarioErrors } from '../../shared/analysis';
import { call, CallError, queryKey } from '../../shared/api';

/** Adds or changes a custom scenario: each field checked as typed, the core's refusal shown at its field. */
export function ScenarioEditor({ initial, replaces, onClose }: { initial: ScenarioDraft; replaces?: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [touched, setTouched] = useState(false);
  const { scenario, errors } = draftToScenario(draft);
  const save = useMutation({
    mutationFn: (s: SavedScenario) => call('analysis.saveScenario', { scenario: s, ...(replaces ? { replaces } : {}) }),
    onSuccess: (view) => {
      queryClient.setQueryData(queryKey('analysis.scenarios', {}), view);
      onClose();
    },
  });
  const serverTarget = save.error instanceof CallError ? save.error.target : undefined;
  const shown: ScenarioErrors = touched ? errors : {};
  const fieldError = (key: keyof ScenarioErrors) => shown[key] ?? (serverTarget === `scenario.${key}` ? save.error?.message : undefined);
  return (
    <Modal opened onClose={onClose} title={replaces ? `Edit scenario ${replaces}` : 'New stress scenario'} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (scenario) save.mutate(scenario as SavedScenario);
        }}
        aria-label="Scenario"
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            error={fieldError('name')}
            data-autofocus
            data-testid="scenario-name"
          />
          <SimpleGrid cols={2} spacing="sm">
            {SHOCKS.map((shock) => (
              <TextInput
                key={shock}
                label={SHOCK_FIELDS[shock].label}
                rightSection={<Text size="xs" c="dimmed">{SHOCK_FIELDS[shock].unit}</Text>}
                rightSectionWidth={52}
                inputMode="decimal"
                placeholder="0"
                value={draft[shock]}
                onChange={(e) => setDraft({ ...draft, [shock]: e.currentTarget.value })}
                error={fieldError(shock)}
                data-testid={`scenario-${shock}`}
              />
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            Negative numbers are declines (rent −5 % is -5). Vacancy in points of revenue, rate and cap rate in basis points (100 bp = 1 %). Shocks combine in a fixed order: rent, vacancy, NOI,
            cap rate, value, rate.
          </Text>
          {(shown.shocks || (save.isError && !serverTarget?.startsWith('scenario.'))) && (
            <Text size="sm" c="red" role="alert" data-testid="scenario-error">
              {shown.shocks ?? save.error?.message}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="scenario-save">
              Save scenario
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
