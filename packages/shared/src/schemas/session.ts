import { z } from 'zod';
import { sessionProfileSchema } from './profile.ts';

const capabilitiesSchema = z.object({
  member: z.boolean(),
  portal: z.boolean(),
  southAfrica: z.boolean(),
  payItForward: z.boolean(),
  redeemRewards: z.boolean(),
  viewStatement: z.boolean(),
  viewGameStatement: z.boolean(),
  playGame: z.boolean(),
  moodCheckIn: z.boolean(),
  manageTeam: z.boolean(),
  newsAdmin: z.boolean(),
  viewReports: z.boolean(),
  viewAdminReports: z.boolean(),
  viewRolesReport: z.boolean(),
  uploadData: z.boolean(),
  viewUploadsReport: z.boolean(),
  uploadMembers: z.boolean(),
  uploadPoints: z.boolean(),
  reverseUploads: z.boolean(),
  viewMemberUploads: z.boolean(),
  viewPointsUploads: z.boolean(),
  notifyMemberUploads: z.boolean(),
  notifyPointsUploads: z.boolean(),
  manageRoles: z.boolean(),
  readOutbox: z.boolean(),
  manageRewards: z.boolean(),
  manageAwards: z.boolean(),
  manageIntegrations: z.boolean(),
  managementMenu: z.boolean(),
  managementDividerFirst: z.boolean(),
});

export const loadSessionResponseSchema = z.object({
  profile: sessionProfileSchema,
  capabilities: capabilitiesSchema,
  profilePicId: z.string(),
  profilePicSfx: z.string(),
  currentYear: z.number().int(),
  clientTitle: z.string(),
  isProfileIncomplete: z.boolean(),
});
export type LoadSessionResponse = z.infer<typeof loadSessionResponseSchema>;
