import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { passwordWeakness, WEAK_PASSWORD_MESSAGE } from '../password-strength.ts';

export const emailSchema = z
  .string({ error: 'E-mail is required' })
  .trim()
  .min(1, 'E-mail is required')
  .max(254, 'E-mail is too long')
  .pipe(z.email('Enter a valid e-mail address'))
  .transform((v) => v.toLowerCase());

export const newPasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((password) => password.length < PASSWORD_MIN_LENGTH || passwordWeakness(password) === null, {
    message: WEAK_PASSWORD_MESSAGE,
  });

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/**
 * The sign-in answer: a session (spec §7), or, for a member with a TOTP second factor, a
 * challenge to finish at POST /api/auth/login/totp (additive, docs/decisions/0037).
 */
export const loginResponseSchema = z.union([
  z.object({ authToken: z.string() }),
  z.object({ secondFactor: z.literal('totp'), challenge: z.string() }),
]);
export type LoginResult = z.infer<typeof loginResponseSchema>;

/** A six-digit code from the authenticator app, or one recovery code (xxxx-xxxx). */
const totpCodeSchema = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(6, 'Enter the 6-digit code from your app, or a recovery code')
  .max(20, 'Enter the 6-digit code from your app, or a recovery code');

export const totpLoginRequestSchema = z.object({
  challenge: z.string().min(20).max(200),
  code: totpCodeSchema,
});
export type TotpLoginRequest = z.input<typeof totpLoginRequestSchema>;
export const authTokenResponseSchema = z.object({ authToken: z.string() });

export const totpStatusSchema = z.object({ eligible: z.boolean(), enrolled: z.boolean() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;
export const totpEnrolRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH),
});
export const totpEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string(), qrCode: z.string() });
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;
export const totpConfirmRequestSchema = z.object({
  code: z
    .string({ error: 'Enter the 6-digit code' })
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code your app shows'),
});
export const totpRecoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** New recovery codes, or turning the second factor off: the password and a current code. */
export const totpManageRequestSchema = totpEnrolRequestSchema.extend({ code: totpCodeSchema });
export type TotpManageRequest = z.input<typeof totpManageRequestSchema>;
export const totpTurnedOffSchema = z.object({ message: z.string() });

// Registration (request + activation) lives in ./registration.ts.

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequest = z.input<typeof resetRequestSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(20, 'The reset link is incomplete').max(200),
  password: newPasswordSchema,
});
export type ResetPassword = z.input<typeof resetPasswordSchema>;

/** A signed-in member changes their own password (POST /api/auth/change-password). */
export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: newPasswordSchema,
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
