import { z } from 'zod';
import { databaseId } from './ids.ts';
import { ROLE_NAMES } from '../capabilities.ts';

/** The roles report and role management (issue 11, spec §6). */
export const roleGrantSchema = z.object({
  roles: z.array(z.enum(ROLE_NAMES)).max(ROLE_NAMES.length),
  isAdminReports: z.boolean(),
  /**
   * The grant as the editor was opened with it (decision 0089): when the member's roles changed
   * since, the save is refused (409) instead of silently undoing the other change. Without it
   * the grant replaces whatever is there.
   */
  expected: z.object({ roles: z.array(z.string().max(40)).max(50), isAdminReports: z.boolean() }).optional(),
});
export type RoleGrantInput = z.infer<typeof roleGrantSchema>;

export const rolesQuerySchema = z.object({
  /**
   * Name, e-mail or employee number. A report administrator finds any member (to grant a first
   * role); other readers search the role and flag holders by name or employee number.
   */
  q: z.string().trim().max(100).optional(),
});

export const roleHolderSchema = z.object({
  memberId: z.number().int(),
  employeeNumber: z.string(),
  name: z.string(),
  /** Shown to report administrators only (null for the other readers, decision 0089). */
  email: z.string().nullable(),
  roles: z.array(z.string()),
  isManager: z.boolean(),
  isAdminReports: z.boolean(),
  active: z.boolean(),
  /** The firm's directory manages this member over SCIM (decision 0110): change their record there. */
  directoryManaged: z.boolean(),
});
export type RoleHolder = z.infer<typeof roleHolderSchema>;

export const roleChangeSchema = z.object({
  changeId: z.number().int(),
  memberId: z.number().int(),
  memberName: z.string(),
  changedByName: z.string(),
  /** ISO date-time (UTC). */
  changedAt: z.string(),
  before: z.object({ roles: z.array(z.string()), isAdminReports: z.boolean() }),
  after: z.object({ roles: z.array(z.string()), isAdminReports: z.boolean() }),
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
