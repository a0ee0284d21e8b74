import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  BreakpointsDto,
  CreditPolicy,
  issuesToErrorDto,
  Metrics,
  PortfolioStressSummaryDto,
  Scenario,
  SensitivityGridDto,
  SizeLoanRequestDto,
  SizeLoanResponseDto,
  StressDealRequestDto,
  StressDealResponseDto,
  StressPortfolioRequestDto,
  StressPortfolioResponseDto,
} from '../../../src-main/contract';
import {
  addToPortfolio,
  breakpoints,
  dscrGrid,
  ltvGrid,
  policyBreaches,
  policyNotTested,
  portfolioAccumulator,
  portfolioSummary,
  SHOCK_NAMES,
  sizeLoan,
  stressDeal,
} from '../../../src-main/domain';
import { officeDeal } from '../domain/analysis-fixtures';

const errorOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a validation failure');
  return issuesToErrorDto(result.error, input);
};

const mild = { name: 'mild', valueChange: -0.1, vacancyChange: 0.03, rentChange: -0.05, rateChangeBps: 100 };

describe('Scenario', () => {
  it('accepts any non-zero shock, each in its unit', () => {
    expect(Scenario.parse(mild)).toEqual(mild);
    expect(Scenario.parse({ capRateChangeBps: 50 })).toEqual({ capRateChangeBps: 50 });
    expect(Scenario.parse({ noiChange: -1 })).toEqual({ noiChange: -1 });
  });

  it('refuses a scenario with no shock, naming the scenario', () => {
    const error = errorOf(StressDealRequestDto, { dealId: 'd1', scenario: { name: 'calm', noiChange: 0 } });
    expect(error).toMatchObject({ target: 'scenario', code: 'ValidationError' });
    expect(error.message).toBe(
      'scenario: a scenario needs at least one non-zero shock (noiChange, rateChangeBps, valueChange, capRateChangeBps, rentChange, vacancyChange)',
    );
  });

  it('refuses shocks out of range or of the wrong type, naming the field', () => {
    expect(errorOf(Scenario, { vacancyChange: 3 })).toMatchObject({ target: 'vacancyChange', message: 'vacancyChange must be at most 1' });
    expect(errorOf(Scenario, { valueChange: -1.2 })).toMatchObject({ target: 'valueChange', message: 'valueChange must be at least -1' });
    expect(errorOf(Scenario, { rentChange: '-5%' })).toMatchObject({ target: 'rentChange', code: 'ValidationError', message: 'rentChange must be a number' });
    expect(errorOf(Scenario, { noiChange: Number.NaN }).target).toBe('noiChange');
    expect(errorOf(Scenario, { rateChangeBps: 20_000 }).target).toBe('rateChangeBps');
  });

  it('refuses an unknown field, so that a misspelt shock is not silently 0', () => {
    expect(errorOf(Scenario, { rentChnage: -0.05, valueChange: -0.1 })).toMatchObject({ target: 'body', message: 'body has unknown field(s): rentChnage' });
  });

  it('names the same shocks as the domain', () => {
    expect(Object.keys(Scenario.shape).filter((k) => k !== 'name')).toEqual([...SHOCK_NAMES]);
  });
});

describe('CreditPolicy', () => {
  it('takes limits in the units of the reads and refuses a percentage where a decimal belongs', () => {
    expect(CreditPolicy.parse({ maxLtv: 0.75, minDscr: 1.25, minDebtYield: 9 })).toEqual({ maxLtv: 0.75, minDscr: 1.25, minDebtYield: 9 });
    expect(errorOf(SizeLoanRequestDto, { policy: { maxLtv: 75 } })).toMatchObject({ target: 'policy.maxLtv', message: 'policy.maxLtv must be at most 1' });
    expect(errorOf(SizeLoanRequestDto, { policy: { minDscr: -1 } })).toMatchObject({ target: 'policy.minDscr', message: 'policy.minDscr must be greater than 0' });
    expect(errorOf(SizeLoanRequestDto, { policy: { maxLTV: 0.7 } }).message).toBe('policy has unknown field(s): maxLTV');
  });
});

describe('sizeLoan request', () => {
  it('accepts a deal id, inputs, a policy and a profile, all optional', () => {
    const body = { dealId: 'd1', inputs: { noi: 1_000_000, interestRate: 0.065, amortizationMonths: 360 }, policy: { minDscr: 1.3 }, profileName: 'CMBS conduit' };
    expect(SizeLoanRequestDto.parse(body)).toEqual(body);
    expect(SizeLoanRequestDto.parse({})).toEqual({});
  });

  it('refuses negative, non-numeric and fractional inputs, naming the field', () => {
    expect(errorOf(SizeLoanRequestDto, { inputs: { noi: 0 } })).toMatchObject({ target: 'inputs.noi', message: 'inputs.noi must be greater than 0' });
    expect(errorOf(SizeLoanRequestDto, { inputs: { value: -1 } })).toMatchObject({ target: 'inputs.value', message: 'inputs.value must be at least 0' });
    expect(errorOf(SizeLoanRequestDto, { inputs: { interestRate: 6.5 } })).toMatchObject({ target: 'inputs.interestRate', message: 'inputs.interestRate must be at most 1' });
    expect(errorOf(SizeLoanRequestDto, { inputs: { amortizationMonths: 12.5 } })).toMatchObject({ target: 'inputs.amortizationMonths', message: 'inputs.amortizationMonths must be an integer' });
    expect(errorOf(SizeLoanRequestDto, { inputs: { totalCost: 'lots' } })).toMatchObject({ target: 'inputs.totalCost', code: 'ValidationError' });
  });
});

