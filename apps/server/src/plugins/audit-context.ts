import type { FastifyRequest } from 'fastify';
import type { AuditContext } from '../core/audit/audit-row.ts';

/**
 * Who a request acts as, for the audit trail (decision 0113): the integration token it presented
 * (with the member a script acts as), else the signed-in member, else no one; and its trace id.
 */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const traceId = String(request.id);
  if (request.integration) {
    return {
      actor: { kind: 'token', tokenId: request.integration.tokenId, memberId: request.auth?.memberId },
      traceId,
    };
  }
  if (request.auth) return { actor: { kind: 'member', memberId: request.auth.memberId }, traceId };
  return { actor: { kind: 'anonymous' }, traceId };
}
