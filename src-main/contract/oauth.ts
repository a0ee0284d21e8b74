import { z } from 'zod';

export const TokenRequest = z
  .object({
    grant_type: z.literal('client_credentials'),
    audience: z.string().max(2000).describe('Identifier of the target API: {base_url}/api/'),
    client_id: z.string().max(200),
    client_secret: z.string().max(1000),
  })
  .meta({ id: 'TokenRequest' });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenResponse = z
  .object({
    token_type: z.literal('Bearer'),
    access_token: z.string(),
    expires_in: z.int().positive().describe('Lifetime of the token, seconds'),
  })
  .meta({ id: 'TokenResponse' });
export type TokenResponse = z.infer<typeof TokenResponse>;

/**
 * RFC 6749 section 5.2 error codes, and temporarily_unavailable (its section 4.1.2.1) for a
 * request refused by the rate limit of failed attempts (HTTP 429 with Retry-After).
 */
export const OAuthErrorCode = z.enum([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'temporarily_unavailable',
]);
export type OAuthErrorCode = z.infer<typeof OAuthErrorCode>;

export const OAuthErrorResponse = z
  .object({ error: OAuthErrorCode, error_description: z.string().optional() })
  .meta({ id: 'OAuthErrorResponse' });
export type OAuthErrorResponse = z.infer<typeof OAuthErrorResponse>;

/** Token endpoint path on {auth_url}. */
export const OAUTH_TOKEN_PATH = '/oauth/token';
