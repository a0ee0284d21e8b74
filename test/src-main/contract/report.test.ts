import { describe, expect, it } from 'vitest';
import {
  CrossDealCollateralReportFilterDto,
  CrossDealCollateralReportResponseDto,
  CrossDealCollateralReportRowDto,
  ReportSortField,
} from '../../../src-main/contract';

const row = {
  dealId: 'd1', seedName: 'Maple Court', loanId: null, state: 'Originated', owner: 'ann@lender.example',
  loanType: 'Bridge', grossLoan: 9_800_000, interestRate: 0.0725, loanTerm: 60, maturityDate: '2030-06-30',
  riskRating: '3', collateralId: 'c1', collateralName: 'Maple Court', fullAddress: '100 Main St, Springfield, IL 62701',
  city: 'Springfield', usState: 'IL', zipCode: '62701', propertyType: 'Multi_Family_Apartments', totalSF: 96_000,
  totalUnit: 120, netOperatingIncome: 1_050_000, incomeValuation: 15_000_000, salesValuation: 14_500_000,
  alternativeValuation: 0, ltv: 0.65, dscr: 1.28, debtYield: 10.71,
};

describe('cross-deal collateral report', () => {
  it('fills in the first page of 100 rows in ascending order when the filter is empty', () => {
    expect(CrossDealCollateralReportFilterDto.parse({})).toEqual({ page: 1, pageSize: 100, sortDirection: 'asc' });
  });

  it('bounds the page and page size', () => {
    for (const paging of [{ page: 0 }, { page: 1.5 }, { pageSize: 0 }, { pageSize: 1001 }])
      expect(CrossDealCollateralReportFilterDto.safeParse(paging).success, JSON.stringify(paging)).toBe(false);
    expect(CrossDealCollateralReportFilterDto.safeParse({ page: 3, pageSize: 1000 }).success).toBe(true);
  });

  it('sorts by any field of a row and nothing else', () => {
    expect([...ReportSortField.options].sort()).toEqual(Object.keys(CrossDealCollateralReportRowDto.shape).sort());
    expect(CrossDealCollateralReportFilterDto.safeParse({ sortBy: 'dscr', sortDirection: 'desc' }).success).toBe(true);
    expect(CrossDealCollateralReportFilterDto.safeParse({ sortBy: 'password' }).success).toBe(false);
  });

  it('filters by typed lists of states, property types and loan types', () => {
    expect(CrossDealCollateralReportFilterDto.safeParse({ states: ['Prep'], propertyTypes: ['Office'], loanTypes: ['Bridge'] }).success).toBe(true);
    expect(CrossDealCollateralReportFilterDto.safeParse({ states: ['Open'] }).success).toBe(false);
  });

  it('answers rows, totals and paging in the envelope', () => {
    const response = {
      success: true, error: null, rows: [row],
      totals: { rowCount: 1, dealCount: 1, grossLoan: 9_800_000, totalSF: 96_000, totalUnit: 120, netOperatingIncome: 1_050_000, incomeValuation: 15_000_000, salesValuation: 14_500_000, alternativeValuation: 0 },
      totalRows: 1, page: 1, pageSize: 100,
    };
    expect(CrossDealCollateralReportResponseDto.parse(response)).toEqual(response);
  });
});
