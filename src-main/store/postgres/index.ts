// The store's second public entry (docs/architecture.md): the PostgreSQL engine, for the command
// line's `uw serve --database`. Kept apart from store/index.ts so that the Electron bundle, which
// imports the store entry, never loads `pg`. It also holds storeUnavailableMessage (the server's
// 503 for an unreachable database), which reads the driver's errors.
export { PostgresUrlError, openPostgresStore } from './open';
export { createPostgresStore, isPostgresStore, type PostgresStore } from './store';
export { storeUnavailableMessage } from '../unavailable';
