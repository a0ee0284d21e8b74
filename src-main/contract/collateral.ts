import { z } from 'zod';
import { lazyShape } from './lazy-shape';
import { AddressDto } from './address';
import { envelope } from './error';
import { usd } from './scalars';

export const CollateralSummaryDto = z.object(lazyShape(() => ({
  id: z.string(),
  address: AddressDto,
  name: z.string().nullable(),
  netIncome: usd(),
  netOperatingIncome: usd(),
  incomeValuation: usd('NOI divided by cap rate'),
  alternativeValuation: usd(),
  salesValuation: usd(),
  totalSF: z.number(),
  totalUnit: z.number(),
  yearBuilt: z.int().nullable().optional().describe('Present in one variant of the response only'),
})));
export type CollateralSummaryDto = z.infer<typeof CollateralSummaryDto>;

export const CollateralSummaryResponseDto = envelope(lazyShape(() => ({
  collateralSummaries: z.array(CollateralSummaryDto).describe('One entry per collateral of the deal'),
}))).meta({ id: 'CollateralSummaryResponseDto' });
export type CollateralSummaryResponseDto = z.infer<typeof CollateralSummaryResponseDto>;
