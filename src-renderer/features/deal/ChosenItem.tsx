import { SegmentedControl } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One of a deal's items at a time (a collateral, a component): a segmented control to choose it,
 * shown when there are two or more, then the chosen item's detail. The first item stands chosen
 * until another is picked, or when the picked one is gone. The caller holds the choice, so that it
 * outlives a reload of the list; nothing is rendered for an empty list.
 */
export function ChosenItem<T extends { id: string }>({
  items,
  chosen,
  onChoose,
  label,
  itemLabel,
  children,
}: {
  items: readonly T[];
  chosen: string | null;
  onChoose: (id: string) => void;
  /** The control's accessible name. */
  label: string;
  itemLabel: (item: T, index: number) => string;
  children: (item: T) => ReactNode;
}) {
  const selected = items.find((item) => item.id === chosen) ?? items[0];
  if (!selected) return null;
  return (
    <>
      {items.length > 1 && (
        <SegmentedControl size="xs" value={selected.id} onChange={onChoose} data={items.map((item, i) => ({ value: item.id, label: itemLabel(item, i) }))} aria-label={label} />
      )}
      {children(selected)}
    </>
  );
}
