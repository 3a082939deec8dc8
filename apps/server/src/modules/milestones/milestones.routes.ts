import { auditContextOf } from '../../plugins/audit-context.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  milestoneIdParamsSchema,
  milestoneMessageRequestSchema,
  milestoneSchema,
  milestonesResponseSchema,
  serviceAwardsAdminResponseSchema,
  serviceAwardsSettingsSchema,
  serviceBreakRequestSchema,
  signCardRequestSchema,
} from '@ovation/shared/schemas/milestones';
import { requireMember } from '../../plugins/auth.ts';
import { getMilestone, listMilestones, setMilestoneMessage, signCard } from './milestone-cards.ts';
import { addServiceBreak, removeServiceBreak, saveServiceAwards, serviceAwardsAdmin } from './service-awards-admin.ts';

const tags = ['service milestones'];
const security = [{ bearer: [] }];
const admin = { capability: 'manageAwards' } as const;
const breakIdParamsSchema = z.object({
  breakId: z.coerce.number({ error: 'Not a break' }).int('Not a break').positive('Not a break'),
});

/** Service milestones: cards to sign, the manager's message, and the settings (decision 0108). */
export const milestonesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/milestones',
    {
      schema: {
        tags,
        security,
        summary: 'Coming milestones of the member’s team, reports and manager; their own once posted',
        response: { 200: milestonesResponseSchema },
      },
    },
    async (request) => listMilestones(app.db, requireMember(request).memberId),
  );

  app.get(
    '/api/milestones/:milestoneId',
    {
      schema: {
        tags,
        security,
        summary: 'One milestone card (its messages hidden from the member until the day)',
        params: milestoneIdParamsSchema,
        response: { 200: milestoneSchema },
      },
    },
    async (request) => getMilestone(app.db, requireMember(request).memberId, request.params.milestoneId),
  );

  app.post(
    '/api/milestones/:milestoneId/card',
    {
      schema: {
        tags,
        security,
        summary: 'Signs the card with a short message (again: replaces it), until the milestone is posted',
        params: milestoneIdParamsSchema,
        body: signCardRequestSchema,
        response: { 200: milestoneSchema },
      },
    },
    async (request) =>
      signCard(app.db, requireMember(request).memberId, request.params.milestoneId, request.body.message),
  );

  app.put(
    '/api/milestones/:milestoneId/message',
    {
      schema: {
        tags,
        security,
        summary: 'The manager’s message posted with the award (the member’s manager, until it is posted)',
        params: milestoneIdParamsSchema,
        body: milestoneMessageRequestSchema,
        response: { 200: milestoneSchema },
      },
    },
    async (request) =>
      setMilestoneMessage(app.db, requireMember(request).memberId, request.params.milestoneId, request.body.message),
  );

  app.get(
    '/api/admin/awards/service',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Service-award settings, the breaks recorded and the milestones coming',
        response: { 200: serviceAwardsAdminResponseSchema },
      },
    },
    async (request) => serviceAwardsAdmin(app.db, requireMember(request).memberId),
  );

  app.put(
    '/api/admin/awards/service',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Saves the service-award settings (milestones already announced keep theirs)',
        body: serviceAwardsSettingsSchema,
        response: { 200: serviceAwardsSettingsSchema },
      },
    },
    async (request) => saveServiceAwards(app.db, auditContextOf(request), request.body),
  );

  app.post(
    '/api/admin/awards/service/breaks',
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Records a break in a member’s service: their later milestones move on by its days',
        body: serviceBreakRequestSchema,
        response: { 200: z.object({ breakId: z.number().int() }) },
      },
    },
    async (request) => addServiceBreak(app.db, requireMember(request).memberId, request.body),
  );

  app.delete(
    '/api/admin/awards/service/breaks/:breakId',
    {
      config: admin,
      schema: { tags, security, summary: 'Removes a recorded break', params: breakIdParamsSchema },
    },
    async (request, reply) => {
      await removeServiceBreak(app.db, request.params.breakId);
      return reply.status(204).send();
    },
  );
};
