import { z } from 'zod';
import { UpdateDealsRequestDto, type UpdateDealsResponseDto } from '../bulk-update';
import type { CollateralCashFlowResponseDto } from '../cash-flow';
import { channel, type ChannelSpec } from '../channel';
import type { CollateralSummaryResponseDto } from '../collateral';
import type {
  CommercialComponentInfoResponseDto,
  ComponentInfoResponseDto,
  ComponentSummaryResponseDto,
  HotelComponentInfoResponseDto,
  ResidentialComponentInfoResponseDto,
} from '../component';
import { CreateCommercialDealDto, CreateHotelDealDto, CreateResidentialDealDto, type CreateResponseDto } from '../create-deal';
import type { SeedInfoResponseDto } from '../deal';
import type { DealFundsInfoResponseDto } from '../funds';
import { EditSource } from '../history';
import type { CompanyInfoResponseDto, PersonInfoResponseDto } from '../party';
import type { CommercialRentRollInfoResponseDto, ResidentialRentRollInfoResponseDto } from '../rent-roll';
import { byDealId, byId, Id, type Body } from './shared';

// One deal's graph: a read per API endpoint, the bulk update and the creates.

export const DEAL_READ_CHANNELS = {
  'deal.info': channel(byId).returns<Body<SeedInfoResponseDto>>(),
  'deal.funds': channel(byDealId).returns<Body<DealFundsInfoResponseDto>>(),
  'deal.collateralSummary': channel(byDealId).returns<Body<CollateralSummaryResponseDto>>(),
  'deal.componentSummary': channel(byDealId).returns<Body<ComponentSummaryResponseDto>>(),
  'collateral.componentSummary': channel(z.object({ collateralId: Id }).strict()).returns<Body<ComponentSummaryResponseDto>>(),
  'collateral.cashFlow': channel(byId).returns<Body<CollateralCashFlowResponseDto>>(),
  'component.base': channel(byId).returns<Body<ComponentInfoResponseDto>>(),
  'component.commercial': channel(byId).returns<Body<CommercialComponentInfoResponseDto>>(),
  'component.residential': channel(byId).returns<Body<ResidentialComponentInfoResponseDto>>(),
  'component.hotel': channel(byId).returns<Body<HotelComponentInfoResponseDto>>(),
  'rentRoll.residential': channel(byId).returns<Body<ResidentialRentRollInfoResponseDto>>(),
  'rentRoll.commercial': channel(byId).returns<Body<CommercialRentRollInfoResponseDto>>(),
  /** socialSecurityNumber comes back masked to its last four digits. */
  'person.info': channel(byId).returns<Body<PersonInfoResponseDto>>(),
  /** The full social security number, asked for on purpose (a click on "Reveal"); never logged. */
  'person.revealSsn': channel(byId).returns<{ socialSecurityNumber: string | null }>(),
  'company.info': channel(byId).returns<Body<CompanyInfoResponseDto>>(),
} as const satisfies Record<string, ChannelSpec>;

export const DEAL_WRITE_CHANNELS = {
  /** source: which screen made the edit, for the deal history (ui: the deal page, bulk: Bulk edit). */
  'deals.bulkUpdate': channel(UpdateDealsRequestDto.extend({ source: EditSource.optional() })).returns<Body<UpdateDealsResponseDto>>(),
  'deals.createResidential': channel(CreateResidentialDealDto).returns<Body<CreateResponseDto>>(),
  'deals.createCommercial': channel(CreateCommercialDealDto).returns<Body<CreateResponseDto>>(),
  'deals.createHotel': channel(CreateHotelDealDto).returns<Body<CreateResponseDto>>(),
} as const satisfies Record<string, ChannelSpec>;
