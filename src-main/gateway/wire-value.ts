import { DEAL_PROPERTIES, type BulkUpdateProperty } from '../contract';
import { plainDecimal } from '../domain';

/**
 * The bulk-update value (a string) that sets `property` to `value`, a value in its read form
 * (what readDealProperty returns): numbers in plain decimal notation, percentages moved two
 * places (0.055 -> "5.5", exact), booleans as true/false, an empty value as "".
 */
export function toWireValue(property: BulkUpdateProperty, value: unknown): string {
  if (value === null || value === undefined) return '';
  switch (DEAL_PROPERTIES[property].kind) {
    case 'number':
      return typeof value === 'number' ? plainDecimal(value) : String(value);
    case 'percent':
      return typeof value === 'number' ? plainDecimal(value, 2) : String(value);
    case 'boolean':
      return value === true || value === 'true' ? 'true' : 'false';
    default:
      return String(value);
  }
}
