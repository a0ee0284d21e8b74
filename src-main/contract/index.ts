export * from './address';
export * from './analysis';
export * from './bridge';
export * from './bulk-update';
export * from './change-feed';
export type { ChannelSpec } from './channel';
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
  ANALYSIS_CHANNELS,
  APP_CHANNEL_INPUTS,
  APP_CHANNEL_NAMES,
  APP_CHANNELS,
  APP_INFO_CHANNELS,
  DEAL_READ_CHANNELS,
  DEAL_WRITE_CHANNELS,
  HISTORY_CHANNELS,
  IMPORT_CHANNELS,
  InvokeRequest,
  MAX_IMPORT_FILE_BYTES,
  MAX_IMPORT_REFERENCES,
  MEMO_CHANNELS,
  MENU_COMMANDS,
  PIPELINE_CHANNELS,
  PIPELINE_PAGE_LIMIT,
  REPORT_CHANNELS,
  ReportExportFilter,
  StressExportRequest,
  SYNC_CHANNELS,
  SyncOutboxRowInput,
  SyncRunInput,
  WORK_CHANNELS,
  type Body,
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
} from './channels';
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
} from './channels';
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
