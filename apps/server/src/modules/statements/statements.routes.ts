import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Capability } from '@ovation/shared/capabilities';
import {
  missedTeamResponseSchema,
  statementQuerySchema,
  statementResponseSchema,
  type StatementKind,
} from '@ovation/shared/schemas/statements';
import { findMissedTeamMembers, MISSED_DAYS } from '../../core/members/missed.repository.ts';
import { requireMember } from '../../plugins/auth.ts';
import { getStatement } from './get-statement.ts';
import { statementCsv } from './statement-csv.ts';

const ROUTES: { kind: StatementKind; capability: Capability; summary: string }[] = [
  { kind: 'points', capability: 'viewStatement', summary: 'The member’s points statement' },
  { kind: 'plays', capability: 'viewGameStatement', summary: 'Game plays earned and used' },
  { kind: 'team-budget', capability: 'manageTeam', summary: 'The manager’s team budget statement' },
];

export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { kind, capability, summary } of ROUTES) {
    app.get(
      `/api/statements/${kind}`,
      {
        config: { capability },
        schema: {
          tags: ['statements'],
          summary,
          security: [{ bearer: [] }],
          querystring: statementQuerySchema,
          response: { 200: statementResponseSchema },
        },
      },
      async (request) => getStatement(app.db, requireMember(request).memberId, kind, request.query),
    );

    app.get(
      `/api/statements/${kind}/csv`,
      {
        config: { capability },
        schema: {
          tags: ['statements'],
          summary: `${summary} (CSV)`,
          security: [{ bearer: [] }],
          querystring: statementQuerySchema,
        },
      },
      async (request, reply) => {
        const statement = await getStatement(app.db, requireMember(request).memberId, kind, request.query);
        const range = [request.query.from, request.query.to].filter(Boolean).join('_to_');
        const filename = `statement-${kind}${range ? `-${range}` : ''}.csv`;
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('cache-control', 'no-store')
          .send(statementCsv(statement));
      },
    );
  }

  app.get(
    '/api/statements/team-budget/missed',
    {
      config: { capability: 'manageTeam' },
      schema: {
        tags: ['statements'],
        summary: 'The manager’s team members with no recognition of any kind in the last 30 days',
        security: [{ bearer: [] }],
        response: { 200: missedTeamResponseSchema },
      },
    },
    async (request) => ({
      days: MISSED_DAYS,
      members: await findMissedTeamMembers(app.db, requireMember(request).memberId),
    }),
  );
};
