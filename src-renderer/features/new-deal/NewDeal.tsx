import {
  ActionIcon,
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Group,
  Kbd,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { type AddressPreview, CommercialPropertyType, LoanType } from '../../../src-main/contract';
import { call, CallError, messageOf, useChannel } from '../../shared/api';
import { label } from '../../shared/format';
import {
  checkForm,
  createRequest,
  emptyForm,
  HOTEL_KEY,
  refusalErrors,
  SUITES_KEY,
  UNITS_KEY,
  type DealKind,
  type FieldErrors,
  type NewDealForm,
  type NumberField,
  type SuiteRow,
  type UnitRow,
} from './new-deal-form';
import { navigate, routePath } from '../../shared/router';

const KINDS: { value: DealKind; label: string }[] = [
  { value: 'residential', label: 'Residential' },
  { value: 'commercial', label: 'Commercial' },
  { value: 'hotel', label: 'Hotel' },
];
const LOAN_TYPES = LoanType.options.filter((t) => t !== 'Unknown').map((t) => ({ value: t, label: label(t) }));
const COMMERCIAL_TYPES = CommercialPropertyType.options.filter((t) => t !== 'None').map((t) => ({ value: t, label: label(t) }));

const asNumber = (v: number | string): NumberField => (typeof v === 'number' ? v : v.trim() === '' ? '' : Number.isFinite(Number(v)) ? Number(v) : '');

/** What the place lookup makes of the address as it is typed, and the deal already there. */
function AddressResolution({ preview, pending }: { preview: AddressPreview | undefined; pending: boolean }) {
  if (!preview) return pending ? <Text size="xs" c="dimmed">Looking the address up…</Text> : null;
  // The resolution is announced (aria-live on the wrapper in NewDealScreen).
  if (!preview.ok) {
    return (
      <Text size="xs" c="orange.8" data-testid="address-unresolved">
        {preview.message}
      </Text>
    );
  }
  const p = preview.place;
  return (
    <Stack gap={6}>
      <Text size="xs" c="dimmed" data-testid="address-resolved">
        Resolves to <b>{p.fullAddress}</b> · {p.lat.toFixed(4)}, {p.lng.toFixed(4)}
      </Text>
      {preview.existing.length > 0 && (
        <Alert color="yellow" variant="light" p="xs" data-testid="duplicate-address" title="A deal already exists at this address">
          <Group gap="xs">
            {preview.existing.map((d) => (
              <Anchor key={d.dealId} href={routePath({ name: 'deal', id: d.dealId, tab: 'terms' })} size="sm" data-testid="duplicate-link">
                {d.seedName}
              </Anchor>
            ))}
            <Text size="xs" c="dimmed">
              A new deal needs another address.
            </Text>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

/** A grid of rows (the unit mix, the suites): an input per column, add and remove buttons. */
function RowsTable<R extends { key: number }>({
  title,
  rows,
  columns,
  onAdd,
  onRemove,
  addLabel,
  minRows,
  emptyText,
}: {
  title: string;
  rows: R[];
  columns: { title: string; required?: boolean; width?: number; cell: (row: R, index: number) => ReactNode }[];
  onAdd: () => void;
  onRemove: (index: number) => void;
  addLabel: string;
  /** Rows that cannot be removed (the unit mix keeps one; suites are optional). */
  minRows: number;
  emptyText: string;
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>#</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.title} w={c.width}>
                {c.title}
                {c.required && <span style={{ color: 'var(--mantine-color-red-6)' }}> *</span>}
              </Table.Th>
            ))}
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, i) => (
            <Table.Tr key={row.key} style={{ verticalAlign: 'top' }}>
              <Table.Td pt={10}>{i + 1}</Table.Td>
              {columns.map((c) => (
                <Table.Td key={c.title}>{c.cell(row, i)}</Table.Td>
              ))}
              <Table.Td>
                <ActionIcon variant="subtle" color="gray" aria-label={`Remove row ${i + 1}`} disabled={rows.length <= minRows} onClick={() => onRemove(i)} title={rows.length <= minRows ? 'At least one row' : `Remove row ${i + 1}`}>
                  ×
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={columns.length + 2}>
                <Text size="sm" c="dimmed">
                  {emptyText}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group>
        <Button size="xs" variant="light" onClick={onAdd}>
          {addLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * New deal: a residential deal with its unit mix, a commercial deal with its suites, or a hotel,
 * with every mandatory field of the create endpoints. The address is resolved by the place
 * lookup as it is typed; a deal already at that address is shown with a link. Errors stand next
 * to their field, whether found here before sending or by the core. The new deal opens on its page.
 */
/** The form's state: the fields and their errors, the address preview, the rows of units or suites, and Create. */
function useNewDeal() {
  const queryClient = useQueryClient();
  const users = useChannel('users.list', {}, { staleTime: 60_000 });
  const [form, setForm] = useState<NewDealForm>(() => emptyForm());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [nextKey, setNextKey] = useState(1);
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  const [address] = useDebouncedValue(form.fullAddress.trim(), 300);
  const preview = useChannel('deals.addressPreview', { fullAddress: address }, { enabled: address.length > 0, staleTime: 30_000 });
  const previewData = address.length > 0 && address === form.fullAddress.trim() ? preview.data : undefined;

  const owners = useMemo(() => (users.data?.users ?? []).map((u) => ({ value: u.id, label: u.name ? `${u.name} (${u.id})` : u.id })), [users.data]);

  const create = useMutation({
    mutationFn: async (f: NewDealForm) => {
      const request = createRequest(f);
      return call(request.channel, request.body as never);
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries();
      navigate({ name: 'deal', id: result.createdEntityId, tab: 'terms' });
    },
    onError: (error) => {
      const found = error instanceof CallError ? refusalErrors(form, error.message, error.details) : { form: messageOf(error) };
      setErrors(found);
      // The duplicate's link comes from the address preview: make sure it is current.
      if (error instanceof CallError && error.details?.code === 'Duplicated') void preview.refetch();
    },
  });

  const set = <K extends keyof NewDealForm>(key: K, value: NewDealForm[K], errorKey: string = key) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _, ...rest }) => rest);
  };
  const setRow = <K extends 'units' | 'suites'>(list: K, index: number, patch: Partial<NewDealForm[K][number]>, errorKey: string) => {
    setForm((f) => ({ ...f, [list]: (f[list] as (UnitRow | SuiteRow)[]).map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _, ...rest }) => rest);
  };
  const setHotel = (patch: Partial<NewDealForm['hotel']>, errorKey: string) => {
    setForm((f) => ({ ...f, hotel: { ...f.hotel, ...patch } }));
    if (errors[errorKey]) setErrors(({ [errorKey]: _, ...rest }) => rest);
  };

  const untouched = JSON.stringify({ ...form, kind: 'residential' }) === JSON.stringify(emptyForm());

  const submit = () => {
    const found = checkForm(form);
    if (previewData && !previewData.ok && !found['address.fullAddress']) found['address.fullAddress'] = previewData.message;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Focus the first field in error, so the keyboard user lands where to fix.
      setTimeout(() => document.querySelector<HTMLElement>('[data-new-deal] [aria-invalid="true"]')?.focus(), 0);
      return;
    }
    create.mutate(form);
  };

  const numberProps = (key: string) => ({ size: 'sm' as const, error: errors[key], hideControls: true, 'data-field': key });
  const unitColumns = [
    { title: 'Units', required: true, width: 90, cell: (u: UnitRow, i: number) => <NumberInput {...numberProps(`${UNITS_KEY}.${i}.numUnits`)} aria-label={`Units, row ${i + 1}`} value={u.numUnits} allowDecimal={false} min={1} onChange={(v) => setRow('units', i, { numUnits: asNumber(v) }, `${UNITS_KEY}.${i}.numUnits`)} /> },
    { title: 'Avg. size (SF)', required: true, width: 120, cell: (u: UnitRow, i: number) => <NumberInput {...numberProps(`${UNITS_KEY}.${i}.unitSize`)} aria-label={`Average size, row ${i + 1}`} value={u.unitSize} thousandSeparator="," onChange={(v) => setRow('units', i, { unitSize: asNumber(v) }, `${UNITS_KEY}.${i}.unitSize`)} /> },
    { title: 'Bedrooms', width: 90, cell: (u: UnitRow, i: number) => <NumberInput {...numberProps(`${UNITS_KEY}.${i}.bedrooms`)} aria-label={`Bedrooms, row ${i + 1}`} value={u.bedrooms} min={0} onChange={(v) => setRow('units', i, { bedrooms: asNumber(v) }, `${UNITS_KEY}.${i}.bedrooms`)} /> },
    { title: 'Bathrooms', width: 90, cell: (u: UnitRow, i: number) => <NumberInput {...numberProps(`${UNITS_KEY}.${i}.bathrooms`)} aria-label={`Bathrooms, row ${i + 1}`} value={u.bathrooms} min={0} onChange={(v) => setRow('units', i, { bathrooms: asNumber(v) }, `${UNITS_KEY}.${i}.bathrooms`)} /> },
    { title: 'Description', cell: (u: UnitRow, i: number) => <TextInput size="sm" aria-label={`Description, row ${i + 1}`} placeholder="e.g. 2 bed / 1 bath" value={u.description} error={errors[`${UNITS_KEY}.${i}.description`]} onChange={(e) => setRow('units', i, { description: e.currentTarget.value }, `${UNITS_KEY}.${i}.description`)} /> },
  ];
  const suiteColumns = [
    { title: 'Suite', width: 110, cell: (s: SuiteRow, i: number) => <TextInput size="sm" aria-label={`Suite, row ${i + 1}`} value={s.suite} error={errors[`${SUITES_KEY}.${i}.suite`]} onChange={(e) => setRow('suites', i, { suite: e.currentTarget.value }, `${SUITES_KEY}.${i}.suite`)} /> },
    { title: 'Floor', width: 80, cell: (s: SuiteRow, i: number) => <NumberInput {...numberProps(`${SUITES_KEY}.${i}.floor`)} aria-label={`Floor, row ${i + 1}`} value={s.floor} onChange={(v) => setRow('suites', i, { floor: asNumber(v) }, `${SUITES_KEY}.${i}.floor`)} /> },
    { title: 'Size (SF)', required: true, width: 120, cell: (s: SuiteRow, i: number) => <NumberInput {...numberProps(`${SUITES_KEY}.${i}.unitSize`)} aria-label={`Size, row ${i + 1}`} value={s.unitSize} thousandSeparator="," onChange={(v) => setRow('suites', i, { unitSize: asNumber(v) }, `${SUITES_KEY}.${i}.unitSize`)} /> },
    { title: 'Description', cell: (s: SuiteRow, i: number) => <TextInput size="sm" aria-label={`Description, row ${i + 1}`} placeholder="e.g. ground-floor retail" value={s.description} error={errors[`${SUITES_KEY}.${i}.description`]} onChange={(e) => setRow('suites', i, { description: e.currentTarget.value }, `${SUITES_KEY}.${i}.description`)} /> },
  ];

  const addRow = (list: 'units' | 'suites') => {
    const key = nextKey;
    setNextKey(key + 1);
    setForm((f) =>
      list === 'units'
        ? { ...f, units: [...f.units, { key, numUnits: '', unitSize: '', bedrooms: '', bathrooms: '', description: '' }] }
        : { ...f, suites: [...f.suites, { key, suite: '', floor: '', unitSize: '', description: '' }] },
    );
  };
  const removeRow = (list: 'units' | 'suites', index: number) => {
    setForm((f) => ({ ...f, [list]: (f[list] as { key: number }[]).filter((_, i) => i !== index) }));
    // Row errors are keyed by position: after a removal they would point at the wrong row.
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !k.startsWith(list === 'units' ? UNITS_KEY : SUITES_KEY))));
  };

  return { users, form, errors, setErrors, nameRef, address, preview, previewData, owners, create, set, setHotel, untouched, submit, unitColumns, suiteColumns, addRow, removeRow };
}

