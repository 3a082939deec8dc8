import { z } from 'zod';
import { emailSchema } from './auth.ts';

export const contactSupportRequestSchema = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100, 'Name is too long'),
  email: emailSchema,
  // Optional; when given, a number support can call back (digits, spaces, brackets, dashes, a leading +).
  phone: z
    .string()
    .trim()
    .max(20, 'Phone number is too long')
    .refine((v) => v === '' || (/^\+?[0-9 ()-]+$/.test(v) && v.replace(/\D/g, '').length >= 9), {
      message: 'Enter a phone number support can call, or leave it empty',
    })
    .optional()
    .default(''),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message must be at most 2000 characters'),
});
export type ContactSupportRequest = z.input<typeof contactSupportRequestSchema>;

export const contactUsRequestSchema = z.object({
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(150, 'Subject is too long'),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(2000, 'Message must be at most 2000 characters'),
});
export type ContactUsRequest = z.input<typeof contactUsRequestSchema>;
