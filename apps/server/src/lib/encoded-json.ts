import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** How @fastify/compress is registered (app.ts): answers written here follow the same rules. */
export const COMPRESSION = { threshold: 1024, encodings: ['br', 'gzip'] as ('br' | 'gzip')[] };

type Encoding = (typeof COMPRESSION.encodings)[number];

/**
 * A JSON answer written once and sent many times (the rewards catalogue, decision 0047): its
 * UTF-8 bytes, and a brotli or gzip copy made the first time a client accepts that encoding.
 */
export class EncodedJson {
  readonly json: Buffer;
  private readonly copies: Partial<Record<Encoding, Buffer>> = {};

  constructor(text: string) {
    this.json = Buffer.from(text, 'utf8');
  }

  encoded(encoding: Encoding): Buffer {
    let copy = this.copies[encoding];
    if (!copy) {
      // Made once per answer, so a better ratio than the plugin's per-request quality 4 is affordable.
      copy =
        encoding === 'br'
          ? brotliCompressSync(this.json, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 9,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
              },
            })
          : gzipSync(this.json, { level: 9 });
      this.copies[encoding] = copy;
    }
    return copy;
  }
}

/** The encoding @fastify/compress would choose for this request (`*` and x-gzip count as gzip). */
function acceptedEncoding(request: FastifyRequest): Encoding | undefined {
  if (request.headers['x-no-compression'] !== undefined) return undefined;
  const header = request.headers['accept-encoding'];
  if (!header) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), COMPRESSION.encodings);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/**
 * Sends a written answer as @fastify/compress would have sent it (compressed at or above its
 * threshold when the client accepts br or gzip), without compressing it again: the plugin leaves
 * an answer that already carries a Content-Encoding alone. As with `sendJsonText`, the route's
 * response schema is not run; a test holds the text to it.
 */
export function sendEncodedJson(request: FastifyRequest, reply: FastifyReply, answer: EncodedJson): FastifyReply {
  void reply.type('application/json; charset=utf-8');
  if (answer.json.length < COMPRESSION.threshold) return reply.send(answer.json);
  void reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request);
  if (!encoding) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(answer.encoded(encoding));
}
