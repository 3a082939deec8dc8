import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { redactLinks } from '../../lib/redact-url.ts';
import { listRecentEmails } from '../../core/mail/mail.repository.ts';

const outboxEntrySchema = z.object({
  id: z.number(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  /**
   * Null when the e-mail carries a secret (reset or activation link): never shown. Otherwise the
   * body with its links' tokens redacted (a digest's signed unsubscribe link).
   */
  bodyText: z.string().nullable(),
  sensitive: z.boolean(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});

export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/outbox',
    {
      config: { capability: 'readOutbox' },
      schema: {
        tags: ['admin'],
        summary:
          'The latest outbound e-mails (report administrators); bodies with secrets, and links’ tokens, are redacted',
        security: [{ bearer: [] }],
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ emails: z.array(outboxEntrySchema) }) },
      },
    },
    async (request) => {
      const rows = await listRecentEmails(app.db, request.query.limit);
      return {
        emails: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          toAddress: r.toAddress,
          subject: r.subject,
          bodyText: r.sensitive || r.bodyText === null ? null : redactLinks(r.bodyText),
          sensitive: r.sensitive,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
