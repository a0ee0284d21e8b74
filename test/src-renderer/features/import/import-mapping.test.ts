import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../../../src-main/contract';
import { assembleAddress, buildImportItems, dealResolver, guessMapping, IMPORT_TARGETS, reportMessage } from '../../../../src-renderer/features/import/import-mapping';

/*
 * The import mapping as a user meets it: the template's own headers map without a click, the
 * app's labels are accepted where it shows them, and City, State and ZIP columns make one
 * address.
 */

const resolve = dealResolver([{ id: 'd1', loanId: 'LN-1', seedName: 'Maple Court' }]);

describe('the column mapping', () => {
  it('maps every column of the template on its own, "Valuation amount" and "Valuation as of" included', () => {
    const headers = IMPORT_COLUMNS.map((c) => c.header);
    const mapping = guessMapping(headers);
    for (const [index, column] of IMPORT_COLUMNS.entries()) expect(mapping[column.key], column.header).toBe(index);
    expect(guessMapping(['Valuation amount', 'Valuation as of'])).toMatchObject({ valuation: 0, asOfDate: 1 });
  });

  it('maps City, State and ZIP columns, in any case and punctuation', () => {
    expect(guessMapping(['Street', 'CITY', 'State', 'Zip code'])).toMatchObject({ fullAddress: 0, city: 1, usState: 2, zipCode: 3 });
    expect(guessMapping(['Address', 'Postal code'])).toMatchObject({ fullAddress: 0, zipCode: 1, city: null, usState: null });
  });

  it('offers City, State and ZIP as columns to map, each with what it expects', () => {
    const keys = IMPORT_TARGETS.map((t) => t.key);
    expect(keys).toEqual(expect.arrayContaining(['city', 'usState', 'zipCode']));
    for (const target of IMPORT_TARGETS) expect(target.hint.length, target.key).toBeGreaterThan(0);
  });
});

describe('the rows', () => {
  const headers = ['Deals', 'Collateral name', 'Property type', 'Address', 'City', 'State', 'ZIP'];
  const build = (rows: string[][]) => buildImportItems(rows, guessMapping(headers), null, resolve);

  it('accepts a property type as the app writes it, as well as the enum name, in any case', () => {
    const { items, problems } = build([
      ['LN-1', 'A', 'Multi Family Apartments', '', '', '', ''],
      ['LN-1', 'B', 'Multi_Family_Apartments', '', '', '', ''],
      ['LN-1', 'C', 'self storage', '', '', '', ''],
    ]);
    expect(problems).toEqual([]);
    expect(items.map((i) => i.collateralCreateData.propertyType)).toEqual(['Multi_Family_Apartments', 'Multi_Family_Apartments', 'Self_Storage']);
  });

  it('refuses a property type that names none, listing them as the app writes them', () => {
    const { problems } = build([['LN-1', 'A', 'Castle', '', '', '', '']]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.field).toBe('Property type');
    expect(problems[0]!.message).toMatch(/^"Castle" is not a property type: use one of /);
    expect(problems[0]!.message).toContain('Multi Family Apartments');
    expect(problems[0]!.message).not.toContain('_');
  });

  it('assembles the address from the street, City, State and ZIP', () => {
    const { items, problems } = build([
      ['LN-1', 'A', 'Land', '1200 W Madison St', 'Chicago', 'IL', '60607'],
      ['LN-1', 'B', 'Land', '', 'Chicago', 'IL', ''],
      ['LN-1', 'C', 'Land', '', '', '', ''],
    ]);
    expect(problems).toEqual([]);
    expect(items.map((i) => i.collateralCreateData.address?.fullAddress)).toEqual(['1200 W Madison St, Chicago, IL 60607', 'Chicago, IL', undefined]);
    expect(assembleAddress({ street: '1 Main St, Springfield, IL 62701', city: '', state: '', zip: '' })).toBe('1 Main St, Springfield, IL 62701');
  });
});

describe('the import report in the file\'s words', () => {
  it('names the columns instead of the request\'s field paths', () => {
    expect(reportMessage('collateralCreateData.subType must be one of the configured sub-types: Garden, High-rise.')).toBe(
      'Sub-type must be one of the configured sub-types: Garden, High-rise.',
    );
    expect(reportMessage('alternativeValuationCreateData.valuation must be greater than 0.')).toBe('Valuation amount must be greater than 0.');
    expect(reportMessage('collateralCreateData.dealIds[0] is blank.')).toBe('Deals is blank.');
    expect(reportMessage('collateralCreateData.address.fullAddress could not be resolved.')).toBe('Address could not be resolved.');
    expect(reportMessage('No deal exists with id d-1.')).toBe('No deal exists with id d-1.');
  });
});