export function NewDealScreen() {
  const { users, form, errors, setErrors, nameRef, address, preview, previewData, owners, create, set, setHotel, untouched, submit, unitColumns, suiteColumns, addRow, removeRow } = useNewDeal();

  return (
    <Stack gap="md" maw={960} data-new-deal>
      <Breadcrumbs>
        <Anchor href={routePath({ name: 'pipeline' })} size="sm">
          Deals pipeline
        </Anchor>
        <Text size="sm">New deal</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h3">
          New deal
        </Title>
        <Text size="xs" c="dimmed">
          <Kbd size="xs">Enter</Kbd> create · <Kbd size="xs">Esc</Kbd> back (untouched form) · <span style={{ color: 'var(--mantine-color-red-6)' }}>*</span> mandatory
        </Text>
      </Group>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        onKeyDown={(e) => {
          // Esc leaves an untouched form (typed values are not thrown away by a stray key),
          // unless it closes an open dropdown first.
          if (e.key === 'Escape' && untouched && !(e.target as HTMLElement).closest('[aria-expanded="true"]')) navigate({ name: 'pipeline' });
        }}
      >
        <Stack gap="md">
          <Paper withBorder p="md" radius="sm">
            <Stack gap="sm">
              <SegmentedControl
                data={KINDS}
                value={form.kind}
                onChange={(v) => {
                  set('kind', v as DealKind);
                  setErrors({});
                }}
                aria-label="Kind of deal"
                data-testid="deal-kind"
                w={420}
              />
              <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
                <TextInput ref={nameRef} label="Deal name" withAsterisk value={form.dealName} error={errors.dealName} onChange={(e) => set('dealName', e.currentTarget.value)} data-field="dealName" />
                <Select
                  label="Owner"
                  withAsterisk
                  placeholder={users.isPending ? 'Loading users…' : 'Choose a user'}
                  data={owners}
                  searchable
                  value={form.ownerId}
                  error={errors.ownerId ?? (users.isError ? messageOf(users.error) : undefined)}
                  onChange={(v) => set('ownerId', v)}
                  nothingFoundMessage="No such user"
                  data-field="ownerId"
                />
              </SimpleGrid>
              <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
                <TextInput
                  label="Address"
                  withAsterisk
                  description="Street address, city, state and ZIP code (US)"
                  placeholder="350 5th Ave, New York, NY 10118"
                  value={form.fullAddress}
                  error={errors['address.fullAddress']}
                  onChange={(e) => set('fullAddress', e.currentTarget.value, 'address.fullAddress')}
                  data-field="address.fullAddress"
                />
                <TextInput
                  label="Suite or unit"
                  description="Optional"
                  value={form.additionalFreeText}
                  error={errors['address.additionalFreeText']}
                  onChange={(e) => set('additionalFreeText', e.currentTarget.value, 'address.additionalFreeText')}
                />
              </SimpleGrid>
              <div aria-live="polite">
                <AddressResolution preview={previewData} pending={form.fullAddress.trim().length > 0 && (preview.isFetching || address !== form.fullAddress.trim())} />
              </div>
            </Stack>
          </Paper>

          <Paper withBorder p="md" radius="sm">
            <Stack gap="sm">
              <Text fw={600} size="sm">
                Loan
              </Text>
              <SimpleGrid cols={4} spacing="md" verticalSpacing="sm">
                {form.kind === 'commercial' ? (
                  <Select label="Property type" withAsterisk placeholder="Choose" data={COMMERCIAL_TYPES} searchable value={form.propertyType} error={errors.propertyType} onChange={(v) => set('propertyType', v as NewDealForm['propertyType'])} data-field="propertyType" />
                ) : (
                  <TextInput label="Property type" value={form.kind === 'hotel' ? 'Hotel' : 'Multi Family Apartments'} readOnly variant="filled" error={errors.propertyType} tabIndex={-1} />
                )}
                <Select label="Loan type" withAsterisk placeholder="Choose" data={LOAN_TYPES} searchable value={form.loanType} error={errors.loanType} onChange={(v) => set('loanType', v as NewDealForm['loanType'])} data-field="loanType" />
                <NumberInput label="Loan amount" withAsterisk prefix="$" thousandSeparator="," decimalScale={2} hideControls value={form.loanAmount} error={errors.loanAmount} onChange={(v) => set('loanAmount', asNumber(v))} data-field="loanAmount" />
                <NumberInput label="Loan term (months)" withAsterisk allowDecimal={false} hideControls value={form.loanTerm} error={errors.loanTerm} onChange={(v) => set('loanTerm', asNumber(v))} data-field="loanTerm" />
              </SimpleGrid>
            </Stack>
          </Paper>

          <Paper withBorder p="md" radius="sm">
            {form.kind === 'residential' && (
              <RowsTable title="Unit mix (one row per unit type)" rows={form.units} columns={unitColumns} onAdd={() => addRow('units')} onRemove={(i) => removeRow('units', i)} addLabel="Add a unit type" minRows={1} emptyText="" />
            )}
            {form.kind === 'commercial' && (
              <RowsTable title="Suites (optional: an empty row is not sent)" rows={form.suites} columns={suiteColumns} onAdd={() => addRow('suites')} onRemove={(i) => removeRow('suites', i)} addLabel="Add a suite" minRows={0} emptyText="No suites: the deal is created without any. Add one to enter its size." />
            )}
            {form.kind === 'hotel' && (
              <Stack gap="sm">
                <Text fw={600} size="sm">
                  Hotel (optional)
                </Text>
                <SimpleGrid cols={4} spacing="md">
                  <NumberInput label="Rooms" allowDecimal={false} min={0} hideControls value={form.hotel.totalRooms} error={errors[`${HOTEL_KEY}.totalRooms`]} onChange={(v) => setHotel({ totalRooms: asNumber(v) }, `${HOTEL_KEY}.totalRooms`)} data-field={`${HOTEL_KEY}.totalRooms`} />
                  <NumberInput label="Average daily rate" prefix="$" decimalScale={2} thousandSeparator="," hideControls value={form.hotel.averageDailyRate} error={errors[`${HOTEL_KEY}.averageDailyRate`]} onChange={(v) => setHotel({ averageDailyRate: asNumber(v) }, `${HOTEL_KEY}.averageDailyRate`)} data-field={`${HOTEL_KEY}.averageDailyRate`} />
                  <NumberInput label="Occupancy (%)" suffix=" %" decimalScale={2} hideControls value={form.hotel.occupancyPct} error={errors[`${HOTEL_KEY}.occupancy`]} onChange={(v) => setHotel({ occupancyPct: asNumber(v) }, `${HOTEL_KEY}.occupancy`)} data-field={`${HOTEL_KEY}.occupancy`} />
                  <NumberInput label="Total square feet" thousandSeparator="," hideControls value={form.hotel.totalSf} error={errors[`${HOTEL_KEY}.totalSf`]} onChange={(v) => setHotel({ totalSf: asNumber(v) }, `${HOTEL_KEY}.totalSf`)} data-field={`${HOTEL_KEY}.totalSf`} />
                </SimpleGrid>
              </Stack>
            )}
          </Paper>

          {errors.form && (
            <Alert color="red" variant="light" role="alert" data-testid="new-deal-error" title="The deal was not created">
              {errors.form}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={create.isPending} data-testid="create-deal">
              Create deal
            </Button>
            <Button variant="default" component="a" href={routePath({ name: 'pipeline' })}>
              Cancel
            </Button>
            {Object.keys(errors).length > 0 && !create.isPending && (
              <Text size="sm" c="red" role="status">
                {Object.keys(errors).length === 1 ? 'One field needs attention.' : `${Object.keys(errors).length} fields need attention.`}
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
