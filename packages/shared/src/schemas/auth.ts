import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';

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
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({ authToken: z.string() });

export const registerRequestSchema = z.object({
  employeeNumber: z
    .string({ error: 'Employee number is required' })
    .trim()
    .min(1, 'Employee number is required')
    .max(20, 'Employee number is too long'),
  email: emailSchema,
  password: newPasswordSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const resetRequestSchema = z.object({ email: emailSchema });
export type ResetRequest = z.input<typeof resetRequestSchema>;

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).min(20, 'The reset link is incomplete').max(200),
  password: newPasswordSchema,
});
export type ResetPassword = z.input<typeof resetPasswordSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
