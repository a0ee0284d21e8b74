// The public entry of the store (docs/architecture.md): every layer above reaches the store only
// from here (lint refuses a deep import). It exports the storage port, the SQLite engine and its
// opener, and the store functions the workstation-only features (sync, the pipeline, the New deal
// form) run on the workstation's connection. The connection itself (store/db.ts, type `Db`) is
// not exported: outside the store it is the opaque `SqliteHandle`. The PostgreSQL engine has its
// own entry, store/postgres/index.ts, so that this one never loads `pg`.
import type { OpenOptions } from './db';
import type { StorePort } from './port';
import { onHandle, type SqliteHandle } from './sqlite-handle';
import * as sqliteStore from './sqlite-store';
import * as apiClients from './api-clients';
import * as collateralFigures from './collateral-figures';
import * as components from './components';
import * as dealHistory from './deal-history';
import * as deals from './deals';
import * as pipelinePage from './pipeline-page';
import * as pipelineQuery from './pipeline-query';
import * as settings from './settings';
import * as syncMirror from './sync-mirror';
import * as syncOutbox from './sync-outbox';
import * as syncShadow from './sync-shadow';
import * as syncState from './sync-state';
import * as systemConfig from './system-config';
import * as transactions from './transactions';
import * as users from './users';

export { type BulkRow, type BulkTableName } from './bulk-insert';
export { type CollateralFiguresEntry, type CollateralStressFigures } from './collateral-figures';
export { type ComponentRow, type LivingUnitRow, type RentRollItemRow, type RentRollRow } from './components';
export { dealColumnNullable, isDealColumn, loanIdKey, type DealColumn, type DealPatch, type DealSnapshot, type LoanIdHolder } from './deal-updates';
export { type CollateralRow, type DealMetricInputs, type DealRow } from './deals';
export { processedItemIndexes } from './imports';
export { type CompanyRow, type PersonRow } from './parties';
export { FIGURE_SORT_KEYS, type PipelineFigureKeys, type PipelineSelection, type SearchPosition } from './pipeline-page';
export { type PipelineDealRow } from './pipeline-query';
export {
  type ComputedCollateralFigures,
  type DealRead,
  type DealUpdateWrite,
  type HistoryActor,
  type HistoryChange,
  type ImportItemOutcome,
  type ImportedCollateralGraph,
  type NewDealGraph,
  type ReportSelection,
  type StorePort,
} from './port';
export {
  isStoredSortField,
  keepsDealRowsAdjacent,
  keepsDealsWhole,
  type ReportOrder,
  type ReportRowFields,
  type StreamedReportRow,
} from './report-query';
export { STORE_FILE, closeSqliteStore } from './sqlite-store';
// The server's 503 for a store that cannot be reached: reads error codes, loads no driver.
export { storeUnavailableMessage } from './unavailable';
export { type AnalysisCollateralLink, type AnalysisDealRow, type YearOneTotal } from './stress-inputs';
export { type MirrorCollateral, type MirrorDeal, type MirrorScope } from './sync-mirror';
export { CREATE_FIELD, LINKED_REMOTE_KEY, type LocalOnlyCounts, type OutboxEntry, type OutboxStatus } from './sync-outbox';
export { FEED_CURSOR_KEY, REMOTE_FEED_KEY } from './sync-state';
export { loadSystemConfig, resourcesDir, shippedSystemConfig, underwritingSettingsOf } from './system-config';
export { type AlternativeValuationRow, type CashFlowTransactionRow, type RevenueValuationRow } from './valuations';

// The SQLite engine and the connection as the layers above hold it: the opaque handle.
export type { SqliteHandle } from './sqlite-handle';
export type { OpenOptions } from './db';
/** The SQLite engine, its connection typed as the opaque handle. */
export type SqliteStore = Omit<sqliteStore.SqliteStore, 'db' | 'exclusive'> & {
  readonly db: SqliteHandle;
  exclusive<T>(work: (db: SqliteHandle) => T): Promise<T>;
};
export const createSqliteStore: (db: SqliteHandle) => SqliteStore = /* @__PURE__ */ onHandle(sqliteStore.createSqliteStore);
/** The one opener of a SQLite store file (a data directory's uw.sqlite, or a scratch file). */
export const openSqliteStore: (options: OpenOptions) => SqliteStore = sqliteStore.openSqliteStore;
export const workstationDb: (store: StorePort) => SqliteHandle = sqliteStore.workstationDb;

