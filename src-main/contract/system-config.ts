import { z } from 'zod';
import { CreditPolicies, StressScenarios } from './analysis';

const DealStateKey = z.enum(['NewDeal', 'Originated', 'Completed', 'Rejected', 'Prep']);

/**
 * The configurable sets behind Status, ProfileName, sub-types, value bases and custom fields, and
 * the credit policy profiles and built-in stress scenarios of the analysis.
 */
export const SystemConfig = z.object({
  statusesByState: z.record(DealStateKey, z.array(z.string().min(1))),
  profileNames: z.array(z.string().min(1)),
  collateralSubTypes: z.array(z.string().min(1)),
  collateralSubStatuses: z.array(z.string().min(1)),
  valueBases: z.array(z.string().min(1)),
  customFields: z.object({
    CustomField1: z.object({ label: z.string() }).nullable(),
    CustomField2: z.object({ label: z.string() }).nullable(),
  }),
  creditPolicies: CreditPolicies,
  stressScenarios: StressScenarios.describe('The built-in stress scenarios'),
});
export type SystemConfig = z.infer<typeof SystemConfig>;

/** Underwriting settings stored per data directory. */
export const DayCount = z.enum(['30/360', 'Actual/360', 'Actual/365']);
export const DscrNumerator = z.enum(['NOI', 'NetCashFlow']);
export const UnderwritingSettings = z.object({
  dayCount: DayCount.default('30/360'),
  dscrNumerator: DscrNumerator.default('NOI'),
});
export type UnderwritingSettings = z.infer<typeof UnderwritingSettings>;
