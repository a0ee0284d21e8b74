import formbody from '@fastify/formbody';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { jsonSchemaTransform, type ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PREFIX,
  ENDPOINTS,
  ENDPOINT_NAMES,
  OAUTH_TOKEN_PATH,
  OAuthErrorResponse,
  SWAGGER_UI_PATH,
  TokenRequest,
  TokenResponse,
  replySchema,
  type ErrorDto,
} from '../contract';
import { GATEWAY, type GatewayContext } from '../gateway';
import { apiClientSecretHash } from '../store/api-clients';
import { verifyClientSecret } from './client-secret';
import type { TokenService } from './tokens';
import { registerWebMode } from './web-mode';

export interface ServerOptions {
  gateway: GatewayContext;
  tokens: TokenService;
  /** Fastify logger; secrets are redacted from what it writes. */
  logger?: boolean;
  /** Web mode: the workstation UI served at `/`, its bridge guarded by a per-launch session. */
  web?: { session: string; rendererDir: string };
}

function envelopeError(target: string, code: ErrorDto['code'], message: string): { success: false; error: ErrorDto } {
  return { success: false, error: { target, code, message, details: [] } };
}

function oauthError(reply: FastifyReply, status: number, error: OAuthErrorResponse['error'], description: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description });
}

const PUBLIC_API_PATHS = [SWAGGER_UI_PATH, `${API_PREFIX}/openapi.json`];

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger
      ? { level: 'info', redact: ['req.headers.authorization', 'req.body.client_secret'] }
      : false,
    // Underwriting payloads (a 10,000-deal bulk update) are large.
    bodyLimit: 64 * 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  // Schemas document the routes (OpenAPI); the gateway validates bodies itself so that every
  // failure, a type error included, comes back in the spec's envelope with the spec's codes.
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  await app.register(formbody);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Deal Underwriting Service', version: '1.0.0', description: 'The Underwriting Workstation implementation of the Deal Underwriting Service API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: SWAGGER_UI_PATH });
  app.get(`${API_PREFIX}/openapi.json`, { schema: { hide: true } }, async () => app.swagger());
  // The spec names this address; swagger-ui serves its page at the prefix itself.
  app.get(`${SWAGGER_UI_PATH}/index.html`, { schema: { hide: true } }, async (_request, reply) => reply.redirect(SWAGGER_UI_PATH));

  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (request.url.startsWith(API_PREFIX)) {
      const malformed = error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError;
      if (malformed) return reply.code(200).send(envelopeError('body', 'ValidationError', `The request body is not valid JSON: ${error.message}`));
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send(envelopeError('server', 'ValidationError', 'The server could not complete the request.'));
    }
    if (request.url.startsWith(OAUTH_TOKEN_PATH)) return oauthError(reply, 400, 'invalid_request', 'The request body could not be read.');
    return reply.send(error);
  });

  app.setNotFoundHandler((request, reply) => {
    const body = envelopeError('path', 'MissingEntity', `No endpoint ${request.method} ${request.url.split('?')[0]}.`);
    return reply.code(404).send(body);
  });

  app.post(
    OAUTH_TOKEN_PATH,
    { schema: { summary: 'Issue an access token (OAuth 2.0 client credentials)', body: TokenRequest, response: { 200: TokenResponse, 400: OAuthErrorResponse, 401: OAuthErrorResponse }, security: [] } },
    async (request, reply) => {
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
      const hash = apiClientSecretHash(options.gateway.db, client_id);
      if (!hash || !verifyClientSecret(client_secret, hash)) {
        return oauthError(reply, 401, 'invalid_client', 'Unknown client or wrong secret.');
      }
      if (audience !== options.tokens.audience) {
        return oauthError(reply, 400, 'invalid_request', `audience must be ${options.tokens.audience}`);
      }
      const token = await options.tokens.issue(client_id);
      return reply
        .header('cache-control', 'no-store')
        .send({ token_type: 'Bearer', access_token: token.accessToken, expires_in: token.expiresIn });
    },
  );

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    if (PUBLIC_API_PATHS.some((p) => request.url.startsWith(p))) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const clientId = match ? await options.tokens.verify(match[1]!) : null;
    if (!clientId) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send(envelopeError('Authorization', 'ValidationError', match ? 'The access token is invalid or expired.' : 'An access token is required: Authorization: Bearer <token>.'));
    }
  });

  for (const name of ENDPOINT_NAMES) {
    const handler = GATEWAY[name];
    if (!handler) continue;
    const def = ENDPOINTS[name];
    const schema = {
      summary: def.summary,
      operationId: name,
      ...('params' in def ? { params: def.params } : {}),
      ...('body' in def ? { body: def.body } : {}),
      response: { 200: replySchema(name) },
    };
    for (const path of [def.path, ...('aliases' in def ? def.aliases : [])]) {
      app.route({
        method: def.method,
        url: API_PREFIX + path,
        schema: path === def.path ? schema : { ...schema, hide: true },
        handler: async (request) =>
          (await handler(options.gateway, { params: (request.params ?? {}) as Record<string, string>, body: request.body })) as never,
      });
    }
  }
  if (options.web) await registerWebMode(app, options.web);
  return app;
}
