import { z } from 'zod';
import { databaseId } from './ids.ts';
import { ROLE_NAMES } from '../capabilities.ts';

/** The roles report and role management (issue 11, spec §6). */
export const roleGrantSchema = z.object({
  roles: z.array(z.enum(ROLE_NAMES)).max(ROLE_NAMES.length),
  isAdminReports: z.boolean(),
});
export type RoleGrantInput = z.infer<typeof roleGrantSchema>;

export const rolesQuerySchema = z.object({
  /** Name, e-mail or employee number; with it, every matching member is listed (to grant a first role). */
  q: z.string().trim().max(100).optional(),
});

export const roleHolderSchema = z.object({
  memberId: z.number().int(),
  employeeNumber: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  roles: z.array(z.string()),
  isManager: z.boolean(),
  isAdminReports: z.boolean(),
  active: z.boolean(),
});
export type RoleHolder = z.infer<typeof roleHolderSchema>;

export const roleChangeSchema = z.object({
  changeId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  changedByName: z.string(),
  /** ISO date-time (UTC). */
  changedAt: z.string(),
  before: roleGrantSchema.extend({ roles: z.array(z.string()) }),
  after: roleGrantSchema.extend({ roles: z.array(z.string()) }),
});
export type RoleChange = z.infer<typeof roleChangeSchema>;

export const rolesResponseSchema = z.object({
  /** Members holding a role or a flag (or, with `q`, every match), by name. */
  members: z.array(roleHolderSchema),
  /** The latest changes, newest first. */
  changes: z.array(roleChangeSchema),
  /** The caller may grant and revoke (report administrators). */
  canManage: z.boolean(),
});
export type RolesResponse = z.infer<typeof rolesResponseSchema>;

export const memberIdParamsSchema = z.object({ memberId: databaseId('No such member') });
export const roleChangeResponseSchema = z.object({ member: roleHolderSchema, change: roleChangeSchema.nullable() });
