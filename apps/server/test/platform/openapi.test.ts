import { beforeAll, describe, expect, it } from 'vitest';
import { setupApp } from '../support/build-app.ts';
import { memberWithToken } from '../support/factories.ts';

/**
 * /api/openapi.json is a contract integrations can use (docs/decisions/0035): every operation
 * has an operationId, a summary, declared security and its problem answers as the one shared
 * RFC 9457 component. A new route without a summary fails here.
 */
const ctx = setupApp();
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { $ref?: string }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  components: {
    schemas: Record<string, { required?: string[] }>;
    responses: Record<string, { content: Record<string, { schema: { $ref: string } }> }>;
  };
}

let doc: Document;
const operations: Array<{ name: string; path: string; method: string; op: Operation }> = [];
beforeAll(async () => {
  doc = (await ctx.request({ method: 'GET', url: '/api/openapi.json' })).json();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) operations.push({ name: `${method.toUpperCase()} ${path}`, path, method, op });
    }
  }
});

/** The document's path for a route pattern (`:id` → `{id}`). */
const docPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('names a server and lists the operations', () => {
    expect(doc.servers?.[0]?.url).toMatch(/^https?:\/\//);
    expect(operations.length).toBeGreaterThan(50);
  });

  it('gives every operation a unique operationId, a summary and declared security', () => {
    const missing = operations.flatMap(({ name, op }) => [
      ...(op.operationId ? [] : [`${name}: operationId`]),
      ...(op.summary?.trim() ? [] : [`${name}: summary`]),
      ...(Array.isArray(op.security) ? [] : [`${name}: security`]),
    ]);
    expect(missing).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares the bearer session on member routes and no required session on public ones', () => {
    const wrong: string[] = [];
    for (const route of ctx.app.routeCatalog) {
      const op = doc.paths[docPath(route.url)]?.[route.method.toLowerCase() as (typeof METHODS)[number]];
      if (!op) continue;
      const name = `${route.method} ${route.url}`;
      const isMemberRoute = route.url.startsWith('/api/') && route.auth !== 'public';
      const anonymousAllowed = op.security!.length === 0 || op.security!.some((s) => !('bearer' in s));
      if (isMemberRoute && JSON.stringify(op.security) !== '[{"bearer":[]}]') wrong.push(`${name}: needs bearer`);
      if (!isMemberRoute && !anonymousAllowed) wrong.push(`${name}: is public`);
      if (isMemberRoute && !op.responses['401']) wrong.push(`${name}: 401`);
      if (route.url.startsWith('/api/') && !['GET', 'HEAD'].includes(route.method) && !op.responses['403']) {
        wrong.push(`${name}: 403 (XSRF)`);
      }
    }
    expect(wrong).toEqual([]);
    expect(doc.paths['/api/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/recognition/send']?.post?.security).toEqual([{ bearer: [] }]);
  });

  it('refers every problem answer to the one shared RFC 9457 component', () => {
    const wrong: string[] = [];
    for (const { name, op } of operations) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (!/^4\d\d$/.test(status)) continue;
        const ref = response.$ref?.replace('#/components/responses/', '') ?? '';
        const schema = doc.components.responses[ref]?.content['application/problem+json']?.schema;
        if (schema?.$ref !== '#/components/schemas/ProblemDetails') wrong.push(`${name} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(doc.components.schemas.ProblemDetails?.required).toEqual(['type', 'title', 'status', 'traceId']);
  });

  it('documents the Idempotency-Key header and the 409/422 it brings on point-moving routes', () => {
    const send = doc.paths['/api/recognition/send']!.post!;
    expect(send).toMatchObject({ parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }] });
    expect(Object.keys(send.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '409', '422']));
  });

  it('answers problems in the documented shape', async () => {
    const { token } = await memberWithToken(ctx);
    const res = await ctx.request({ method: 'POST', url: '/api/recognition/send', token, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    for (const key of doc.components.schemas.ProblemDetails!.required!) expect(res.json()).toHaveProperty(key);
  });
});
