import { maskSsn, type DEAL_READ_CHANNELS, type DEAL_WRITE_CHANNELS } from '../../contract';
import { localActor } from './history';
import type { ChannelKit, HandlersOf } from './kit';

// One deal's graph: a read per API endpoint (the same the HTTP API serves), the bulk update and the creates.

export function dealReadChannels({ gateway }: ChannelKit): HandlersOf<typeof DEAL_READ_CHANNELS> {
  return {
    'deal.info': ({ id }) => gateway('getDealInfo', { id }),
    'deal.funds': ({ dealId }) => gateway('getDealFunds', { dealId }),
    'deal.collateralSummary': ({ dealId }) => gateway('getDealCollateralSummary', { dealId }),
    'deal.componentSummary': ({ dealId }) => gateway('getDealComponentSummary', { dealId }),
    'collateral.componentSummary': ({ collateralId }) => gateway('getCollateralComponentSummary', { collateralId }),
    'collateral.cashFlow': ({ id }) => gateway('getCollateralCashFlow', { id }),
    'component.base': ({ id }) => gateway('getBaseComponentInfo', { id }),
    'component.commercial': ({ id }) => gateway('getCommercialComponentInfo', { id }),
    'component.residential': ({ id }) => gateway('getResidentialComponentInfo', { id }),
    'component.hotel': ({ id }) => gateway('getHotelComponentInfo', { id }),
    'rentRoll.residential': ({ id }) => gateway('getResidentialRentrollInfo', { id }),
    'rentRoll.commercial': ({ id }) => gateway('getCommercialRentrollInfo', { id }),
    'person.info': async ({ id }) => {
      const person = await gateway('getPersonInfo', { id });
      return { ...person, socialSecurityNumber: maskSsn(person.socialSecurityNumber) };
    },
    'person.revealSsn': async ({ id }) => {
      const person = await gateway('getPersonInfo', { id });
      return { socialSecurityNumber: person.socialSecurityNumber };
    },
    'company.info': ({ id }) => gateway('getCompanyInfo', { id }),
  };
}

export function dealWriteChannels({ ctx, gateway, changed }: ChannelKit): HandlersOf<typeof DEAL_WRITE_CHANNELS> {
  const created = <T extends { createdEntityId: string }>(result: T): T => {
    changed([result.createdEntityId]);
    return result;
  };
  return {
    'deals.bulkUpdate': async ({ source, ...body }) => {
      // The deal history records the local user and the screen (deal page or Bulk edit).
      const result = await gateway('bulkUpdateDeals', {}, body, await localActor(ctx, source ?? 'ui'));
      if (result.updatedEntities.length > 0) changed(result.updatedEntities);
      return result;
    },
    'deals.createResidential': async (body) => created(await gateway('createResidentialDeal', {}, body)),
    'deals.createCommercial': async (body) => created(await gateway('createCommercialDeal', {}, body)),
    'deals.createHotel': async (body) => created(await gateway('createHotelDeal', {}, body)),
  };
}
