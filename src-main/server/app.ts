import formbody from '@fastify/formbody';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifySchema,
  type FastifyServerOptions,
  type HTTPMethods,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PREFIX,
  ENDPOINTS,
  ENDPOINT_NAMES,
  FailureResponse,
  OAUTH_TOKEN_PATH,
  SWAGGER_UI_PATH,
  issuesToErrorDto,
  replySchema,
  type EndpointDef,
  type EndpointName,
  type ErrorDto,
} from '../contract';
import { actingAs, GATEWAY_ROUTES, type GatewayContext } from '../gateway';
import { documentedAnswer, lazyReference, OPENAPI_PATH, type DocumentedRoute } from './reference';
import { registerTokenEndpoint, TOKEN_ROUTE_SCHEMA, unreadableTokenRequest, type TokenRateLimit } from './token-endpoint';
import { CLIENT_CHECK_IN_READ, checkedRead, clientCheckingStore, REFUSED, type RouteConfig } from './client-checked-read';
import type { TokenClaims, TokenService } from './tokens';
import type { WebModeOptions } from './web-mode';
import { storeUnavailableMessage } from '../store';
import { firstLine } from './log-safe';

export interface ServerOptions {
  gateway: GatewayContext;
  tokens: TokenService;
  /** Failed token requests allowed per client id and per address (DEFAULT_TOKEN_RATE_LIMIT). */
  tokenRateLimit?: Partial<TokenRateLimit>;
  /** Fastify logger; secrets are redacted from what it writes. */
  logger?: boolean;
  /** Web mode: the workstation UI served at `/`, its bridge guarded by a per-launch session. */
  web?: WebModeOptions;
}

function envelopeError(target: string, code: ErrorDto['code'], message: string): { success: false; error: ErrorDto } {
  return { success: false, error: { target, code, message, details: [] } };
}

const PUBLIC_API_PATHS = [SWAGGER_UI_PATH, OPENAPI_PATH];

/*
 * Schemas document the routes (OpenAPI); the gateway validates bodies itself so that every
 * failure, a type error included, comes back in the spec's envelope with the spec's codes. So
 * Fastify compiles no validator and no serializer. They are given as the compilers' factories
 * too: without factories Fastify loads its default compilers (ajv, fast-json-stringify, over a
 * hundred modules) when an instance is created, only for setValidatorCompiler to replace them.
 */
const passThroughValidator = () => (data: unknown) => ({ value: data });
const jsonSerializer = () => (data: unknown) => JSON.stringify(data);
type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
// Fastify types the factories after its default compilers (ajv's validate functions).
const COMPILERS = { buildValidator: () => passThroughValidator, buildSerializer: () => jsonSerializer } as unknown as CompilersFactory;

/** Underwriting payloads (a 10,000-deal bulk update) are large. */
const API_BODY_LIMIT = 64 * 1024 * 1024;

function createFastify(logger: boolean | undefined): FastifyInstance {
  const app = Fastify({
    logger: logger ? { level: 'info', redact: ['req.headers.authorization', 'req.body.client_secret'] } : false,
    bodyLimit: API_BODY_LIMIT,
    // Path parameters are checked against their schemas (ids: 100 characters) and answered in the
    // envelope; Fastify's own check (414 in its format) only stops what Node's header limit lets through.
    routerOptions: { maxParamLength: 16 * 1024 },
    frameworkErrors,
    // A request that arrives while the server closes is answered 503 by closingAnswer, in the envelope.
    return503OnClosing: false,
    schemaController: { compilersFactory: COMPILERS },
  });
  app.setValidatorCompiler(passThroughValidator);
  app.setSerializerCompiler(jsonSerializer);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);
  return app;
}

const isApiUrl = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);
const pathOf = (request: FastifyRequest) => request.url.split('?')[0]!;

/**
 * Every answer under the API prefix carries the envelope: a body Fastify cannot read is a
 * ValidationError on the body (HTTP 200, as for any invalid input), one over the limit 413.
 */
function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isApiUrl(request.url)) {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(envelopeError('body', 'ValidationError', `The request body is larger than ${API_BODY_LIMIT / 2 ** 20} MiB.`));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.headers['content-type'];
      return reply.send(envelopeError('content-type', 'ValidationError', `The request body must be JSON (content-type: application/json), not ${type ? `"${type}"` : 'untyped'}.`));
    }
    if (error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError) {
      return reply.code(200).send(envelopeError('body', 'ValidationError', `The request body is not valid JSON: ${error.message}`));
    }
    if (error.statusCode !== undefined && error.statusCode < 500) {
      return reply.code(error.statusCode).send(envelopeError('request', 'ValidationError', error.message));
    }
    const unavailable = storeUnavailableMessage(error);
    if (unavailable !== undefined) {
      request.log.error({ code: (error as { code?: string }).code }, 'the store is unavailable');
      return reply.code(503).header('retry-after', '5').send(envelopeError('database', 'ValidationError', unavailable));
    }
    // The first line only, without the stack: a failed statement's error (drizzle's) carries the
    // statement's values on its following lines, and those may be secrets or personal data.
    request.log.error({ err: { type: error.name, code: error.code, message: firstLine(error.message) } }, 'request failed');
    return reply.code(500).send(envelopeError('server', 'ValidationError', 'The server could not complete the request.'));
  }
  if (request.url.startsWith(OAUTH_TOKEN_PATH)) return unreadableTokenRequest(error, reply);
  return reply.send(error);
}