describe('stressPortfolio request', () => {
  it('takes 1 to 10 scenarios and the cross-deal report filter, with paging defaults for the per-deal rows', () => {
    const parsed = StressPortfolioRequestDto.parse({ scenarios: [mild], filter: { states: ['Originated'], propertyTypes: ['Office'] } });
    expect(parsed).toMatchObject({ scenarios: [mild], breachesOnly: false, page: 1, pageSize: 100 });
    expect(parsed.filter?.states).toEqual(['Originated']);
  });

  it('refuses no scenario, more than 10, a scenario with no shock and a malformed filter, naming the field', () => {
    expect(errorOf(StressPortfolioRequestDto, { scenarios: [] })).toMatchObject({ target: 'scenarios', message: 'scenarios must be at least 1 item(s)' });
    expect(errorOf(StressPortfolioRequestDto, { scenarios: Array(11).fill(mild) })).toMatchObject({ target: 'scenarios', message: 'scenarios must be at most 10 item(s)' });
    expect(errorOf(StressPortfolioRequestDto, { scenarios: [mild, {}] }).target).toBe('scenarios.1');
    expect(errorOf(StressPortfolioRequestDto, { scenarios: [mild], filter: { states: ['Closed'] } }).target).toBe('filter.states.0');
    expect(errorOf(StressPortfolioRequestDto, {})).toMatchObject({ target: 'scenarios', code: 'MissingMandatoryField' });
  });
});

// A deal through the domain, into the response DTOs: the later endpoints only copy these figures.
const deal = { ...officeDeal, loanPaymentStructure: 'P_I_Amortization' as const, amortizationTerm: 360 };
const policy = { maxLtv: 0.75, minDscr: 1.25, minDebtYield: 9 };

describe('response DTOs hold what the domain computes', () => {
  it('sizeLoan', () => {
    const sizing = sizeLoan({ noi: 570_000, value: 9_500_000, interestRate: 0.06, amortizationMonths: 360 }, policy);
    if (!sizing.ok) throw new Error(sizing.error.message);
    const body = { success: true, error: null, ...sizing.value, profileName: 'Bank balance sheet', policy };
    expect(SizeLoanResponseDto.parse(body)).toEqual(body);
  });

  it('stressDeal, with the breakpoints and both sensitivity grids', () => {
    const base = stressDeal(deal).metrics;
    const stressed = stressDeal(deal, mild).metrics;
    const body = {
      success: true,
      error: null,
      base,
      stressed,
      breaches: policyBreaches(stressed, policy),
      breakpoints: breakpoints({ ...deal, grossLoan: 0 }, policy),
      baseBreaches: policyBreaches(base, policy),
      notApplicable: policyNotTested(stressed, policy),
      baseNotApplicable: policyNotTested(base, policy),
      sensitivity: { dscr: dscrGrid(deal, policy), ltv: ltvGrid(deal, policy) },
      profileName: 'Bank balance sheet',
      policy,
    };
    expect(body.breaches.length).toBeGreaterThan(0);
    expect(StressDealResponseDto.parse(body)).toEqual(body);
    expect(Metrics.parse(stressDeal(deal, { noiChange: -1 }).metrics).ltv).toBeNull();
    expect(BreakpointsDto.parse(breakpoints(deal, policy)).notApplicable).toEqual({});
    expect(SensitivityGridDto.parse(dscrGrid(deal, {})).limit).toBeNull();
  });

  it('stressPortfolio', () => {
    const summary = portfolioSummary([stressDeal(deal).metrics, stressDeal(deal, mild).metrics].reduce(addToPortfolio, portfolioAccumulator(policy)));
    expect(PortfolioStressSummaryDto.parse(summary)).toEqual(summary);
    const base = stressDeal(deal).metrics;
    const stressed = stressDeal(deal, mild).metrics;
    const body = {
      success: true,
      error: null,
      base: summary,
      scenarios: [{ ...summary, scenario: mild }],
      rows: [{ dealId: 'd1', seedName: 'Maple Court', loanAmount: 6_000_000, base, baseBreaches: [], scenarios: [{ stressed, breaches: policyBreaches(stressed, policy) }] }],
      totalRows: 1,
      page: 1,
      pageSize: 100,
      profileName: 'Bank balance sheet',
      policy,
    };
    expect(StressPortfolioResponseDto.parse(body)).toEqual(body);
  });
});

describe('OpenAPI', () => {
  const described = { CreditPolicy, Scenario, Metrics, SizeLoanRequestDto, StressDealRequestDto, StressPortfolioRequestDto, BreakpointsDto };

  it.each(Object.entries(described))('describes every field of %s', (_, schema) => {
    type Json = { $ref?: string; $defs?: Record<string, Json>; properties?: Record<string, { description?: string }> };
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Json;
    // A schema with an id is emitted as a reference to its definition.
    const root = json.$ref ? json.$defs![json.$ref.replace('#/$defs/', '')]! : json;
    const bare = Object.entries(root.properties!).filter(([key, p]) => !p.description && !['scenario', 'scenarios', 'policy', 'inputs', 'filter'].includes(key));
    expect(bare.map(([key]) => key)).toEqual([]);
  });

  it.each(Object.entries({ SizeLoanResponseDto, StressDealResponseDto, StressPortfolioResponseDto }))('represents %s in JSON Schema', (_, schema) => {
    expect(() => z.toJSONSchema(schema, { unrepresentable: 'throw' })).not.toThrow();
  });
});