// The store functions the workstation-only features run on the connection, typed for the handle
// (the same functions; onHandle only retypes them).
export const listApiClients = /* @__PURE__ */ onHandle(apiClients.listApiClients);
export const removeApiClient = /* @__PURE__ */ onHandle(apiClients.removeApiClient);
export const collateralsWithoutFigures = /* @__PURE__ */ onHandle(collateralFigures.collateralsWithoutFigures);
export const dealsCollateralFigures = /* @__PURE__ */ onHandle(collateralFigures.dealsCollateralFigures);
export const componentsOfCollaterals = /* @__PURE__ */ onHandle(components.componentsOfCollaterals);
export const marketDataOf = /* @__PURE__ */ onHandle(components.marketDataOf);
export const currentDealValue = /* @__PURE__ */ onHandle(dealHistory.currentDealValue);
export const localUserName = /* @__PURE__ */ onHandle(dealHistory.localUserName);
export const recordHistory = /* @__PURE__ */ onHandle(dealHistory.recordHistory);
export const setLocalUserName = /* @__PURE__ */ onHandle(dealHistory.setLocalUserName);
/** The setting that holds the name local changes are signed with (blank or absent: the OS user name). */
export { USER_NAME_KEY } from './deal-history';
export const collateralAtPlace = /* @__PURE__ */ onHandle(deals.collateralAtPlace);
export const collateralRow = /* @__PURE__ */ onHandle(deals.collateralRow);
export const collateralsOfDeal = /* @__PURE__ */ onHandle(deals.collateralsOfDeal);
export const dealIdsOfCollateral = /* @__PURE__ */ onHandle(deals.dealIdsOfCollateral);
export const dealRow = /* @__PURE__ */ onHandle(deals.dealRow);
export const dealRows = /* @__PURE__ */ onHandle(deals.dealRows);
export const addPipelineSearchSlice = /* @__PURE__ */ onHandle(pipelinePage.addPipelineSearchSlice);
export const addressesOfDeals = /* @__PURE__ */ onHandle(pipelinePage.addressesOfDeals);
export const dealsChangedAfter = /* @__PURE__ */ onHandle(pipelinePage.dealsChangedAfter);
export const dealsWithoutFigures = /* @__PURE__ */ onHandle(pipelinePage.dealsWithoutFigures);
export const materializePipelineOrder = /* @__PURE__ */ onHandle(pipelinePage.materializePipelineOrder);
export const pendingFigureKeys = /* @__PURE__ */ onHandle(pipelinePage.pendingFigureKeys);
export const pipelineCount = /* @__PURE__ */ onHandle(pipelinePage.pipelineCount);
export const pipelineDealsAfter = /* @__PURE__ */ onHandle(pipelinePage.pipelineDealsAfter);
export const pipelineDealsOf = /* @__PURE__ */ onHandle(pipelinePage.pipelineDealsOf);
export const pipelineFacets = /* @__PURE__ */ onHandle(pipelinePage.pipelineFacets);
export const pipelineOrderIds = /* @__PURE__ */ onHandle(pipelinePage.pipelineOrderIds);
export const pipelineOrderRows = /* @__PURE__ */ onHandle(pipelinePage.pipelineOrderRows);
export const pipelineSearchHead = /* @__PURE__ */ onHandle(pipelinePage.pipelineSearchHead);
export const pipelineStoreVersion = /* @__PURE__ */ onHandle(pipelinePage.pipelineStoreVersion);
export const putPipelineFigures = /* @__PURE__ */ onHandle(pipelinePage.putPipelineFigures);
export const refreshPipelineSearch = /* @__PURE__ */ onHandle(pipelinePage.refreshPipelineSearch);
export const collateralAddressesByDeal = /* @__PURE__ */ onHandle(pipelineQuery.collateralAddressesByDeal);
export const collateralIdsByDeal = /* @__PURE__ */ onHandle(pipelineQuery.collateralIdsByDeal);
export const pipelineDeals = /* @__PURE__ */ onHandle(pipelineQuery.pipelineDeals);
export const getSetting = /* @__PURE__ */ onHandle(settings.getSetting);
export const setSetting = /* @__PURE__ */ onHandle(settings.setSetting);
export const applyMirrorDeal = /* @__PURE__ */ onHandle(syncMirror.applyMirrorDeal);
export const dealCreatedAt = /* @__PURE__ */ onHandle(syncMirror.dealCreatedAt);
export const inSyncTransaction = /* @__PURE__ */ onHandle(syncMirror.inSyncTransaction);
export const pausedChangeFeed = /* @__PURE__ */ onHandle(syncMirror.pausedChangeFeed);
export const removeLocalDeal = /* @__PURE__ */ onHandle(syncMirror.removeLocalDeal);
export const removeMirrorDeal = /* @__PURE__ */ onHandle(syncMirror.removeMirrorDeal);
export const setDealColumns = /* @__PURE__ */ onHandle(syncMirror.setDealColumns);
export const setDealCreatedAt = /* @__PURE__ */ onHandle(syncMirror.setDealCreatedAt);
export const spaceCheckpoints = /* @__PURE__ */ onHandle(syncMirror.spaceCheckpoints);
export const deleteOutboxEntry = /* @__PURE__ */ onHandle(syncOutbox.deleteOutboxEntry);
export const hasOutboxEntries = /* @__PURE__ */ onHandle(syncOutbox.hasOutboxEntries);
export const insertOutboxConflict = /* @__PURE__ */ onHandle(syncOutbox.insertOutboxConflict);
export const isSyncTracked = /* @__PURE__ */ onHandle(syncOutbox.isSyncTracked);
export const localOnlyCounts = /* @__PURE__ */ onHandle(syncOutbox.localOnlyCounts);
export const markInflightAmbiguous = /* @__PURE__ */ onHandle(syncOutbox.markInflightAmbiguous);
export const outboxCounts = /* @__PURE__ */ onHandle(syncOutbox.outboxCounts);
export const outboxEntries = /* @__PURE__ */ onHandle(syncOutbox.outboxEntries);
export const outboxEntryById = /* @__PURE__ */ onHandle(syncOutbox.outboxEntryById);
export const rekeyOutbox = /* @__PURE__ */ onHandle(syncOutbox.rekeyOutbox);
export const updateOutboxEntry = /* @__PURE__ */ onHandle(syncOutbox.updateOutboxEntry);
export const deleteShadowEntry = /* @__PURE__ */ onHandle(syncShadow.deleteShadowEntry);
export const getShadowEntry = /* @__PURE__ */ onHandle(syncShadow.getShadowEntry);
export const otherGraphMentions = /* @__PURE__ */ onHandle(syncShadow.otherGraphMentions);
export const putShadowEntries = /* @__PURE__ */ onHandle(syncShadow.putShadowEntries);
export const shadowEntriesOfType = /* @__PURE__ */ onHandle(syncShadow.shadowEntriesOfType);
export const shadowHashOf = /* @__PURE__ */ onHandle(syncShadow.shadowHashOf);
export const shadowHashesOf = /* @__PURE__ */ onHandle(syncShadow.shadowHashesOf);
export const shadowHashesOfType = /* @__PURE__ */ onHandle(syncShadow.shadowHashesOfType);
export const shadowIds = /* @__PURE__ */ onHandle(syncShadow.shadowIds);
export const shadowJsonOf = /* @__PURE__ */ onHandle(syncShadow.shadowJsonOf);
export const deleteSyncState = /* @__PURE__ */ onHandle(syncState.deleteSyncState);
export const getSyncState = /* @__PURE__ */ onHandle(syncState.getSyncState);
export const mapLocalId = /* @__PURE__ */ onHandle(syncState.mapLocalId);
export const mappedRemoteIds = /* @__PURE__ */ onHandle(syncState.mappedRemoteIds);
export const remoteIdOf = /* @__PURE__ */ onHandle(syncState.remoteIdOf);
export const setSyncState = /* @__PURE__ */ onHandle(syncState.setSyncState);
export const getUnderwritingSettings = /* @__PURE__ */ onHandle(systemConfig.getUnderwritingSettings);
export const setUnderwritingSettings = /* @__PURE__ */ onHandle(systemConfig.setUnderwritingSettings);
export const storeIsOpen = /* @__PURE__ */ onHandle(transactions.storeIsOpen);
export const listUsers = /* @__PURE__ */ onHandle(users.listUsers);
export const dealsNamed = /* @__PURE__ */ onHandle(pipelinePage.dealsNamed);
