import { Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { DataTable, QueryView, Section, type TableColumn } from '../../shared/components/common';
import { ChosenItem } from './ChosenItem';

/**
 * A tab of a deal's items (collaterals, components): their summary table under a counted title,
 * then one item chosen (see ChosenItem) with its detail.
 */
export function SummariesAndDetail<D, T extends { id: string }>({
  query,
  label,
  items,
  title,
  table,
  chooser,
  children,
}: {
  query: UseQueryResult<D, unknown>;
  /** What is loading, for QueryView ("the collaterals"). */
  label: string;
  items: (data: D) => readonly T[];
  /** The section's title, before the count. */
  title: string;
  table: (list: readonly NoInfer<T>[]) => { testId: string; columns: TableColumn<T>[]; withTotals?: boolean; empty: string };
  /** The chooser's accessible name and each item's label in it. */
  chooser: { label: string; itemLabel: (item: NoInfer<T>, index: number) => string };
  children: (item: NoInfer<T>) => ReactNode;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <QueryView query={query} label={label}>
      {(data) => {
        const list = items(data);
        return (
          <Stack gap="md">
            <Section title={`${title} (${list.length})`}>
              <DataTable rows={list} rowKey={(r) => r.id} {...table(list)} />
            </Section>
            <ChosenItem items={list} chosen={chosen} onChoose={setChosen} {...chooser}>
              {children}
            </ChosenItem>
          </Stack>
        );
      }}
    </QueryView>
  );
}
