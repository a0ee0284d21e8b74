import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import { API_PREFIX, SWAGGER_UI_PATH } from '../contract';

/** A route as the reference documents it: its method, URL and schema, never its handler. */
export type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

export const OPENAPI_PATH = `${API_PREFIX}/openapi.json`;

type Json = Record<string, unknown>;

/** A documented answer of a route: its description, its JSON body's schema and its headers. */
export const documentedAnswer = <S>(description: string, schema: S, headers?: Record<string, { type: 'string'; description: string }>) => ({
  description,
  content: { 'application/json': { schema } },
  ...(headers ? { headers } : {}),
});

/**
 * The component schemas the document's paths reach. The zod registry knows every schema with
 * an id, each in an input and an output form; a schema nothing refers to (the input form of
 * a response) would only be noise to a reader and to client generators.
 */
function reachableSchemas(document: Json): Json {
  const all = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const kept: Record<string, Json> = {};
  const pending = [JSON.stringify(document.paths)];
  while (pending.length > 0) {
    for (const [, name] of pending.pop()!.matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
      if (name === undefined || name in kept || !(name in all)) continue;
      kept[name] = all[name]!;
      pending.push(JSON.stringify(all[name]));
    }
  }
  return Object.fromEntries(Object.keys(all).filter((name) => name in kept).map((name) => [name, kept[name]!]));
}

/**
 * The API reference (OpenAPI document and swagger-ui).
 * @fastify/swagger documents the routes of the instance it is registered on; it and swagger-ui
 * (with @fastify/static and yaml) are a good part of what the server would otherwise load at
 * start. So they live on a Fastify instance of their own that holds the documented routes (the
 * same schemas as the server's) and is only ever asked for the reference: its handlers are never
 * called. The server forwards the reference's requests to it (lazyReference).
 */
async function buildReference(createInstance: () => FastifyInstance, routes: readonly DocumentedRoute[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }, { jsonSchemaTransform, jsonSchemaTransformObject }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
    import('fastify-type-provider-zod'),
  ]);
  const docs = createInstance();
  await docs.register(swagger, {
    openapi: {
      // 3.1: its schemas are JSON Schema 2020-12, so a nullable reference is an anyOf with null
      // (3.0 ignores a `nullable` beside a $ref) and standard validators read the answers as served.
      openapi: '3.1.0',
      info: { title: 'Deal Underwriting Service', version: '1.0.0', description: 'The Underwriting Workstation implementation of the Deal Underwriting Service API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
      tags: [
        {
          name: 'Extensions',
          description:
            'Endpoints beyond the Deal Underwriting Service spec: loan sizing and stress (read-only analysis over the same deals and figures), the change feed and bulk graph reads for sync. Each is marked x-extension: true.',
        },
      ],
    },
    transform: (route) => {
      const transformed = jsonSchemaTransform(route);
      // The zod transform keeps a response's description and content only: its headers
      // (WWW-Authenticate, Retry-After) are plain JSON schemas and are copied over as given.
      const given = (route.schema as { response?: Record<string, Json> } | undefined)?.response ?? {};
      const response = (transformed.schema as { response?: Record<string, Json> }).response ?? {};
      for (const [status, answer] of Object.entries(given)) if (answer.headers && response[status]) response[status].headers = answer.headers;
      return transformed;
    },
    transformObject: (input) => {
      const document = jsonSchemaTransformObject(input) as Json;
      return { ...document, components: { ...(document.components as Json), schemas: reachableSchemas(document) } } as never;
    },
  });
  await docs.register(swaggerUi, { routePrefix: SWAGGER_UI_PATH });
  const notServedHere = async () => {
    throw new Error('the API reference instance serves no API call');
  };
  docs.get(OPENAPI_PATH, { schema: { hide: true } }, async () => docs.swagger());
  for (const route of routes) docs.route({ ...route, handler: notServedHere });
  await docs.ready();
  return docs;
}

/** Response headers that belong to one connection, not to the answer a reference request forwards. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

export interface Reference {
  /** Answers a request for the reference (the instance is built on the first one). */
  forward(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  close(): Promise<void>;
}

export function lazyReference(createInstance: () => FastifyInstance, routes: () => readonly DocumentedRoute[]): Reference {
  let reference: Promise<FastifyInstance> | undefined;
  return {
    async forward(request, reply) {
      reference ??= buildReference(createInstance, routes()).catch((err: unknown) => {
        reference = undefined;
        throw err;
      });
      const docs = await reference;
      // A HEAD is answered here as Fastify answers one: the GET's headers (its length) without its body.
      const method = request.method === 'HEAD' ? 'GET' : (request.method as HTTPMethods);
      const res = await docs.inject({ method, url: request.url, headers: request.headers });
      reply.code(res.statusCode);
      for (const [name, value] of Object.entries(res.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) reply.header(name, value);
      }
      // An empty answer (a redirect) goes out as one: a Buffer would be given a content-type.
      return res.rawPayload.length > 0 ? reply.send(res.rawPayload) : reply.send();
    },
    async close() {
      const docs = await reference?.catch(() => undefined);
      await docs?.close();
    },
  };
}
