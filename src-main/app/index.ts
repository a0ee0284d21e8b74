export { createChannelTable, ChannelError, type AppChannelTable, type ChannelHandlers } from './channels';
export { unavailableDispatcher, type AppDispatcher, type AppEnvironment, type Emit, type ExportTarget, type ExportTargetChooser, type SyncEnvironment } from './environment';
export { PipelineService, INLINE_LIMIT } from './pipeline';
export { parseImportFile, parseCsv, ImportFileError } from './import-file';
export { openWorkstation, type Workstation, type OpenWorkstationOptions } from './workstation';
export { createSyncService, SyncServiceError, syncPercent, type SyncService, type SyncServiceOptions } from './sync-service';
// The sync lock is the sync layer's (uw sync takes it without loading the app); re-exported here for the shell.
export { acquireSyncLock, syncLockHolder, SyncLockedError, SYNC_LOCK_FILE } from '../sync';
export {
  createFileSecretStore,
  createMemorySecretStore,
  withEnvironmentSecret,
  writePrivateFile,
  readPrivateFile,
  SecretStoreError,
  SECRET_FILE,
  ENCRYPTED_SECRET_FILE,
  type SecretStore,
  type SecretStoreInfo,
} from './sync-secret';
