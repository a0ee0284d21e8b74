import {
  BulkUpdateProperty,
  DEAL_PROPERTIES,
  RATE_INDEXES,
  readDealProperty,
  type SeedInfoResponseDto,
  type SettingsView,
} from '../../src-main/contract';
import { label } from './format';

/*
 * The bulk-update properties as the UI edits them: a label, an input kind, the choices of an
 * enumerated one, the value a deal read holds as the text of the input, and the checks the UI
 * can make before sending (the core checks again and has the last word).
 *
 * Units follow the spec: percentage properties (RateSpread, IndexRate, InterestRateFloor) are
 * written as 0-100 and read as decimals, so the input shows the read value x 100.
 */

export type Property = BulkUpdateProperty;
export const PROPERTIES = BulkUpdateProperty.options;

export const PROPERTY_LABELS: Record<Property, string> = {
  State: 'State',
  Owner: 'Owner',
  LoanType: 'Loan type',
  Status: 'Status',
  Priority: 'Priority',
  SeedName: 'Deal name',
  Note: 'Note',
  MainImageFileId: 'Main image file id',
  ProjectTotalCost: 'Project total cost',
  GrossLoan: 'Loan amount (gross)',
  IsSyndicatedLoan: 'Syndicated loan',
  ParticipationGrossLoan: 'Participation amount',
  OriginatedLoanAmount: 'Originated amount',
  RateSpread: 'Rate spread (%)',
  LoanPaymentStructure: 'Payment structure',
  IndexRate: 'Index rate (%)',
  InterestRateFloor: 'Rate floor (%)',
  LoanTerm: 'Loan term (months)',
  ExtensionTerm: 'Extension term (months)',
  AmortizationTerm: 'Amortization (months)',
  Description: 'Description',
  LoanId: 'Loan id',
  RateIndex: 'Rate index',
  OriginationDate: 'Origination date',
  ClosingDate: 'Closing date',
  ClosedDate: 'Closed date',
  RiskRating: 'Risk rating (1-8)',
  ProfileName: 'Scoring profile',
  UserSelectedLtv: 'LTV valuation basis',
  UserDebtService: 'Manual debt service (annual)',
  DebtServiceMethod: 'Debt service method',
  RequestedLoanAmount: 'Requested amount',
  CustomField1: 'Custom field 1',
  CustomField2: 'Custom field 2',
  LoansPackageId: 'Loans package id',
};

export type InputKind = 'text' | 'textarea' | 'money' | 'number' | 'months' | 'percent' | 'date' | 'select' | 'boolean';

const MONEY: readonly Property[] = ['ProjectTotalCost', 'GrossLoan', 'ParticipationGrossLoan', 'OriginatedLoanAmount', 'UserDebtService', 'RequestedLoanAmount'];
const MONTHS: readonly Property[] = ['LoanTerm', 'ExtensionTerm', 'AmortizationTerm'];

export function inputKind(property: Property): InputKind {
  if (property === 'Note' || property === 'Description') return 'textarea';
  if (MONEY.includes(property)) return 'money';
  if (MONTHS.includes(property)) return 'months';
  if (property === 'Status' || property === 'ProfileName' || property === 'RiskRating') return 'select';
  const spec = DEAL_PROPERTIES[property];
  switch (spec.kind) {
    case 'percent':
      return 'percent';
    case 'number':
      return 'number';
    case 'date':
      return 'date';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return 'select';
    default:
      return 'text';
  }
}

export interface Choice {
  value: string;
  label: string;
}

/** The choices of an enumerated property; Status depends on the deal's state (all states when unknown). */
export function choicesOf(property: Property, config: SettingsView['config'] | undefined, state?: string): Choice[] {
  if (property === 'Status') {
    const sets = (config?.statusesByState ?? {}) as Record<string, string[]>;
    const statuses: string[] = state ? (sets[state] ?? []) : [...new Set(Object.values(sets).flat())];
    return statuses.map((s) => ({ value: s, label: s }));
  }
  if (property === 'ProfileName') return (config?.profileNames ?? []).map((p) => ({ value: p, label: p }));
  if (property === 'RiskRating') return ['1', '2', '3', '4', '5', '6', '7', '8'].map((r) => ({ value: r, label: r }));
  if (property === 'RateIndex') return RATE_INDEXES.map((r) => ({ value: r.id, label: r.display }));
  if (property === 'IsSyndicatedLoan') return [{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }];
  const spec = DEAL_PROPERTIES[property];
  if (spec.kind === 'enum') return (spec.enum.options as readonly unknown[]).map((o) => ({ value: String(o), label: label(String(o)) }));
  return [];
}

