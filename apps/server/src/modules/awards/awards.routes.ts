import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approvalsQuerySchema,
  approvalsResponseSchema,
  awardProgrammesResponseSchema,
  decideNominationRequestSchema,
  decideNominationResponseSchema,
  delegateRequestSchema,
  delegationResponseSchema,
  myNominationsResponseSchema,
  nominateRequestSchema,
  nominateResponseSchema,
  nominationIdParamsSchema,
  nominationSchema,
} from '@ovation/shared/schemas/awards';
import { sendDeps, type SendServices } from '../../core/sends/send-deps.ts';
import { forbidden, notFound } from '../../lib/app-errors.ts';
import { requireMember } from '../../plugins/auth.ts';
import { idempotencyOf } from '../../plugins/idempotency/idempotency.plugin.ts';
import { decideNomination } from './decide-nomination.ts';
import { readDelegation, setDelegation } from './delegates.ts';
import { nominate } from './nominate.ts';
import { approvalQueue, findNomination, myNominations } from './nomination-reads.ts';
import { openProgrammes } from './programme-admin.ts';
import { withdrawNomination } from './withdraw-nomination.ts';

const tags = ['awards'];
const security = [{ bearer: [] }];
const keyed = 'Requires an Idempotency-Key header (8–100 characters).';

/** Award nominations for every member, and the approver's queue (issue 41, decision 0107). */
export const awardsRoutes: FastifyPluginAsyncZod<{ sends: SendServices }> = async (app, { sends }) => {
  app.get(
    '/api/awards/programmes',
    {
      schema: {
        tags,
        security,
        summary: 'The programmes open for nominations today',
        response: { 200: awardProgrammesResponseSchema },
      },
    },
    async () => openProgrammes(app.db),
  );

  app.post(
    '/api/awards/nominations',
    {
      config: { idempotency: 'awards.nominate' },
      schema: {
        tags,
        security,
        summary: 'Nominates one or more colleagues: each award’s points are held from the programme’s budget',
        description: keyed,
        problems: [429],
        body: nominateRequestSchema,
        response: { 200: nominateResponseSchema },
      },
    },
    async (request) =>
      nominate(sendDeps(sends, request), idempotencyOf(request), requireMember(request).memberId, request.body),
  );

  app.get(
    '/api/awards/nominations/mine',
    {
      schema: {
        tags,
        security,
        summary: 'The member’s nominations, and the awards they received',
        response: { 200: myNominationsResponseSchema },
      },
    },
    async (request) => myNominations(app.db, requireMember(request).memberId),
  );

  app.get(
    '/api/awards/nominations/:nominationId',
    {
      schema: {
        tags,
        security,
        summary: 'One nomination with its history (its nominator, approvers and those who run programmes)',
        params: nominationIdParamsSchema,
        response: { 200: nominationSchema },
      },
    },
    async (request) => {
      const member = requireMember(request);
      const found = await findNomination(app.db, request.params.nominationId);
      if (!found) throw notFound('No such nomination.');
      const { chain, ...nomination } = found;
      const mayRead =
        member.capabilities.manageAwards ||
        nomination.nominator.id === member.memberId ||
        chain.flat().includes(member.memberId) ||
        (nomination.status === 'approved' && nomination.nominee.id === member.memberId);
      if (!mayRead) throw forbidden();
      return nomination;
    },
  );

  app.post(
    '/api/awards/nominations/:nominationId/decision',
    {
      config: { idempotency: 'awards.decide' },
      schema: {
        tags,
        security,
        summary: 'Approves (at a level) or declines a nomination that waits for the approver',
        description: keyed,
        params: nominationIdParamsSchema,
        body: decideNominationRequestSchema,
        response: { 200: decideNominationResponseSchema },
      },
    },
    async (request) =>
      decideNomination(
        sendDeps(sends, request),
        idempotencyOf(request),
        requireMember(request).memberId,
        request.params.nominationId,
        request.body,
      ),
  );

  app.post(
    '/api/awards/nominations/:nominationId/withdraw',
    {
      config: { idempotency: 'awards.withdraw' },
      schema: {
        tags,
        security,
        summary: 'The nominator withdraws a nomination still waiting; its points go back to the budget',
        description: keyed,
        params: nominationIdParamsSchema,
        response: { 200: decideNominationResponseSchema },
      },
    },
    async (request) =>
      withdrawNomination(
        sendDeps(sends, request),
        idempotencyOf(request),
        requireMember(request).memberId,
        request.params.nominationId,
      ),
  );

  app.get(
    '/api/awards/approvals',
    {
      schema: {
        tags,
        security,
        summary: 'Nominations waiting for the member’s decision (or a delegator’s), newest first',
        querystring: approvalsQuerySchema,
        response: { 200: approvalsResponseSchema },
      },
    },
    async (request) =>
      approvalQueue(app.db, requireMember(request).memberId, request.query.before, request.query.limit),
  );

  app.get(
    '/api/awards/delegate',
    {
      schema: {
        tags,
        security,
        summary: 'Whom the member’s approvals are delegated to',
        response: { 200: delegationResponseSchema },
      },
    },
    async (request) => readDelegation(app.db, requireMember(request).memberId),
  );

  app.put(
    '/api/awards/delegate',
    {
      schema: {
        tags,
        security,
        summary: 'Delegates the member’s approvals to a colleague until a day; null ends it',
        body: delegateRequestSchema,
        response: { 200: delegationResponseSchema },
      },
    },
    async (request) => setDelegation(app.db, requireMember(request).memberId, request.body),
  );
};
