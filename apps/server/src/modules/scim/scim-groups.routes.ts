import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEFAULT_COUNT, listResponse, MAX_COUNT } from './scim-schemas.ts';
import {
  createGroup,
  emptyGroup,
  groupsMatching,
  patchGroup,
  replaceGroup,
  requireRole,
  toScimGroup,
} from './scim-groups.ts';
import { anyBody, listQuery, scim, security, tags, whole } from './scim-http.ts';
import type { ScimCall, ScimDeps } from './scim-deps.ts';

type ScimApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * SCIM Groups (issue 42, decision 0110): a group per Ovation role, its members the role's holders.
 * Registered inside the SCIM service (its token check, content type and SCIM errors apply).
 */
export function scimGroupRoutes(app: ScimApp, deps: ScimDeps, callOf: (request: FastifyRequest) => ScimCall) {
  const { baseUrl } = deps;
  const groupParams = z.object({ groupId: z.string() });
  const groupQuery = listQuery.extend({ excludedAttributes: z.string().optional() });
  const withoutMembers = (text: string | undefined) =>
    (text ?? '')
      .toLowerCase()
      .split(',')
      .map((a) => a.trim())
      .includes('members');

  app.get(
    '/Groups',
    {
      schema: {
        tags,
        security,
        summary: 'The groups: one per Ovation role, filtered by displayName eq',
        querystring: groupQuery,
      },
    },
    async (request, reply) => {
      const roles = groupsMatching(request.query.filter);
      const startIndex = Math.max(1, whole(request.query.startIndex, 'startIndex', 1));
      const count = Math.min(MAX_COUNT, Math.max(0, whole(request.query.count, 'count', DEFAULT_COUNT)));
      const page = roles.slice(startIndex - 1, startIndex - 1 + count);
      const members = !withoutMembers(request.query.excludedAttributes);
      const groups = await Promise.all(page.map((role) => toScimGroup(app.db, role, baseUrl, members)));
      return scim(reply, 200, listResponse(groups, roles.length, startIndex));
    },
  );

  app.get(
    '/Groups/:groupId',
    {
      schema: {
        tags,
        security,
        summary: 'One group and its members',
        params: groupParams,
        querystring: z.object({ excludedAttributes: z.string().optional() }),
      },
    },
    async (request, reply) =>
      scim(
        reply,
        200,
        await toScimGroup(
          app.db,
          requireRole(request.params.groupId),
          baseUrl,
          !withoutMembers(request.query.excludedAttributes),
        ),
      ),
  );

  app.post(
    '/Groups',
    {
      schema: {
        tags,
        security,
        summary: 'Claims a role’s group by its name (displayName), with its members',
        body: anyBody,
      },
    },
    async (request, reply) => {
      const group = await createGroup(deps, callOf(request), request.body);
      void reply.header('location', group.meta.location);
      return scim(reply, 201, group);
    },
  );

  app.put(
    '/Groups/:groupId',
    { schema: { tags, security, summary: 'Sets the group’s members as a whole', params: groupParams, body: anyBody } },
    async (request, reply) =>
      scim(reply, 200, await replaceGroup(deps, callOf(request), requireRole(request.params.groupId), request.body)),
  );

  app.patch(
    '/Groups/:groupId',
    {
      schema: {
        tags,
        security,
        summary: 'Adds or removes members (Entra’s value lists, Okta’s members[value eq] paths)',
        params: groupParams,
        body: anyBody,
      },
    },
    async (request, reply) =>
      scim(reply, 200, await patchGroup(deps, callOf(request), requireRole(request.params.groupId), request.body)),
  );

  app.delete(
    '/Groups/:groupId',
    {
      schema: {
        tags,
        security,
        summary: 'Empties the group: nobody holds the role through it any more (the role itself stays)',
        params: groupParams,
      },
    },
    async (request, reply) => {
      await emptyGroup(deps, callOf(request), requireRole(request.params.groupId));
      return reply.status(204).send();
    },
  );
}
