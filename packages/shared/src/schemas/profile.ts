import { z } from 'zod';
import { CELL_NUM_MIN_LENGTH, PASSWORD_MAX_LENGTH } from '../constants.ts';
import { emailSchema } from './auth.ts';
import { memberBalancesSchema } from './balances.ts';

/** Profile fields of spec §3 as loadsession returns them. */
export const sessionProfileSchema = z.object({
  memberId: z.number().int(),
  memberMngMemberId: z.number().int().nullable(),
  fullname: z.string(),
  firstName: z.string(),
  surname: z.string(),
  division: z.string(),
  division1: z.string(),
  division2: z.string(),
  division3: z.string(),
  country: z.string(),
  unit: z.string(),
  isManager: z.boolean(),
  isAdminReports: z.boolean(),
  cellNum: z.string(),
  email: z.string(),
  ...memberBalancesSchema.shape,
  pointsName: z.string(),
  roles: z.string(),
  field1: z.number().int(),
  profilePicId: z.string(),
  profilePicSfx: z.string(),
  interests: z.string(),
  asperations: z.string(),
  birthDate: z.string().nullable(),
  startDate: z.string().nullable(),
  managerName: z.string().nullable(),
  employeeNumber: z.string(),
});
export type SessionProfile = z.infer<typeof sessionProfileSchema>;

/** The profile as the browser stores it: member ids are dropped (spec §3). */
export type StoredProfile = Omit<SessionProfile, 'memberId' | 'memberMngMemberId'>;

/** Digits a cell number needs at least (a South African number without its 0 has nine). */
const CELL_NUM_MIN_DIGITS = 9;
const CELL_NUM_CHARACTERS = /^\+?[0-9 ()-]+$/;

export const cellNumSchema = z
  .string({ error: 'Cell number is required' })
  .trim()
  // Too short says only that; the character and digit rules speak for numbers long enough.
  .min(CELL_NUM_MIN_LENGTH, { message: `Cell number must be at least ${CELL_NUM_MIN_LENGTH} characters`, abort: true })
  .max(20, 'Cell number must be at most 20 characters')
  .regex(CELL_NUM_CHARACTERS, 'Cell number may hold only digits, spaces, brackets, dashes and a leading +')
  // A number someone can call: punctuation alone ("(---------)") is not one.
  .refine((value) => !CELL_NUM_CHARACTERS.test(value) || value.replace(/\D/g, '').length >= CELL_NUM_MIN_DIGITS, {
    message: `Cell number must have at least ${CELL_NUM_MIN_DIGITS} digits`,
  });

export const updateProfileRequestSchema = z.object({
  cellNum: cellNumSchema,
  email: emailSchema,
  interests: z.string().trim().max(100, 'Theme song of my life must be at most 100 characters').default(''),
  asperations: z.string().trim().max(100, 'Skill I would love to master must be at most 100 characters').default(''),
  /** Needed only when the e-mail (the sign-in name and reset address) changes. */
  currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;
