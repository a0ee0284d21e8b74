import { describe, expect, it } from 'vitest';
import {
  CollateralCashFlowResponseDto,
  CollateralSummaryResponseDto,
  CommercialComponentInfoResponseDto,
  CommercialRentRollItemDto,
  CompanyInfoResponseDto,
  ComponentInfoResponseDto,
  DealFundsInfoResponseDto,
  HotelComponentInfoResponseDto,
  ImportCollateralsRequestDto,
  ImportReportResponseDto,
  OAuthErrorResponse,
  PersonInfoResponseDto,
  ResidentialComponentInfoResponseDto,
  TokenRequest,
  TokenResponse,
} from '../../../src-main/contract';

const ok = { success: true, error: null };
const address = {
  fullAddress: '100 Main St, Springfield, IL 62701', placeId: null, geoLocation: { lat: 39.8, lng: -89.64 },
  zipCode: '62701', number: 100, street: 'Main St', city: 'Springfield', county: 'Sangamon', state: 'IL',
  country: 'US', additionalFreeText: null,
};
const revenue = { monthly: 1000, monthlyPerSf: 1, monthlyPerUnit: 1000, annual: 12_000, annualPerSf: 12, annualPerUnit: 12_000 };
const baseComponent = {
  ...ok, id: 'k1', collateralId: 'c1', selectedRentRollId: null, address, assetType: 'Hotel', componentType: 'Hotel',
  marketTrendSummary: null, marketSummary: null, marketData: null, marketForecast: null, leaseToPreLeaseRatio: 0,
  totalRentRollAnnualRevenue: 0, rentRollVacancy: 0, rentRollsOrder: [], saleValueComputationType: 'ByUnit',
  salesCompUnitValuation: 0, salesCompSFValuation: 0,
};
const section = (total: number) => ({
  total, totalByYear: [total, total * 1.03],
  groupedTransactions: [{
    group: 'Rent', totalAmount: total, totalPerSf: 1, totalPerUnit: 10, totalPercentageEGI: 1,
    transactions: [{ description: 'Base rent', group: 'Rent', comment: null, measureType: 'Unspecified', amount: total, annualized: total, annualizedPerSf: 1, annualizedPerUnit: 10, annualizedPercentageEGI: 1, annualizedByYear: [total] }],
  }],
});
const dcfModel = { discountRate: 0.08, revenueGrowth: [0.03], expenseGrowth: [0.025] };

describe('component reads', () => {
  it('reads a hotel component as the base fields plus hotelInfo', () => {
    const hotel = { ...baseComponent, hotelInfo: { totalRooms: 120, averageDailyRate: 189, occupancy: 0.74, revPar: 139.86, roomRevenueAnnual: 6_125_868, otherRevenueAnnual: 900_000, totalRevenueAnnual: 7_025_868 } };
    expect(HotelComponentInfoResponseDto.parse(hotel)).toEqual(hotel);
    expect(HotelComponentInfoResponseDto.safeParse(baseComponent).success).toBe(false);
    expect(ComponentInfoResponseDto.parse(hotel)).not.toHaveProperty('hotelInfo');
  });

  it('requires expiring leases and living units on the commercial and residential variants only', () => {
    const commercial = {
      ...baseComponent, assetType: 'Retail', componentType: 'Commercial', expiringLeases: { 2027: 2, 2028: 1 },
      livingUnitsInfo: {
        livingUnits: [{ id: 'u1', description: 'Anchor', suite: '100', floor: 1, unitSize: 12_000, compsRevenue: revenue, concludedRevenue: revenue }],
        marketVacancy: 0.05, totalUnits: 1, totalSf: 12_000, averageUnitSize: 12_000, averageSqft: 12_000,
        concludedTotalRevenue: revenue, compsTotalRevenue: revenue,
      },
    };
    expect(CommercialComponentInfoResponseDto.parse(commercial)).toEqual(commercial);
    expect(ResidentialComponentInfoResponseDto.safeParse(commercial).success).toBe(false);
    expect(CommercialComponentInfoResponseDto.safeParse(baseComponent).success).toBe(false);
  });

  it('keeps the commercial rent roll item to the designed fields, vacant suites without tenant or lease', () => {
    expect(Object.keys(CommercialRentRollItemDto.shape).sort()).toEqual(
      ['id', 'suite', 'tenantName', 'leaseType', 'floor', 'unitSize', 'monthlyRent', 'annualRent', 'monthlyRentPerSf', 'annualRentPerSf', 'leaseStart', 'leaseEnd'].sort(),
    );
    const vacant = { id: 'i1', suite: '200', tenantName: null, leaseType: null, floor: 2, unitSize: 1500, monthlyRent: 0, annualRent: 0, monthlyRentPerSf: 0, annualRentPerSf: 0, leaseStart: null, leaseEnd: null };
    expect(CommercialRentRollItemDto.parse(vacant)).toEqual(vacant);
  });
});

