/* eslint-disable @typescript-eslint/no-explicit-any -- tests walk loosely typed results */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harness, type Harness } from '../support';
import { dealResolver } from '../../../../src-renderer/features/import/import-mapping';

/* import.findDeals (issue 17): the import screen asks for the deals its file names, not for every deal. */

describe('import.findDeals', () => {
  let h: Harness;
  let deals: { id: string; loanId: string | null; seedName: string }[];

  beforeAll(() => {
    h = harness({ deals: 6 });
    deals = h.db.$client.prepare('SELECT id, loan_id AS loanId, seed_name AS seedName FROM deals ORDER BY id').all() as typeof deals;
    // Two deals share a name (the screen names that reference ambiguous), one has a name outside ASCII.
    h.db.$client.prepare('UPDATE deals SET seed_name = ? WHERE id IN (?, ?)').run('Harbor Point', deals[3]!.id, deals[4]!.id);
    h.db.$client.prepare('UPDATE deals SET seed_name = ? WHERE id = ?').run('Économie Plaza', deals[5]!.id);
  });
  afterAll(() => h.close());

  const ids = (found: { deals: { id: string }[] }) => found.deals.map((d) => d.id).sort();

  it('finds deals by id, by loan id or name in any case and with spaces around, and only those', async () => {
    const withLoanId = deals.find((d) => d.loanId && d.id !== deals[0]!.id)!;
    const found = await h.value('import.findDeals', {
      references: [deals[0]!.id, `  ${withLoanId.loanId!.toLowerCase()} `, 'HARBOR POINT', 'économie plaza', 'No such deal'],
    });
    expect(ids(found)).toEqual([deals[0]!.id, withLoanId.id, deals[3]!.id, deals[4]!.id, deals[5]!.id].sort());
    expect(found.deals.find((d: any) => d.id === deals[5]!.id)).toEqual({ id: deals[5]!.id, loanId: deals[5]!.loanId, seedName: 'Économie Plaza' });
  });

  it('answers what the screen resolves each row with: a unique match, an ambiguous name, an unknown reference', async () => {
    const found = await h.value('import.findDeals', { references: ['Harbor Point', deals[1]!.id, 'Nowhere'] });
    const resolve = dealResolver(found.deals);
    expect(resolve(deals[1]!.id)).toEqual({ deal: deals[1] });
    expect(resolve('harbor point')).toMatchObject({ problem: 'ambiguous', candidates: [{}, {}] });
    expect(resolve('Nowhere')).toEqual({ problem: 'unknown', candidates: [] });
  });

  it('finds nothing for no references', async () => {
    expect(await h.value('import.findDeals', { references: [] })).toEqual({ deals: [] });
  });
});
