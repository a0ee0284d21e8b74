import { Autocomplete, Select, TextInput, Textarea } from '@mantine/core';
import type { SettingsView } from '../../../src-main/contract';
import { choicesOf, inputKind, propertyLabel, type Property } from '../deal-properties';

/** The input of one bulk-update property, by kind, with its error shown right under it. */
export function PropertyInput({
  property,
  value,
  onChange,
  error,
  config,
  state,
  owners,
  size = 'xs',
  label,
  testId,
}: {
  property: Property;
  value: string;
  onChange: (value: string) => void;
  error?: string | null | undefined;
  config: SettingsView['config'] | undefined;
  /** The deal's state, for the statuses it allows (all statuses when several deals are edited). */
  state?: string;
  owners?: string[];
  size?: 'xs' | 'sm';
  label?: string | null;
  testId?: string;
}) {
  const kind = inputKind(property);
  const common = {
    size,
    label: label === null ? undefined : (label ?? propertyLabel(property, config)),
    'aria-label': propertyLabel(property, config),
    error: error ?? undefined,
    'data-testid': testId ?? `field-${property}`,
  };
  if (kind === 'select' || kind === 'boolean') {
    const data = choicesOf(property, config, state);
    // A stored value outside today's choices stays visible (and is flagged by validation).
    const withCurrent = value && !data.some((d) => d.value === value) ? [...data, { value, label: value }] : data;
    return <Select {...common} data={withCurrent} value={value || null} onChange={(v) => onChange(v ?? '')} searchable={withCurrent.length > 8} allowDeselect={false} comboboxProps={{ withinPortal: true }} />;
  }
  if (property === 'Owner') {
    return <Autocomplete {...common} data={owners ?? []} value={value} onChange={onChange} />;
  }
  if (kind === 'textarea') {
    return <Textarea {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)} autosize minRows={1} maxRows={4} />;
  }
  const type = kind === 'date' ? 'date' : 'text';
  const mode = kind === 'money' || kind === 'number' || kind === 'months' || kind === 'percent' ? 'decimal' : undefined;
  const left = kind === 'money' ? '$' : undefined;
  const right = kind === 'percent' ? '%' : kind === 'months' ? 'mo' : undefined;
  return (
    <TextInput
      {...common}
      type={type}
      inputMode={mode}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={left}
      leftSectionWidth={left ? 24 : undefined}
      rightSection={right}
      rightSectionWidth={right ? 32 : undefined}
      styles={mode ? { input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } } : undefined}
    />
  );
}