/** Errors Fastify meets before routing: a path that is not validly percent-encoded, an overlong parameter. */
function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The path is not validly percent-encoded.' : 'A path parameter is too long.';
  if (isApiUrl(request.url)) return reply.code(200).send(envelopeError('path', 'ValidationError', message));
  return reply.code(400).send({ error: 'Bad Request', message, statusCode: 400 });
}

/** Each endpoint's path as a pattern, with the methods it takes (for 405 and its Allow header). */
const ROUTE_PATTERNS = ENDPOINT_NAMES.flatMap((name) => {
  const def = ENDPOINTS[name];
  return [def.path, ...('aliases' in def ? def.aliases : [])].map((path) => ({
    pattern: new RegExp(`^${API_PREFIX}${path.replace(/:\w+/g, '[^/]+')}$`),
    method: def.method,
  }));
});

function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  const path = pathOf(request);
  const allowed = ROUTE_PATTERNS.filter((route) => route.pattern.test(path)).map((route) => route.method);
  if (allowed.length > 0 && isApiUrl(path)) {
    const methods = [...new Set(allowed.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])))].join(', ');
    return reply
      .code(405)
      .header('allow', methods)
      .send(envelopeError('method', 'ValidationError', `${path} takes ${methods}, not ${request.method}.`));
  }
  return reply.code(404).send(envelopeError('path', 'MissingEntity', `No endpoint ${request.method} ${path}.`));
}

/** What arrives once the server has started closing (in-flight requests still finish). */
function closingAnswer(request: FastifyRequest, reply: FastifyReply) {
  reply.code(503).header('connection', 'close');
  return isApiUrl(request.url)
    ? reply.send(envelopeError('server', 'ValidationError', 'The server is shutting down; retry with another instance or later.'))
    : reply.send({ error: 'Service Unavailable', message: 'The server is shutting down.', statusCode: 503 });
}

/** Every resource answers 401 in the envelope when its token is missing, invalid or expired. */
const UNAUTHORIZED = documentedAnswer('The access token is missing, invalid or expired', FailureResponse, {
  'WWW-Authenticate': { type: 'string', description: 'Bearer error="invalid_token"' },
});

const TOO_LARGE = documentedAnswer(`The request body is larger than ${API_BODY_LIMIT / 2 ** 20} MiB`, FailureResponse);

interface ApiRoute {
  name: EndpointName;
  method: HTTPMethods;
  url: string;
  schema?: FastifySchema;
}

/** What the reference documents: the token endpoint and the API's routes. */
function documentedRoutes(): DocumentedRoute[] {
  return [{ method: 'POST', url: OAUTH_TOKEN_PATH, schema: TOKEN_ROUTE_SCHEMA }, ...apiRoutes(true)];
}

/**
 * One route per endpoint, and per alias of it (aliases are left out of the OpenAPI). Schemas
 * only for the reference (`documented`): the server validates in the gateway and serialises
 * with JSON.stringify whether a route has a schema or not, so the routes it serves carry none,
 * and their reply schemas (a zod union per endpoint) are built on the reference's first request.
 */
