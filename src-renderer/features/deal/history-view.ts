import {
  BulkUpdateProperty,
  COLLATERAL_FIELD,
  CREATED_FIELD,
  type DealHistoryEntry,
  HISTORY_SOURCE_LABELS,
  type HistorySource,
  type SettingsView,
} from '../../../src-main/contract';
import { inputKind, propertyLabel } from '../../shared/deal-properties';
import { date, EMPTY, label, months, num, pct, usd } from '../../shared/format';

/*
 * How the History tab shows an entry: the field's label and its values formatted as the deal
 * page shows them (money, percentages, months, dates, enumerations in words). Values arrive at
 * full precision; rounding happens here, for display only.
 */

const PROPERTY_NAMES: ReadonlySet<string> = new Set(BulkUpdateProperty.options);
const isProperty = (field: string): field is BulkUpdateProperty => PROPERTY_NAMES.has(field);

export const SOURCE_LABELS: Record<HistorySource, string> = HISTORY_SOURCE_LABELS;

/** The label of a history field: the property's label, or words for the special entries. */
export function fieldLabel(field: string, config?: SettingsView['config']): string {
  if (field === CREATED_FIELD) return 'Deal created';
  if (field === COLLATERAL_FIELD) return 'Collateral added';
  if (isProperty(field)) return propertyLabel(field, config).replace(/ \((%|months)\)$/, '');
  // A deals column only the platform sets (propertyType): its name in words.
  return label(field.charAt(0).toUpperCase() + field.slice(1));
}

/** A value of `field` as the deal page shows it; a dash for none. */
export function formatHistoryValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === '') return EMPTY;
  if (field === CREATED_FIELD || field === COLLATERAL_FIELD) {
    const v = value as { name?: string; loanAmount?: number };
    return [v.name, typeof v.loanAmount === 'number' ? usd(v.loanAmount) : null].filter(Boolean).join(' · ') || EMPTY;
  }
  if (!isProperty(field)) return typeof value === 'number' ? num(value) : String(value);
  switch (inputKind(field)) {
    case 'money':
      return typeof value === 'number' ? usd(value) : String(value);
    case 'percent':
      // Rates read as decimals; three places show a spread in basis points and a half.
      return typeof value === 'number' ? pct(value, 3) : String(value);
    case 'months':
      return typeof value === 'number' ? months(value) : String(value);
    case 'number':
      return typeof value === 'number' ? num(value) : String(value);
    case 'date':
      return date(String(value));
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'select':
      return field === 'RiskRating' || field === 'Status' || field === 'ProfileName' ? String(value) : label(String(value));
    default:
      return String(value);
  }
}

/** Whether the History tab offers an undo of the entry (the core decides whether it may). */
export function offersUndo(entry: DealHistoryEntry): boolean {
  return isProperty(entry.field) && entry.source !== 'keep-mine';
}

/** The ids of the entries an undo among these has already reverted (they offer no second undo). */
export function undoneIds(history: readonly DealHistoryEntry[]): ReadonlySet<number> {
  return new Set(history.flatMap((e) => (e.undoOf === null ? [] : [e.undoOf])));
}

/** The entries of one save: the newest entries of the list that share its time and source. */
export function lastSave(history: readonly DealHistoryEntry[]): DealHistoryEntry[] {
  const newest = history[0];
  if (!newest) return [];
  return history.filter((e) => e.at === newest.at && e.source === newest.source && e.actor === newest.actor && offersUndo(e));
}
