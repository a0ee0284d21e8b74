import { describe, expect, it } from 'vitest';
import type { CommercialRentRollInfoResponseDto } from '../../../../src-main/contract';
import { shocksText } from '../../../../src-main/reports/memo/analysis';
import { lineChartSvg } from '../../../../src-main/reports/memo/chart';
import { historyValue } from '../../../../src-main/reports/memo/history';
import { rollover } from '../../../../src-main/reports/memo/rent-roll';

const nbsp = (s: string) => s.replace(/ /g, '\u00a0');

describe('the memo’s formatting of analysis, history and rent rolls', () => {
  it('writes a scenario’s shocks in their units, a line breaking only between two shocks', () => {
    expect(shocksText({ name: 'Severe', valueChange: -0.3, vacancyChange: 0.12, rentChange: -0.15, rateChangeBps: 300 })).toBe(
      [nbsp('rent -15.0%'), nbsp('vacancy +12.0 pt'), nbsp('value -30.0%'), nbsp('rate +300 bp')].join(', '),
    );
    expect(shocksText({ noiChange: 0.05, capRateChangeBps: -25 })).toBe(`${nbsp('NOI +5.0%')}, ${nbsp('cap rate -25 bp')}`);
    expect(shocksText({ name: 'Nothing', noiChange: 0 })).toBe('no shock');
  });

  it('formats a history value as the deal page shows its field', () => {
    expect(historyValue('GrossLoan', 20_150_000)).toBe('$20,150,000');
    expect(historyValue('RateSpread', 0.033)).toBe('3.300%');
    expect(historyValue('LoanTerm', 36)).toBe('36 mo (3 yr)');
    expect(historyValue('ClosingDate', '2027-03-04')).toBe('Mar 4, 2027');
    expect(historyValue('LoanPaymentStructure', 'P_I_Amortization')).toBe('P&I Amortization');
    expect(historyValue('IsSyndicatedLoan', true)).toBe('Yes');
    expect(historyValue('Note', null)).toBe('—');
    expect(historyValue('SocialSecurityNumber', '123-45-6789')).toBe('***-**-6789');
    expect(historyValue('someImportedField', 1234.5)).toBe('1,234.50');
  });

  it('sums the lease rollover by year of lease end, with each year’s share of the roll’s rent and the running total', () => {
    const item = (suite: string, unitSize: number, annualRent: number, leaseEnd: string | null) => ({
      id: suite, suite, tenantName: leaseEnd ? `Tenant ${suite}` : null, leaseType: 'NNN', floor: 1, unitSize, monthlyRent: annualRent / 12, annualRent,
      monthlyRentPerSf: 0, annualRentPerSf: 0, leaseStart: null, leaseEnd,
    });
    const roll = {
      rentRollItems: [item('100', 1000, 30_000, '2027-05-31'), item('110', 2000, 50_000, '2029-01-31'), item('120', 500, 20_000, '2027-12-31'), item('130', 800, 0, null)],
      expiringLeases: { '2027': 2, '2029': 1 },
    } as unknown as CommercialRentRollInfoResponseDto;
    expect(rollover(roll)).toEqual([
      { year: '2027', leases: 2, sf: 1500, annualRent: 50_000, shareOfRent: 0.5, cumulativeShareOfRent: 0.5 },
      { year: '2029', leases: 1, sf: 2000, annualRent: 50_000, shareOfRent: 0.5, cumulativeShareOfRent: 1 },
    ]);
    // Without items, the roll's own counts by year.
    expect(rollover({ ...roll, rentRollItems: [] })).toEqual([
      { year: '2027', leases: 2, sf: null, annualRent: null, shareOfRent: null, cumulativeShareOfRent: null },
      { year: '2029', leases: 1, sf: null, annualRent: null, shareOfRent: null, cumulativeShareOfRent: null },
    ]);
  });
});

describe('lineChartSvg', () => {
  const years = ['2026', '2027', '2028'];

  it('draws the same markup for the same data, with round compact-dollar ticks from zero and one point a year', () => {
    const svg = lineChartSvg(years, [{ name: 'NOI <net>', values: [1_200_000, 1_260_000, 1_310_000] }], { width: 600, height: 150 });
    expect(lineChartSvg(years, [{ name: 'NOI <net>', values: [1_200_000, 1_260_000, 1_310_000] }], { width: 600, height: 150 })).toBe(svg);
    expect(svg.match(/<circle /g)).toHaveLength(3);
    for (const tick of ['$0', '$500K', '$1M', '$1.5M']) expect(svg).toContain(`>${tick}</text>`);
    expect(svg).toContain('NOI &lt;net&gt;');
  });

  it('extends the axis below zero for a negative year', () => {
    const svg = lineChartSvg(years, [{ name: 'Net cash flow', values: [-200_000, 100_000, 300_000] }], { width: 600, height: 150 });
    expect(svg).toContain('>-$200K</text>');
  });
});
