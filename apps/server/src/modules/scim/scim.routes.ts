import type { FastifyError, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ScimError, scimNotFound } from './scim-errors.ts';
import { anyBody, listQuery, scim, security, tags, whole } from './scim-http.ts';
import { scimGroupRoutes } from './scim-groups.routes.ts';
import { filterSql } from './scim-filter.ts';
import {
  DEFAULT_COUNT,
  listResponse,
  MAX_COUNT,
  schemaDocuments,
  groupResourceType,
  serviceProviderConfig,
  userResourceType,
} from './scim-schemas.ts';
import { toScimUser } from './scim-user.ts';
import { findScimUser, findScimUsers } from './scim-users.repository.ts';
import { scimWriter } from './provision-batch.ts';
import { createUser, deleteUser, patchUser, replaceUser } from './provision-user.ts';
import type { ScimCall, ScimDeps } from './scim-deps.ts';

const userParams = z.object({ userId: z.string() });

const userId = (text: string) => {
  if (!/^\d{1,9}$/.test(text)) throw scimNotFound(text);
  return Number(text);
};

/**
 * The SCIM 2.0 service (RFC 7643, RFC 7644) at /scim/v2 for the firm's directory (issue 42,
 * decision 0110): discovery, and Users read, created, replaced, patched and deleted through the
 * member-change kernel. Every call needs an integration token with the `scim` scope; every
 * answer, errors included, is SCIM's own JSON.
 */
export const scimRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const baseUrl = publicUrl.replace(/\/$/, '');
  const base = {
    db: app.db,
    log: app.log,
    sends: { ...app.sendServices, log: app.log },
    baseUrl,
    forgetSessions: (memberIds: number[]) => app.sessionCache.forget({ memberIds }),
  };
  const deps: ScimDeps = { ...base, writes: scimWriter(base) };
  const callOf = (request: FastifyRequest): ScimCall => ({
    tokenId: request.integration!.tokenId,
    method: request.method,
    path: request.url.split('?')[0]!,
    traceId: String(request.id),
  });

  app.addContentTypeParser(
    ['application/scim+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.addHook('onRequest', async (request, reply) => {
    if (request.integration?.scopes.includes('scim')) return;
    void reply.header('www-authenticate', 'Bearer realm="scim"');
    throw new ScimError(401, 'Send an integration token with the scim scope as Authorization: Bearer.');
  });

  app.setNotFoundHandler(async (request, reply) =>
    scim(reply, 404, new ScimError(404, `There is nothing at ${request.url.split('?')[0]}.`).body()),
  );

  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof ScimError) return scim(reply, error.status, error.body());
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const scimType = status === 400 || status === 415 ? 'invalidSyntax' : undefined;
      return scim(reply, status, new ScimError(status, error.message, scimType).body());
    }
    request.log.error({ err: error }, 'SCIM request failed');
    return scim(reply, 500, new ScimError(500, `The service failed (trace ${request.id}); try again.`).body());
  });

  app.get(
    '/ServiceProviderConfig',
    { schema: { tags, security, summary: 'What this SCIM service supports (RFC 7644 §4)' } },
    async (_request, reply) => scim(reply, 200, serviceProviderConfig(baseUrl)),
  );
  app.get(
    '/ResourceTypes',
    { schema: { tags, security, summary: 'The resource types: User and Group' } },
    async (_r, reply) => scim(reply, 200, listResponse([userResourceType(baseUrl), groupResourceType(baseUrl)], 2, 1)),
  );
  app.get(
    '/ResourceTypes/:name',
    { schema: { tags, security, summary: 'One resource type', params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      if (request.params.name === 'Group') return scim(reply, 200, groupResourceType(baseUrl));
      if (request.params.name !== 'User') throw new ScimError(404, `No resource type ${request.params.name}.`);
      return scim(reply, 200, userResourceType(baseUrl));
    },
  );
  app.get(
    '/Schemas',
    { schema: { tags, security, summary: 'The User schema and its extensions' } },
    async (_r, reply) => {
      const documents = schemaDocuments(baseUrl);
      return scim(reply, 200, listResponse(documents, documents.length, 1));
    },
  );
  app.get(
    '/Schemas/:id',
    { schema: { tags, security, summary: 'One schema', params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const found = schemaDocuments(baseUrl).find((s) => s.id === request.params.id);
      if (!found) throw new ScimError(404, `No schema ${request.params.id}.`);
      return scim(reply, 200, found);
    },
  );

  app.get(
    '/Users',
    {
      schema: {
        tags,
        security,
        summary: 'Users, filtered (eq on userName, externalId, id, emails.value, employeeNumber, active) and paged',
        querystring: listQuery,
      },
    },
    async (request, reply) => {
      const startIndex = Math.max(1, whole(request.query.startIndex, 'startIndex', 1));
      const count = Math.min(MAX_COUNT, Math.max(0, whole(request.query.count, 'count', DEFAULT_COUNT)));
      const { rows, total } = await findScimUsers(app.db, filterSql(request.query.filter), startIndex, count);
      return scim(
        reply,
        200,
        listResponse(
          rows.map((r) => toScimUser(r, baseUrl)),
          total,
          startIndex,
        ),
      );
    },
  );

  app.get(
    '/Users/:userId',
    { schema: { tags, security, summary: 'One user (a deactivated one too)', params: userParams } },
    async (request, reply) => {
      const found = await findScimUser(app.db, userId(request.params.userId));
      if (!found) throw scimNotFound(request.params.userId);
      return scim(reply, 200, toScimUser(found, baseUrl));
    },
  );

  app.post(
    '/Users',
    {
      schema: {
        tags,
        security,
        summary: 'Creates a member (a joiner), or brings back one the directory deleted',
        body: anyBody,
      },
    },
    async (request, reply) => {
      const { status, user } = await createUser(deps, callOf(request), request.body);
      void reply.header('location', user.meta.location);
      return scim(reply, status, user);
    },
  );

  app.put(
    '/Users/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Replaces a user as a whole (Okta); what it leaves out the member keeps',
        params: userParams,
        body: anyBody,
      },
    },
    async (request, reply) => {
      const { user } = await replaceUser(deps, callOf(request), userId(request.params.userId), request.body);
      return scim(reply, 200, user);
    },
  );

  app.patch(
    '/Users/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Changes a user with a PatchOp (Entra ID with and without path, Okta); active false: a leaver',
        params: userParams,
        body: anyBody,
      },
    },
    async (request, reply) => {
      const { user } = await patchUser(deps, callOf(request), userId(request.params.userId), request.body);
      return scim(reply, 200, user);
    },
  );

  app.delete(
    '/Users/:userId',
    {
      schema: {
        tags,
        security,
        summary: 'Deletes a user: the member is deactivated, kept with their history, and no longer listed',
        params: userParams,
      },
    },
    async (request, reply) => {
      await deleteUser(deps, callOf(request), userId(request.params.userId));
      return reply.status(204).send();
    },
  );

  scimGroupRoutes(app, deps, callOf);
};
