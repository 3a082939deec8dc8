import { z } from 'zod';
import { emailSchema, newPasswordSchema } from './auth.ts';

/**
 * /register proves the mailbox (issue 15 #3): the member asks with employee number and work
 * e-mail, and sets a password only through the single-use link e-mailed to the address on file.
 */
export const registerRequestSchema = z.object({
  employeeNumber: z
    .string({ error: 'Employee number is required' })
    .trim()
    .min(1, 'Employee number is required')
    .max(20, 'Employee number is too long'),
  email: emailSchema,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const activateRegistrationSchema = z.object({
  token: z.string({ error: 'The activation link is incomplete' }).min(20, 'The activation link is incomplete').max(200),
  password: newPasswordSchema,
});
export type ActivateRegistration = z.input<typeof activateRegistrationSchema>;
