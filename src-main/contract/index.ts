export * from './address';
export * from './analysis';
export * from './bridge';
export * from './bulk-update';
export * from './change-feed';
export * from './cash-flow';
export * from './collateral';
export * from './component';
export * from './create-deal';
export * from './deal';
export * from './endpoints';
export * from './enums';
export * from './error';
export * from './funds';
export * from './import';
export * from './import-columns';
export * from './market-data';
export * from './oauth';
export * from './party';
export * from './rent-roll';
export * from './report';
export * from './scalars';
export * as format from './format';
export {
  APP_CHANNEL_INPUTS,
  ColumnPrefs,
  ColumnTable,
  ExportFileFormat,
  MAX_SAVED_SCENARIOS,
  PipelineQuery,
  PipelineSortKey,
  ReportFormat,
  SYNC_INTERVAL_MINUTES,
  SavedScenario,
  SyncConfigureInput,
  SyncMode,
  SyncTestInput,
  type AppChannelName,
  type AppChannels,
  type AppEventName,
  type AppEvents,
  type AppInfo,
  type CallErrorDetails,
  type ChannelInput,
  type ChannelOutput,
  type CreditProfilesView,
  type DealEditPreview,
  type DealExportResult,
  type InvokeResult,
  type MenuCommand,
  type ParsedImportFile,
  type PipelineFacets,
  type PipelineIds,
  type PipelinePage,
  type PipelineResult,
  type PipelineRow,
  type ReportExportResult,
  type ScenariosView,
  type SettingsView,
  type StressExportResult,
  type ImportTemplateResult,
  type SyncConnection,
  type SyncLocalOnlyView,
  type SyncOutboxItem,
  type SyncOutboxStatus,
  type SyncOutboxView,
  type SyncProgressView,
  type SyncRunRecord,
  type SyncStatusView,
  type SyncSummaryView,
  type SyncTestResult,
  type SyncTrigger,
} from './app-channels';
export {
  COMPARE_LIMITS,
  DEAL_CHANNELS,
  type AddressPreview,
  type CompareExportResult,
  type CompareFigure,
  type CompareFigureKind,
  type DealAtAddress,
  type DealComparison,
  type DealSyncStateView,
} from './deal-channels';
export { label, maskSsn } from './format';
export {
  COLLATERAL_FIELD,
  CREATED_FIELD,
  DealHistoryFilter,
  EditSource,
  HISTORY_SOURCES,
  HISTORY_SOURCE_LABELS,
  HistorySource,
  NOTE_MAX_LENGTH,
  NoteText,
  PLATFORM_ACTOR,
  type DealHistoryEntry,
  type DealNote,
  type UndoRefusal,
} from './history';
export { SystemConfig, UnderwritingSettings } from './system-config';