describe('collateral, party and funds reads', () => {
  const summary = { id: 'c1', address, name: 'Maple Court', netIncome: 1, netOperatingIncome: 2, incomeValuation: 3, alternativeValuation: 0, salesValuation: 4, totalSF: 5, totalUnit: 6 };

  it('reads a collateral summary with or without yearBuilt', () => {
    expect(CollateralSummaryResponseDto.safeParse({ ...ok, collateralSummaries: [summary] }).success).toBe(true);
    expect(CollateralSummaryResponseDto.safeParse({ ...ok, collateralSummaries: [{ ...summary, yearBuilt: 1998 }] }).success).toBe(true);
    expect(CollateralSummaryResponseDto.safeParse({ ...ok, collateralSummaries: [{ ...summary, yearBuilt: null }] }).success).toBe(true);
  });

  it('reads companies with or without an EIN, and logos and images as a string or an array of strings', () => {
    const company = {
      ...ok, id: 'co1', name: 'Acme Holdings', description: null, logo: 'iVBORw0KGgo=', address, primaryEmail: null,
      primaryPhoneNumber: null, companyDebtService: 1, companyCashFlowAfterDebtService: 2, companyDSCR: 1.4,
      companyAssetSubtotal: 3, companyLiabilitySubtotal: 4, companyLiquidity: 5, contactId: null, riskRating: '2',
    };
    expect(CompanyInfoResponseDto.safeParse(company).success).toBe(true);
    expect(CompanyInfoResponseDto.safeParse({ ...company, ein: '12-3456789', logo: ['iVBO', 'Rw0K'] }).success).toBe(true);
    const person = {
      ...ok, id: 'p1', contactId: null, firstName: 'Ann', middleName: null, lastName: 'Lee', socialSecurityNumber: null,
      description: null, primaryPhoneNumber: null, primaryEmail: 'ann@example.com', image: null, address: null,
      personalNetWorth: 1, personalLiquidity: 2, personalDSCR: 3, personalCashFlowAfterDebtService: 4, personDebtRatio: 0.3,
    };
    expect(PersonInfoResponseDto.safeParse(person).success).toBe(true);
  });

  it('reads sources with and without loan terms and uses of funds', () => {
    const item = { id: 's1', amount: 100, dollarPerUnit: 1, dollarPerSF: 0.1, percentOfTotal: 0.5, default: false, isDefault: false };
    const funds = {
      ...ok, id: 'f1',
      fundsLoansInfo: { loanFundsItems: [{ sourcesOfFunds: 'Senior loan', amount: 100, loanPaymentStructure: 'InterestOnly', amortizationTerm: 0, interestRate: 0.07, debtService: 7, dealIncomeValuation: 200, dealNOI: 15, debtYield: 15, ltv: 0.5, dscr: 2.1 }], avgLTV: 0.5, totalDSCR: 2.1, totalDebtYield: 15 },
      fundsSourcesInfo: {
        fundSourceItems: [
          { ...item, sourcesOfFunds: 'Senior loan', loanPaymentStructure: 'InterestOnly', amortizationTerm: 0, interestRate: 0.07 },
          { ...item, id: 's2', sourcesOfFunds: 'Equity', loanPaymentStructure: null, amortizationTerm: null, interestRate: null },
        ],
        totalAmount: 200, totalDollarPerUnit: 2, totalDollarPerSF: 0.2, balanceBetweenUsesAndSources: 0, balanceName: 'Balanced',
      },
      fundsUsesInfo: { fundUseItems: [{ ...item, id: 'u1', usesOfFunds: 'Purchase price', percentOfTotal: 1 }], totalAmount: 200, totalDollarPerUnit: 2, totalDollarPerSF: 0.2 },
    };
    expect(DealFundsInfoResponseDto.parse(funds)).toEqual(funds);
  });
});

