import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { PROBLEM_TYPES } from '@ovation/shared/errors';
import {
  PROBLEM_RESPONSES,
  operationIdFor,
  problemStatuses,
  securityFor,
  type ProblemStatus,
} from './openapi-operations.ts';

type Operation = Record<string, unknown> & { responses?: Record<string, unknown>; parameters?: unknown[] };

const PROBLEM_DETAILS_SCHEMA = {
  type: 'object',
  description:
    'RFC 9457 problem details. A validation failure carries `errors` keyed by field; a refusal carries a human `message`.',
  required: ['type', 'title', 'status', 'traceId'],
  properties: {
    type: { type: 'string', format: 'uri', examples: [PROBLEM_TYPES.validation] },
    title: { type: 'string' },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    detail: { type: 'string' },
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    traceId: { type: 'string', description: 'The request id, also sent as the X-Request-Id header.' },
  },
};

const problemResponses = Object.fromEntries(
  Object.values(PROBLEM_RESPONSES).map(({ name, description }) => [
    name,
    {
      description,
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/ProblemDetails' } } },
    },
  ]),
);

/**
 * What every operation gets centrally (docs/decisions/0035): an operationId by the naming rule
 * (unless the schema names one), security from the route's access rule, and its problem answers
 * (expanded to shared responses in `completeDocument`). A trailing-slash alias of a listed path
 * (the spec's GET /api/mood/data/) is left out: it is the same operation.
 */
function transformOperation(app: FastifyInstance) {
  return (document: Parameters<typeof jsonSchemaTransform>[0]) => {
    const result = jsonSchemaTransform(document);
    const { route, url } = document;
    if (!route || result.schema?.hide) return result;
    const method = Array.isArray(route.method) ? String(route.method[0]) : String(route.method);
    const alias = url.length > 1 && url.endsWith('/');
    if (alias && app.routeCatalog.some((r) => r.method === method && r.url === url.slice(0, -1))) {
      return { schema: { hide: true }, url };
    }
    const shape = { method, url: route.url, config: route.config, schema: route.schema as FastifySchema | undefined };
    const { problems: _problems, ...schema } = (result.schema ?? {}) as FastifySchema & Record<string, unknown>;
    return {
      url: result.url,
      schema: {
        ...schema,
        operationId: (schema.operationId as string | undefined) ?? operationIdFor(method, route.url),
        security: securityFor(shape),
        'x-problems': problemStatuses(shape),
        ...(route.config?.idempotency ? { 'x-idempotency-key': true } : {}),
      },
    };
  };
}

/** Expands the markers into shared components and names the server. */
function completeDocument(publicUrl: string) {
  return ({ openapiObject }: { openapiObject: Record<string, unknown> }) => {
    const paths = (openapiObject.paths ?? {}) as Record<string, Record<string, Operation>>;
    for (const operations of Object.values(paths)) {
      for (const operation of Object.values(operations)) {
        const problems = (operation['x-problems'] ?? []) as ProblemStatus[];
        delete operation['x-problems'];
        const responses = (operation.responses ??= {});
        for (const status of problems) {
          responses[status] ??= { $ref: `#/components/responses/${PROBLEM_RESPONSES[status].name}` };
        }
        if (operation['x-idempotency-key']) {
          delete operation['x-idempotency-key'];
          operation.parameters = [...(operation.parameters ?? []), { $ref: '#/components/parameters/IdempotencyKey' }];
        }
      }
    }
    const components = (openapiObject.components ?? {}) as Record<string, Record<string, unknown>>;
    return {
      ...openapiObject,
      servers: [{ url: publicUrl, description: 'This installation (PUBLIC_URL)' }],
      components: {
        ...components,
        schemas: { ...components.schemas, ProblemDetails: PROBLEM_DETAILS_SCHEMA },
        responses: { ...components.responses, ...problemResponses },
        parameters: {
          ...components.parameters,
          IdempotencyKey: {
            name: 'Idempotency-Key',
            in: 'header',
            required: true,
            description: 'A key of your choosing, 8–100 characters: a retry with the same key runs the operation once.',
            schema: { type: 'string', minLength: 8, maxLength: 100 },
          },
        },
      },
    };
  };
}

/** OpenAPI document at /api/openapi.json and a browsable UI at /api/docs. */
export const openapiPlugin = fp(async (app: FastifyInstance, opts: { publicUrl: string }) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ovation API',
        version: '0.1.0',
        description:
          'Employee recognition and rewards portal. Integrations sign in with POST /api/auth/login and send ' +
          '`Authorization: Bearer <authToken>`; a request that carries no cookies needs no XSRF header ' +
          '(docs/decisions/0002). Failures are RFC 9457 problem details.',
        license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The opaque authToken from POST /api/auth/login (valid SESSION_TTL_HOURS).',
          },
          integrationToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'An integration token (ovn_…) made on the Integrations screen: scope scim for /scim/v2; api:read for the API’s GET calls and api:write for the rest, each as the administrator who made it.',
          },
          liveTicket: {
            type: 'apiKey',
            in: 'query',
            name: 'ticket',
            description: 'A 60-second ticket from POST /api/live/ticket (EventSource cannot send headers).',
          },
        },
      },
    },
    transform: transformOperation(app),
    transformObject: completeDocument(opts.publicUrl) as never,
  });
  // The documentation UI is public, like the document itself; its routes are marked so here.
  await app.register(async (docs) => {
    docs.addHook('onRoute', (route) => {
      route.config = { ...route.config, auth: 'public' };
    });
    await docs.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiConfig: { docExpansion: 'list' } });
  });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => app.swagger());
});
