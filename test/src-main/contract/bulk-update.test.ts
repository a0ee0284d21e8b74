import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BulkUpdateProperty,
  CollateralTotalsDto,
  DEAL_PROPERTIES,
  readDealProperty,
  SeedInfoResponseDto,
  UpdateDealsRequestDto,
  UpdateDealsResponseDto,
} from '../../../src-main/contract';
import { fullDeal, specDeal } from './samples';

const entries = Object.entries(DEAL_PROPERTIES) as [BulkUpdateProperty, (typeof DEAL_PROPERTIES)[BulkUpdateProperty]][];

/** The schema of a dotted read field of the deal read. */
function readSchema(path: string): z.ZodType {
  const [head, tail] = path.split('.');
  if (tail) {
    expect(head).toBe('collateralTotals');
    return CollateralTotalsDto.shape[tail as keyof typeof CollateralTotalsDto.shape];
  }
  return SeedInfoResponseDto.shape[head as keyof typeof SeedInfoResponseDto.shape];
}

describe('DEAL_PROPERTIES', () => {
  it('covers every bulk-update property and nothing else', () => {
    expect(Object.keys(DEAL_PROPERTIES).sort()).toEqual([...BulkUpdateProperty.options].sort());
  });

  it('points every property at a field of the deal read, each at its own', () => {
    for (const [property, spec] of entries) expect(readSchema(spec.readField), property).toBeDefined();
    expect(new Set(entries.map(([, spec]) => spec.readField)).size).toBe(entries.length);
  });

  it('reads every property back from a full deal read', () => {
    const deal = fullDeal();
    for (const [property] of entries) expect(readDealProperty(deal, property), property).not.toBeUndefined();
    expect(readDealProperty(deal, 'UserDebtService')).toBe(0);
    expect(readDealProperty(deal, 'DebtServiceMethod')).toBe('Calculated');
    expect(readDealProperty(deal, 'RateIndex')).toBe('M_SOFR_TERM_1');
  });

  it('reads an extension property as undefined from a spec-only server', () => {
    const deal = SeedInfoResponseDto.parse(specDeal());
    expect(readDealProperty(deal, 'State')).toBeUndefined();
    expect(readDealProperty(deal, 'SeedName')).toBe('Maple Court Apartments');
  });

  it('takes percentages for exactly RateSpread, IndexRate and InterestRateFloor', () => {
    expect(entries.filter(([, s]) => s.kind === 'percent').map(([p]) => p).sort()).toEqual(
      ['IndexRate', 'InterestRateFloor', 'RateSpread'],
    );
  });

  it('gives each enum property the enum its read field holds', () => {
    for (const [property, spec] of entries) {
      if (spec.kind !== 'enum') continue;
      const read = readSchema(spec.readField);
      for (const value of spec.enum.options) expect(read.safeParse(value).success, `${property}=${value}`).toBe(true);
      expect(read.safeParse('NotAValue').success, property).toBe(false);
    }
  });

  it('reads date properties as dates and boolean properties as booleans', () => {
    for (const [property, spec] of entries) {
      const read = readSchema(spec.readField);
      if (spec.kind === 'date') expect(read.safeParse('2025-02-30').success, property).toBe(false);
      if (spec.kind === 'boolean') expect(read.safeParse(true).success, property).toBe(true);
      if (spec.kind === 'number' || spec.kind === 'percent') expect(read.safeParse(1.5).success, property).toBe(true);
    }
  });
});

describe('bulk update DTOs', () => {
  it('accepts updates as property names with string values', () => {
    const body = { itemsToUpdate: [{ id: 'd1', updates: [{ property: 'RateSpread', value: '2.75' }] }] };
    expect(UpdateDealsRequestDto.parse(body)).toEqual(body);
    const bad = { itemsToUpdate: [{ id: 'd1', updates: [{ property: 'Colour', value: 'red' }] }] };
    expect(UpdateDealsRequestDto.safeParse(bad).success).toBe(false);
  });

  it('reports per-deal failures next to the updated deals', () => {
    const response = {
      success: true,
      error: null,
      errors: [{ id: 'd2', operation: 'Update', errorType: 'IdNotFound', description: 'No such deal', fieldName: 'id' }],
      updatedEntities: ['d1'],
    };
    expect(UpdateDealsResponseDto.parse(response)).toEqual(response);
  });
});
