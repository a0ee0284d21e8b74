import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '../../../src-main/contract';
import { IMPORT_TEMPLATE_NAME } from '../../../src-main/app/import-template';
import { buildImportItems, dealResolver, guessMapping } from '../../../src-renderer/features/import/import-mapping';
import { harness, type Harness } from './support';

/*
 * The collateral import's template, saved through the channel table where the host chooses,
 * read back with papaparse: every column the import reads, under names the screen maps on its
 * own, and an example row that the import would accept as it stands (but for its deal).
 */

let h: Harness;
beforeAll(() => {
  h = harness();
});
afterAll(() => h.close());

describe('import.template', () => {
  it('writes a CSV of every import column with an example row, which the mapping takes without a click', async () => {
    const file = join(h.dir, 'template.csv');
    h.exportTo = { file };
    const result = await h.value<{ cancelled: false; file: string; fileName: string; columns: number }>('import.template', {});
    expect(result).toMatchObject({ cancelled: false, file, fileName: 'template.csv', columns: IMPORT_COLUMNS.length });

    const text = readFileSync(file, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const [headers, example, ...rest] = parsed.data;
    expect(rest).toEqual([]);
    expect(headers).toEqual(IMPORT_COLUMNS.map((c) => c.header));
    expect(headers).toEqual(expect.arrayContaining(['City', 'State', 'ZIP', 'Valuation amount', 'Valuation as of']));

    const mapping = guessMapping(headers!);
    expect(Object.values(mapping).every((index) => index !== null)).toBe(true);
    const { items, problems } = buildImportItems([example!], mapping, null, dealResolver([{ id: 'd1', loanId: 'LN-2026-00042', seedName: 'Riverside' }]));
    expect(problems).toEqual([]);
    expect(items[0]).toMatchObject({
      collateralCreateData: { dealIds: ['d1'], propertyType: 'Multi_Family_Apartments', address: { fullAddress: '100 Congress Ave, Austin, TX 78701' } },
      alternativeValuationCreateData: { valuation: 18_500_000, asOfDate: '2026-10-01' },
    });
  });

  it('suggests the template name to the save dialog, and answers a cancel', async () => {
    const asked: string[] = [];
    const named = harness({ overrides: { exportTarget: async (request) => (asked.push(request.suggestedName), null) } });
    try {
      expect(await named.value('import.template', {})).toEqual({ cancelled: true });
      expect(asked).toEqual([IMPORT_TEMPLATE_NAME]);
    } finally {
      named.close();
    }
  });
});
