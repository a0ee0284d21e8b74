import { describe, expect, it } from 'vitest';
import { buildImportItems, dealResolver, guessMapping, type DealRef } from '../../../../src-renderer/features/import/import-mapping';

describe('import mapping', () => {
  it('guesses columns from their names and builds the request', () => {
    const headers = ['Deal ID', 'Name', 'Property type', 'Address', 'Valuation', 'As of'];
    const mapping = guessMapping(headers);
    expect(mapping.dealIds).toBe(0);
    expect(mapping.valuation).toBe(4);
    const { items, problems } = buildImportItems(
      [
        ['d1;d2', 'Annex', 'Land', '1 Main St, Chicago, IL 60601', '$2,500,000', '2026-10-01'],
        ['', 'Lot', 'Castle', '', 'abc', '10/01/2026'],
      ],
      mapping,
      'd9',
      dealResolver(['d1', 'd2', 'd9'].map((id) => ({ id, loanId: null, seedName: id }))),
    );
    expect(items[0]).toEqual({
      clientItemId: 'row-2',
      collateralCreateData: { dealIds: ['d1', 'd2'], name: 'Annex', propertyType: 'Land', address: { fullAddress: '1 Main St, Chicago, IL 60601' } },
      alternativeValuationCreateData: { valuation: 2500000, asOfDate: '2026-10-01' },
    });
    expect(items[1]!.collateralCreateData.dealIds).toEqual(['d9']);
    expect(problems.map((p) => p.field)).toEqual(['Property type', 'Valuation amount', 'Valuation as of']);
  });

  const deals: DealRef[] = [
    { id: '2f1c-aaaa', loanId: 'LN-2024-00001', seedName: 'Maple Court' },
    { id: '2f1c-bbbb', loanId: 'LN-2024-00002', seedName: 'Harbor Point' },
    { id: '2f1c-cccc', loanId: 'LN-2025-00003', seedName: 'Harbor Point' },
    { id: '2f1c-dddd', loanId: null, seedName: 'Cedar Yard' },
  ];
  const resolve = dealResolver(deals);

  it('finds a deal by its id, its loan id or its name, exact but in any case', () => {
    expect(resolve('2f1c-aaaa')).toEqual({ deal: deals[0] });
    expect(resolve('ln-2024-00002')).toEqual({ deal: deals[1] });
    expect(resolve(' LN-2025-00003 ')).toEqual({ deal: deals[2] });
    expect(resolve('MAPLE COURT')).toEqual({ deal: deals[0] });
    expect(resolve('cedar yard')).toEqual({ deal: deals[3] });
    expect(resolve('Maple')).toEqual({ problem: 'unknown', candidates: [] });
    expect(resolve('2F1C-AAAA')).toEqual({ problem: 'unknown', candidates: [] });
  });

  it('calls a name that several deals share ambiguous, with the candidates', () => {
    expect(resolve('harbor point')).toEqual({ problem: 'ambiguous', candidates: [deals[1], deals[2]] });
  });

  it('sends the ids of the deals a file names, and stops rows whose deal is unknown or ambiguous with the reason', () => {
    const mapping = guessMapping(['Loan ID', 'Name', 'Address']);
    expect(mapping.dealIds).toBe(0);
    const { items, problems } = buildImportItems(
      [
        ['LN-2024-00001', 'Annex', '1 Main St, Chicago, IL 60601'],
        ['maple court; LN-2025-00003', 'Yard', '2 Main St, Chicago, IL 60601'],
        ['Harbor Point', 'Pier', '3 Main St, Chicago, IL 60601'],
        ['Nowhere Plaza', 'Ghost', '4 Main St, Chicago, IL 60601'],
      ],
      mapping,
      null,
      resolve,
    );
    expect(items.map((i) => i.collateralCreateData.dealIds)).toEqual([['2f1c-aaaa'], ['2f1c-aaaa', '2f1c-cccc'], ['Harbor Point'], ['Nowhere Plaza']]);
    expect(problems).toEqual([
      {
        row: 4,
        field: 'Deals',
        message: '"Harbor Point" names 2 deals: Harbor Point (LN-2024-00002); Harbor Point (LN-2025-00003). Use the loan id or the deal id.',
      },
      { row: 5, field: 'Deals', message: 'No deal has the id, loan id or name "Nowhere Plaza".' },
    ]);
  });
});