function apiRoutes(documented: boolean): ApiRoute[] {
  const routes: ApiRoute[] = [];
  for (const name of ENDPOINT_NAMES) {
    const def = ENDPOINTS[name];
    if (!documented) {
      for (const path of [def.path, ...('aliases' in def ? def.aliases : [])]) routes.push({ name, method: def.method, url: API_PREFIX + path });
      continue;
    }
    const schema = {
      summary: def.summary,
      operationId: name,
      // Endpoints beyond the spec carry the Extensions tag and an x-extension mark.
      ...('extension' in def && def.extension ? { tags: ['Extensions'], 'x-extension': true, description: def.description } : {}),
      ...('params' in def ? { params: def.params } : {}),
      ...('query' in def ? { querystring: def.query } : {}),
      ...('body' in def ? { body: def.body } : {}),
      response: {
        200: documentedAnswer('The envelope: success with the fields below, or success false with the error alone (an unknown id, an invalid request)', replySchema(name)),
        401: UNAUTHORIZED,
        ...('body' in def ? { 413: TOO_LARGE } : {}),
      },
    };
    for (const path of [def.path, ...('aliases' in def ? def.aliases : [])]) {
      routes.push({ name, method: def.method, url: API_PREFIX + path, schema: path === def.path ? schema : { ...schema, hide: true } });
    }
  }
  return routes;
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const app = createFastify(options.logger).withTypeProvider<ZodTypeProvider>();
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (request, reply) => (closing ? closingAnswer(request, reply) : undefined));

  await app.register(formbody);
  // The API reference: swagger-ui at its prefix (the spec names .../index.html), the document
  // at openapi.json; both are built on their first request, from the routes below and their
  // schemas (a route added to the server must be added to documentedRoutes to be documented).
  const reference = lazyReference(() => createFastify(false), documentedRoutes);
  app.addHook('onClose', () => reference.close());
  for (const url of [OPENAPI_PATH, SWAGGER_UI_PATH, `${SWAGGER_UI_PATH}/*`]) {
    app.get(url, { schema: { hide: true } }, (request, reply) => reference.forward(request, reply));
  }
  // The spec names this address; swagger-ui serves its page at the prefix itself.
  app.get(`${SWAGGER_UI_PATH}/index.html`, { schema: { hide: true } }, async (_request, reply) => reply.redirect(SWAGGER_UI_PATH));

  await registerTokenEndpoint(app, {
    tokens: options.tokens,
    secretHash: (clientId) => options.gateway.store.apiClientSecretHash(clientId),
    rateLimit: options.tokenRateLimit,
  });

  // The API client of each authorised request: the deal history records its changes under it.
  const clientOf = new WeakMap<object, string>();
  // getDealInfo on PostgreSQL: the hook checks the token's signature and claims only, and the
  // client check (is the client the token names still there, and older than the token?) is made
  // in the deal read's own statement (StorePort.dealReadCheckingClient): one round trip per
  // read instead of two, and nothing is answered before the check (client-checked-read.ts).
  const store = options.gateway.store;
  const pgStore = clientCheckingStore(store);
  const deferredCheck = new WeakMap<object, TokenClaims>();
  const unauthorized = (reply: FastifyReply, hadToken: boolean) =>
    reply
      .code(401)
      .header('www-authenticate', 'Bearer error="invalid_token"')
      .send(envelopeError('Authorization', 'ValidationError', hadToken ? 'The access token is invalid or expired.' : 'An access token is required: Authorization: Bearer <token>.'));
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return;
    if (PUBLIC_API_PATHS.some((p) => request.url.startsWith(p))) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match && pgStore && (request.routeOptions.config as RouteConfig | undefined)?.clientCheckInRead) {
      const claims = await options.tokens.verifyClaims(match[1]!);
      if (!claims) return unauthorized(reply, true);
      deferredCheck.set(request, claims);
      clientOf.set(request, claims.clientId);
      return;
    }
    const clientId = match ? await options.tokens.verify(match[1]!) : null;
    if (!clientId) return unauthorized(reply, match !== null);
    clientOf.set(request, clientId);
  });

  for (const route of apiRoutes(false)) {
    const handler = GATEWAY_ROUTES[route.name];
    const def: EndpointDef = ENDPOINTS[route.name];
    app.route({
      ...route,
      config: { clientCheckInRead: CLIENT_CHECK_IN_READ.has(route.name) } satisfies RouteConfig,
      handler: async (request, reply) => {
        const clientId = clientOf.get(request);
        const ctx = clientId === undefined ? options.gateway : actingAs(options.gateway, { who: clientId, source: 'api' });
        const answer = async (context: GatewayContext): Promise<unknown> => {
          // Path parameters are checked here (their length above all), the body by the gateway.
          const params = def.params?.safeParse(request.params);
          if (params && !params.success) return { success: false, error: issuesToErrorDto(params.error, request.params) };
          // Query parameters (only the extensions have any) reach the gateway with the path's, which win.
          const query = def.query ? ((request.query ?? {}) as Record<string, string>) : {};
          const all = { ...query, ...((request.params ?? {}) as Record<string, string>) };
          return handler(context, { params: all, body: request.body });
        };
        const claims = deferredCheck.get(request);
        if (!claims || !pgStore) return (await answer(ctx)) as never;
        const checked = await checkedRead(pgStore, claims, (readStore) => answer({ ...ctx, store: readStore }));
        return checked === REFUSED ? unauthorized(reply, true) : (checked as never);
      },
    });
  }
  // Web mode's modules (@fastify/static among them) are loaded only when it is on.
  if (options.web) await (await import('./web-mode')).registerWebMode(app, options.web);
  return app;
}
