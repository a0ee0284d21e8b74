export { createChannelTable, ChannelError, type AppChannelTable, type ChannelHandlers } from './channels';
export { unavailableDispatcher, type AppDispatcher, type AppEnvironment, type Emit, type ExportTarget, type ExportTargetChooser } from './environment';
export { PipelineService, INLINE_LIMIT } from './pipeline';
export { parseImportFile, parseCsv, ImportFileError } from './import-file';
export { maskSsn } from './mask';
export { openWorkstation, type Workstation, type OpenWorkstationOptions } from './workstation';
