import * as apiClients from './api-clients';
import { pick, type StoreFunctions } from './bind-module';
import * as bulkInsert from './bulk-insert';
import * as changeFeed from './change-feed';
import * as collateralFigures from './collateral-figures';
import * as components from './components';
import type { Db } from './db';
import * as dealHistory from './deal-history';
import * as dealRead from './deal-read';
import * as dealUpdates from './deal-updates';
import * as deals from './deals';
import * as funds from './funds';
import * as imports from './imports';
import * as parties from './parties';
import * as reportQuery from './report-query';
import * as schemaVersion from './schema-version';
import * as settings from './settings';
import * as stressInputs from './stress-inputs';
import * as syncOutbox from './sync-outbox';
import * as systemConfig from './system-config';
import * as users from './users';
import * as valuations from './valuations';

// The registry of the storage port's plain methods: the SQLite store functions (store/<module>.ts,
// the connection first) that are port methods of the same name. port.ts computes StorePort's
// methods from it (the same arguments minus `db`, a Promise of the same answer), sqlite-store.ts
// binds it with bindModule, and the PostgreSQL engine must provide a function for each entry
// (store/postgres/port-functions.ts). A module's function that is not listed here is not on the port.
//
// Adding a store read or write: the function in its module, its name here, and its PostgreSQL
// twin in store/postgres/port-functions.ts. Generic functions (a type parameter would be lost
// here) and methods that are not one function on the connection are written out in port.ts.

export const PORT_FUNCTIONS = {
  ...pick(reportQuery, 'storeVersion', 'selectReportLinks', 'selectReportDealIds', 'countReportLinks', 'reportRowInputs'),
  ...pick(schemaVersion, 'schemaVersion'),

  ...pick(deals, 'dealRow', 'dealRows', 'dealCount', 'allDealIds', 'collateralsOfDeal', 'collateralRow', 'dealIdsOfCollateral', 'collateralAtPlace'),
  ...pick(dealRead, 'dealRead'),
  ...pick(funds, 'fundsOfDeal'),
  ...pick(parties, 'personRow', 'companyRow'),

  ...pick(
    components,
    'componentRow',
    'componentsOfCollaterals',
    'livingUnitsOf',
    'salesCompsOf',
    'marketDataOf',
    'rentRollRow',
    'rentRollsOfComponents',
    'itemsOfRentRolls',
  ),
  ...pick(valuations, 'revenueValuationsOf', 'transactionsOf', 'alternativeValuationsOf'),

  ...pick(
    collateralFigures,
    'storedCollateralFigures',
    'dealCollateralFigures',
    'dealsCollateralFigures',
    'allStoredCollateralFigures',
    'collateralsWithoutFigures',
  ),

  ...pick(stressInputs, 'valuationHeadsOf', 'yearOneLinesOf', 'yearOneTotalsOf', 'analysisCollateralLinks', 'analysisDealRows'),

  ...pick(changeFeed, 'changeFeedHead', 'dealChangesAfter', 'dealChangeSeq', 'readChangePage'),

  ...pick(dealHistory, 'recordHistory', 'dealHistory', 'historyEntry', 'laterEntryOfField', 'insertDealNote', 'dealNotes', 'localUserName'),

  ...pick(dealUpdates, 'dealSnapshots', 'existingLoansPackages', 'fileDealIds', 'dealsHoldingLoanIds', 'applyDealUpdates'),

  ...pick(syncOutbox, 'insertDealGraphForSync'),

  ...pick(
    imports,
    'insertImportReport',
    'importReport',
    'pendingImportReportIds',
    'completeImportReport',
    'existingDealIdSet',
    'collateralIdByMigrationReference',
  ),

  ...pick(settings, 'setSetting'),
  ...pick(
    systemConfig,
    'getUnderwritingSettings',
    'setUnderwritingSettings',
    'getDefaultCreditPolicyName',
    'setDefaultCreditPolicyName',
  ),
  ...pick(users, 'ensureUsers', 'userExists', 'existingUsers', 'listUsers'),
  ...pick(apiClients, 'upsertApiClient', 'apiClientSecretHash', 'apiClientCreatedAt', 'listApiClients', 'removeApiClient'),

  ...pick(bulkInsert, 'storeHasDeals', 'insertIntoEmptyStore'),
} satisfies StoreFunctions<Db>;
