import { z } from 'zod';
import { FULFILMENTS, ORDER_STATUSES, orderSchema } from './rewards.ts';
import { expectedUpdatedAtSchema } from './ids.ts';

/** Rewards administration (issue 9): catalogue management, code pools and the fulfilment queue. */
export const VOUCHER_CSV_MAX_CODES = 5000;

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const rewardInputSchema = z.object({
  category: z.string({ error: 'Choose a category' }).trim().min(1, 'Choose a category'),
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  description: z.string().trim().max(2000, 'Description must be at most 2000 characters').default(''),
  pointsCost: whole('Points', 1, 1_000_000),
  /** Rand value in cents. */
  randValue: whole('Rand value', 0, 100_000_000),
  fulfilment: z.enum(FULFILMENTS, { error: 'Choose how it is fulfilled' }),
  /**
   * Units in stock (null: not limited; omitted: unlimited on a new item, unchanged on an edit).
   * Voucher stock follows the code pool and is ignored here.
   */
  stockLeft: whole('Stock', 0, 1_000_000).nullable().optional(),
  /**
   * On an edit, the stock the editor was shown. The edit then moves the stock by the difference,
   * so units redeemed while the form was open stay redeemed (decision 0083).
   */
  stockLeftWas: whole('Stock', 0, 1_000_000).nullable().optional(),
  /** Units one member may redeem (null: no limit; omitted: none on a new item, unchanged on an edit). */
  memberLimit: whole('Limit per member', 1, 1000).nullable().optional(),
  /** Offered in the catalogue (omitted: offered on a new item, unchanged on an edit). */
  active: z.boolean().optional(),
  /**
   * On an edit, the item's `updatedAt` as the editor opened it: an item saved by someone else
   * meanwhile is refused with 409 rather than written over (decision 0091).
   */
  expectedUpdatedAt: expectedUpdatedAtSchema.optional(),
});
export type RewardInput = z.input<typeof rewardInputSchema>;

export const adminRewardSchema = z.object({
  rewardId: z.number().int(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  pointsCost: z.number().int(),
  randValue: z.number().int(),
  fulfilment: z.enum(FULFILMENTS),
  stockLeft: z.number().int().nullable(),
  memberLimit: z.number().int().nullable(),
  active: z.boolean(),
  pictureUrl: z.string(),
  /** Voucher items: codes still in the pool. */
  codesInPool: z.number().int(),
  /** When the item's details were last saved (ISO 8601, to the millisecond); an edit sends it back. */
  updatedAt: z.string(),
});
export type AdminReward = z.infer<typeof adminRewardSchema>;

export const adminCatalogueResponseSchema = z.object({
  categories: z.array(z.object({ slug: z.string(), name: z.string() })),
  items: z.array(adminRewardSchema),
});
export type AdminCatalogueResponse = z.infer<typeof adminCatalogueResponseSchema>;

const RESERVED_CATEGORY_SLUGS = ['basket', 'item'];

export const categoryInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  slug: z
    .string()
    .trim()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Use lower-case letters, digits and dashes')
    .max(40, 'Slug must be at most 40 characters')
    // /redeemrewards/basket and /redeemrewards/item/… are pages of their own.
    .refine(
      (slug) => !RESERVED_CATEGORY_SLUGS.includes(slug),
      'This slug names a page of Redeem Rewards; choose another',
    ),
});
export type CategoryInput = z.infer<typeof categoryInputSchema>;

export const voucherCodesRequestSchema = z.object({
  /** The CSV file's text: one code per line (the first column; a header row "code" is skipped). */
  csv: z.string().min(1, 'Choose a CSV file with one code per line').max(500_000, 'The file is too large'),
});
export const voucherCodesResponseSchema = z.object({ added: z.number().int(), codesInPool: z.number().int() });
export type VoucherCodesResponse = z.infer<typeof voucherCodesResponseSchema>;

export const QUEUE_STATUSES = ['placed', 'processing'] as const;
export const fulfilmentQueueQuerySchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Choose a status' }).optional(),
  q: z.string().trim().max(100).optional(),
});
export type FulfilmentQueueQuery = z.input<typeof fulfilmentQueueQuerySchema>;

export const queueOrderSchema = orderSchema.extend({ memberName: z.string(), memberEmail: z.string() });
export type QueueOrder = z.infer<typeof queueOrderSchema>;
export const fulfilmentQueueResponseSchema = z.object({ orders: z.array(queueOrderSchema) });
export type FulfilmentQueueResponse = z.infer<typeof fulfilmentQueueResponseSchema>;

export const orderStatusRequestSchema = z.object({
  status: z.enum(['processing', 'fulfilled'], { error: 'Move the order to processing or fulfilled' }),
  note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
});
export type OrderStatusRequest = z.input<typeof orderStatusRequestSchema>;

export const adminCancelRequestSchema = z.object({
  note: z.string().trim().max(500, 'Note must be at most 500 characters').default(''),
});
export type AdminCancelRequest = z.input<typeof adminCancelRequestSchema>;