describe('collateral cash flow read', () => {
  it('reads valuations with their cash flow ladder and DCF model', () => {
    const cashFlow = {
      valuationsInfoId: 'v1', fileId: null, comment: null,
      revenue: section(1_200_000), vacancyAndConcessions: section(60_000), otherIncome: section(30_000),
      operatingExpenses: section(120_000), belowTheLineExpense: section(818_000),
      effectiveIncome: 1_170_000, effectiveIncomeByYear: [1_170_000], totalExpenses: 120_000, totalExpensesByYear: [120_000],
      netOperatingIncome: 1_050_000, netOperatingIncomeByYear: [1_050_000], netIncome: 232_000, netIncomeByYear: [232_000],
      dcfModel, finalSale: 16_000_000, presentValues: [215_000], netPresentValue: 400_000, expenseRatio: 0.1,
    };
    const valuation = {
      capRate: 0.07, name: 'Market', valuationsInfoId: 'v1', expensesSourceId: null, userValuationType: 'Income', comment: null,
      parentId: null, descriptor: null, startDate: '2025-07-01', endDate: '2035-06-30', revenueSource: 'Market',
      capRateSource: 'Market', vacancySource: 'Market', cashFlow, totalValuation: 15_000_000, archive: false,
      componentsVacancies: { k1: { amountValue: 60_000, percentageValue: 0.05 } }, componentsSelectedRentRolls: { k1: 'rr1' },
      metrics: [{ dealId: 'd1', dscr: 1.28, ltv: 0.65, debtYield: 10.71 }],
    };
    const response = {
      ...ok, id: 'cf1', collateralId: 'c1', marketCapRate: 0.07, mainIncomeValuationCapRate: 0.07, marketValuation: valuation,
      salesValuation: 14_500_000, mainIncomeValuationId: 'v1', mainAlternativeValuationId: null, mainAlternativeValuation: 0,
      mainAlternativeValuationDate: null, capRateLastModifiedTime: '2025-06-01', rentRollRevenues: { rr1: 1_200_000 },
      componentTotals: { componentsData: [{ id: 'k1', assetType: 'Multi_Family_Apartments', totalSf: 96_000, totalUnits: 120, saleValue: 14_500_000, totalMarketAnnualRevenue: 1_250_000, totalRentRollAnnualRevenue: 1_200_000, marketVacancy: 0.05, rentRollVacancy: 0.04 }], totalSaleValue: 14_500_000, totalSf: 96_000, totalUnits: 120 },
      revenueValuations: [valuation],
      alternativeValuations: [{ name: 'Appraisal', valuationsInfoId: 'v2', description: null, parentId: null, descriptor: null, valuation: 15_200_000, asOfDate: '2025-05-01' }],
      dcfModel,
    };
    expect(CollateralCashFlowResponseDto.parse(response)).toEqual(response);
    expect(CollateralCashFlowResponseDto.safeParse({ ...response, revenueValuations: [{ ...valuation, cashFlow: { ...cashFlow, revenue: undefined } }] }).success).toBe(false);
  });
});

describe('import', () => {
  it('leaves the asynchronously checked rules to the import report', () => {
    const body = {
      collaterals: [{
        clientItemId: 'row-1',
        collateralCreateData: { dealIds: [], address: { placeId: 'pl-1' }, propertyType: 'Office' },
        alternativeValuationCreateData: { name: '', valuation: 0 },
      }],
    };
    expect(ImportCollateralsRequestDto.parse(body)).toEqual(body);
  });

  it('requires the client item id that ties a result to its item', () => {
    expect(ImportCollateralsRequestDto.safeParse({ collaterals: [{ collateralCreateData: {} }] }).success).toBe(false);
  });

  it('reports created entities and item errors, pending until the checks have run', () => {
    const report = {
      ...ok, reportId: 'r1', status: 'Completed', createdEntities: [{ clientItemId: 'row-1', entityId: 'c9' }],
      errors: [{ target: 'collaterals.1.collateralCreateData.dealIds', code: 'MissingEntity', message: 'Unknown deal', details: [], entityId: 'd404', fieldName: 'dealIds', clientItemId: 'row-2', bulkOperationType: 'Create' }],
    };
    expect(ImportReportResponseDto.parse(report)).toEqual(report);
    expect(ImportReportResponseDto.safeParse({ ...report, status: 'Running' }).success).toBe(false);
  });
});

describe('OAuth', () => {
  it('accepts only the client-credentials grant', () => {
    const request = { grant_type: 'client_credentials', audience: 'http://127.0.0.1:8080/api/', client_id: 'c', client_secret: 's' };
    expect(TokenRequest.parse(request)).toEqual(request);
    expect(TokenRequest.safeParse({ ...request, grant_type: 'password' }).success).toBe(false);
  });

  it('returns a bearer token with its lifetime, or an RFC 6749 error', () => {
    expect(TokenResponse.safeParse({ token_type: 'Bearer', access_token: 'x.y.z', expires_in: 3600 }).success).toBe(true);
    expect(OAuthErrorResponse.safeParse({ error: 'invalid_client', error_description: 'Unknown client' }).success).toBe(true);
    expect(OAuthErrorResponse.safeParse({ error: 'nope' }).success).toBe(false);
  });
});