/** Custom fields apply only when configured (their label comes from the configuration). */
export function isApplicable(property: Property, config: SettingsView['config'] | undefined): boolean {
  if (property === 'CustomField1' || property === 'CustomField2') return !!config?.customFields[property];
  return true;
}

export function propertyLabel(property: Property, config?: SettingsView['config']): string {
  if ((property === 'CustomField1' || property === 'CustomField2') && config?.customFields[property]) {
    return config.customFields[property]!.label;
  }
  return PROPERTY_LABELS[property];
}

/** Rounds away binary noise (0.055 * 100 = 5.500000000000001). */
function clean(n: number): string {
  return String(Number(n.toPrecision(12)));
}

/** The text an input shows for what a deal read holds. */
export function formValue(deal: SeedInfoResponseDto, property: Property): string {
  const value = readDealProperty(deal, property);
  if (value === null || value === undefined) return '';
  if (DEAL_PROPERTIES[property].kind === 'percent' && typeof value === 'number') return clean(value * 100);
  if (typeof value === 'number') return inputKind(property) === 'money' ? grouped(value) : clean(value);
  return String(value);
}

/** Money with thousands separators, as typed amounts are read back (12,850,000). */
function grouped(n: number): string {
  return n.toLocaleString('en-US', { maximumFractionDigits: 2, useGrouping: true });
}

export function formValues(deal: SeedInfoResponseDto): Record<Property, string> {
  return Object.fromEntries(PROPERTIES.map((p) => [p, formValue(deal, p)])) as Record<Property, string>;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isRealDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/**
 * What is wrong with a value before it is sent, or null. `values` holds the whole form, for
 * the checks that involve two fields (P&I amortization).
 */
export function validateValue(property: Property, raw: string, values?: Partial<Record<Property, string>>, config?: SettingsView['config']): string | null {
  const value = raw.trim();
  const kind = inputKind(property);
  if (property === 'SeedName' && value === '') return 'A deal needs a name.';
  if (property === 'Owner') return /^[^\s@]+@[^\s@]+$/.test(value) ? null : 'The owner is a user id: an e-mail address.';
  if (value === '') return ['money', 'number', 'months', 'percent', 'boolean'].includes(kind) ? 'Enter a value.' : null;
  if (kind === 'money' || kind === 'number' || kind === 'months' || kind === 'percent') {
    const n = Number(value.replace(/[,$\s]/g, ''));
    if (!Number.isFinite(n)) return 'Enter a number.';
    if (n < 0) return 'Must not be negative.';
    if (kind === 'percent' && n > 100) return 'A percentage from 0 to 100.';
    if (kind === 'months' && !Number.isInteger(n)) return 'Whole months.';
    if (property === 'LoanTerm' && n === 0) return 'The loan term must be at least 1 month.';
  }
  if (kind === 'date' && !isRealDate(value)) return 'A date, YYYY-MM-DD.';
  if (kind === 'select' || kind === 'boolean') {
    const state = values?.State;
    const choices = choicesOf(property, config, property === 'Status' ? state : undefined).map((c) => c.value);
    if (choices.length > 0 && !choices.includes(value)) {
      return property === 'Status' && state ? `Not a status of state ${label(state)}.` : 'Choose one of the listed values.';
    }
  }
  if (values && (property === 'LoanTerm' || property === 'AmortizationTerm' || property === 'LoanPaymentStructure')) {
    if ((values.LoanPaymentStructure ?? '') === 'P_I_Amortization') {
      const term = Number(values.LoanTerm);
      const amort = Number(values.AmortizationTerm);
      if (property !== 'LoanPaymentStructure' && Number.isFinite(term) && Number.isFinite(amort) && term > amort) {
        return 'P&I: the loan term may not exceed the amortization term.';
      }
    }
  }
  return null;
}

/** The value as the bulk update sends it (numbers without separators). */
export function wireValue(property: Property, raw: string): string {
  const kind = inputKind(property);
  const value = raw.trim();
  if (kind === 'money' || kind === 'number' || kind === 'months' || kind === 'percent') return value.replace(/[,$\s]/g, '');
  return value;
}

/** The properties whose value differs from the deal's, as bulk-update updates. */
export function changedUpdates(initial: Record<Property, string>, values: Record<Property, string>): { property: Property; value: string }[] {
  return PROPERTIES.filter((p) => wireValue(p, values[p]) !== wireValue(p, initial[p])).map((p) => ({ property: p, value: wireValue(p, values[p]) }));
}
