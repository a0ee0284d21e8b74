import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { OAUTH_TOKEN_PATH, OAuthErrorResponse, TokenRequest, TokenResponse } from '../contract';
import { verifyClientSecret } from './client-secret';
import { documentedAnswer } from './reference';
import type { TokenService } from './tokens';

/**
 * Failed token requests allowed per client id and per address within a window; the next is
 * refused with 429 and Retry-After until the window ends. Only failures count: a client that
 * asks for many tokens with its right secret is never held back.
 */
export interface TokenRateLimit {
  failuresPerClient: number;
  failuresPerAddress: number;
  windowSeconds: number;
}

/**
 * A client with a wrong secret (a rotated secret not yet deployed) gets ten tries in five
 * minutes; a guesser gets 2,880 a day per client id, against secrets that must be long and
 * random. An address gets 30 (it may hold several clients, e.g. behind a NAT).
 */
export const DEFAULT_TOKEN_RATE_LIMIT: TokenRateLimit = { failuresPerClient: 10, failuresPerAddress: 30, windowSeconds: 300 };

/** A token request is a few hundred bytes; the API's own limit (64 MB) is for bulk payloads. */
export const TOKEN_BODY_LIMIT = 8 * 1024;

export interface TokenEndpointOptions {
  tokens: TokenService;
  /** The stored secret hash of a client; undefined when there is no such client. */
  secretHash(clientId: string): Promise<string | undefined>;
  rateLimit?: Partial<TokenRateLimit>;
}

export function oauthError(reply: FastifyReply, status: number, error: OAuthErrorResponse['error'], description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

export const TOKEN_ROUTE_SCHEMA = {
  summary: 'Issue an access token (OAuth 2.0 client credentials)',
  body: TokenRequest,
  response: {
    200: documentedAnswer('The access token', TokenResponse),
    400: documentedAnswer('A missing or invalid parameter, another grant type or audience', OAuthErrorResponse),
    401: documentedAnswer('Unknown client or wrong secret', OAuthErrorResponse),
    413: documentedAnswer(`A body over ${TOKEN_BODY_LIMIT} bytes`, OAuthErrorResponse),
    429: documentedAnswer('Too many failed requests for this client id or from this address', OAuthErrorResponse, {
      'Retry-After': { type: 'string', description: 'Seconds until requests are taken again' },
    }),
  },
  security: [],
} satisfies FastifySchema;

/** A body the token endpoint could not read (too large, malformed, of another type), as an OAuth error. */
export function unreadableTokenRequest(error: { statusCode?: number }, reply: FastifyReply) {
  if (error.statusCode === 413) return oauthError(reply, 413, 'invalid_request', `The request body is larger than ${TOKEN_BODY_LIMIT} bytes.`);
  return oauthError(reply, 400, 'invalid_request', 'The request body could not be read.');
}

const clientIdOf = (request: FastifyRequest) => String((request.body as { client_id?: unknown } | undefined)?.client_id ?? '');

/** POST {auth_url}/oauth/token: client credentials for a bearer token. */
export async function registerTokenEndpoint(app: FastifyInstance, options: TokenEndpointOptions): Promise<void> {
  const limits = { ...DEFAULT_TOKEN_RATE_LIMIT, ...options.rateLimit };
  await app.register(rateLimit, { global: false });
  const timeWindow = limits.windowSeconds * 1000;
  const limiters = [
    app.createRateLimit({ max: limits.failuresPerClient, timeWindow, keyGenerator: (request) => `client ${clientIdOf(request)}` }),
    app.createRateLimit({ max: limits.failuresPerAddress, timeWindow, keyGenerator: (request) => `address ${request.ip}` }),
  ];

  app.post(OAUTH_TOKEN_PATH, { schema: TOKEN_ROUTE_SCHEMA, bodyLimit: TOKEN_BODY_LIMIT }, async (request, reply) => {
    const parsed = TokenRequest.safeParse(request.body);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!parsed.success) {
      if (body.grant_type !== undefined && body.grant_type !== 'client_credentials') {
        return oauthError(reply, 400, 'unsupported_grant_type', 'Only grant_type client_credentials is supported.');
      }
      const field = parsed.error.issues[0]?.path.join('.') || 'body';
      return oauthError(reply, 400, 'invalid_request', `Missing or invalid parameter: ${field}.`);
    }
    const { client_id, client_secret, audience } = parsed.data;
    // A spent limit refuses the request before its secret is checked, a right one included:
    // otherwise the answer would still tell a guesser when a guess was right.
    const states = await Promise.all(limiters.map((limiter) => limiter(request, { increment: false })));
    const spent = states.filter((state) => !state.isAllowed && state.remaining === 0);
    if (spent.length > 0) {
      const seconds = Math.max(1, ...spent.map((state) => (state.isAllowed ? 0 : state.ttlInSeconds)));
      request.log.warn({ clientId: client_id, address: request.ip }, 'token requests refused: too many failed attempts');
      reply.header('retry-after', String(seconds));
      return oauthError(reply, 429, 'temporarily_unavailable', `Too many failed attempts for this client or from this address; retry in ${seconds} s.`);
    }
    if (!(await verifyClientSecret(client_secret, await options.secretHash(client_id)))) {
      await Promise.all(limiters.map((limiter) => limiter(request)));
      return oauthError(reply, 401, 'invalid_client', 'Unknown client or wrong secret.');
    }
    if (audience !== options.tokens.audience) {
      return oauthError(reply, 400, 'invalid_request', `audience must be ${options.tokens.audience}`);
    }
    const token = await options.tokens.issue(client_id);
    return reply
      .header('cache-control', 'no-store')
      .send({ token_type: 'Bearer', access_token: token.accessToken, expires_in: token.expiresIn });
  });
}
