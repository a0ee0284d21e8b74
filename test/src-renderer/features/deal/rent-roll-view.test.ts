import { describe, expect, it } from 'vitest';
import { rentRollSummary } from '../../../../src-main/domain';
import { leasedSf, rentRollFigures } from '../../../../src-renderer/features/deal/rent-roll-view';

// A commercial roll of 10,700 SF whose 4,200 SF suite is vacant, summed by the domain's own rent roll summary.
const items = [
  { unitSize: 4_000, monthlyRent: 10_000, leaseStart: '2023-01-01', leaseEnd: '2028-12-31', tenantName: 'Acme Dental' },
  { unitSize: 2_500, monthlyRent: 6_250, leaseStart: '2022-06-01', leaseEnd: '2027-05-31', tenantName: 'Blue Door Cafe' },
  { unitSize: 4_200, monthlyRent: 0, leaseStart: null, leaseEnd: null, tenantName: null },
];
const roll = { ...rentRollSummary({ items, effectiveDate: '2025-01-01' }), effectiveDate: '2025-01-01' };
const figures = Object.fromEntries(rentRollFigures(roll).map((f) => [f.label, f.value]));

describe('rent roll totals', () => {
  it('show the total SF as total and the leased SF without the vacant suite', () => {
    expect(figures['Total SF']).toBe('10,700 SF');
    expect(figures['Leased SF']).toBe('6,500 SF');
  });

  it('label the annual rent per SF as per leased SF, and it reads back as annual revenue over the leased SF', () => {
    expect(figures['Annual revenue']).toBe('$195,000');
    expect(figures['Annual $/leased SF']).toBe('$30.00');
    expect(Object.keys(figures).some((label) => /\$\/SF/.test(label) && !/leased/.test(label))).toBe(false);
  });

  it('count a unit with a blank tenant name as vacant, as the vacancy does', () => {
    expect(leasedSf([{ unitSize: 900, tenantName: '  ' }, { unitSize: 700, tenantName: 'A. Tenant' }])).toBe(700);
  });
});
