import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text a route serialised itself (hot paths built from precomputed pieces, e.g. the
 * Kudos Thread). Fastify sends a string with a JSON content type as it is, so the route's
 * response schema documents the shape but is not run; a test must hold the text to the schema.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
