import { z } from 'zod';

export const getContentRequestSchema = z.object({
  contentKey: z.string().max(100, 'Content key is too long').default(''),
  isCache: z.boolean().optional().default(false),
});
export type GetContentRequest = z.input<typeof getContentRequestSchema>;

export const contentResponseSchema = z.object({ title: z.string(), content: z.string() });
export type ContentItem = z.infer<typeof contentResponseSchema>;
