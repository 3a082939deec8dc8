import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { ScimError, SCIM_CONTENT_TYPE } from './scim-errors.ts';

/** What the SCIM routes share: their OpenAPI tags, the token scheme, list queries and SCIM answers. */

export const tags = ['scim'];
export const security = [{ integrationToken: [] }];
export const listQuery = z.object({
  filter: z.string().optional(),
  startIndex: z.string().optional(),
  count: z.string().optional(),
});
/** SCIM bodies are read by the service itself (readScimUser, the PatchOp): any JSON object here. */
export const anyBody = z.record(z.string(), z.unknown());

export function whole(text: string | undefined, name: string, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d{1,9}$/.test(text)) throw new ScimError(400, `${name} must be a whole number.`, 'invalidValue');
  return Number(text);
}

export const scim = (reply: FastifyReply, status: number, body: unknown) =>
  reply.status(status).type(SCIM_CONTENT_TYPE).send(body);
