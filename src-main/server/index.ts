// The public entry of src-main/server (docs/architecture.md): other layers import it only from here.
export { parseClientCredentials, parseClientLines, type ClientCredentials } from './client-secret';
export { startService } from './service';
export { DEFAULT_TOKEN_RATE_LIMIT } from './token-endpoint';
