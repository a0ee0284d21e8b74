import { pick, type FunctionsOn } from '../bind-module';
import type { PortStoreFunctions } from '../port';
import * as apiClients from './api-clients';
import * as bulkInsert from './bulk-insert';
import * as changeFeed from './change-feed';
import * as collateralFigures from './collateral-figures';
import * as components from './components';
import type { PgDb } from './db';
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

// The PostgreSQL engine's registry of the port's plain methods: for each function of the SQLite
// registry (../port-functions.ts), the repository function of the same name, `pg` for `db`,
// answering a Promise of the same value. Typed with FunctionsOn, so that the registry does not
// compile while a port method has no function here, or its function takes or answers another
// type: the compiler's proof that this engine provides every one. store.ts binds it with
// bindModule (and wraps the import methods that claim reports).

export const PG_PORT_FUNCTIONS: FunctionsOn<PgDb, PortStoreFunctions> = {
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
};
