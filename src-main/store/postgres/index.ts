// The store's second public entry (docs/architecture.md): the PostgreSQL engine, for the command
// line's `uw serve --database`. Kept apart from store/index.ts so that the Electron bundle, which
// imports the store entry, never loads `pg`. storeUnavailableMessage (the server's 503 for an
// unreachable database) reads error codes only: the store entry exports it too, without `pg`.
export { PostgresUrlError, openPostgresStore } from './open';
export { createPostgresStore, type PostgresStore } from './store';
export { storeUnavailableMessage } from '../unavailable';
