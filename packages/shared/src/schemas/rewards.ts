import { z } from 'zod';
import { memberBalancesSchema } from './balances.ts';
import { databaseId } from './ids.ts';

/**
 * Rewards (issue 9): catalogue, basket, checkout and orders (South Africa). Paths and field
 * names are the contract. Points are integers; `randValue` is in cents.
 */
export const FULFILMENTS = ['voucher', 'delivery', 'donation'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const CATALOGUE_SORTS = ['points', 'name', 'newest'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const CATALOGUE_PAGE_SIZE = 12;
export const BASKET_MAX_QUANTITY = 20;
/** The longest catalogue search. */
export const CATALOGUE_SEARCH_MAX = 100;
export const ORDER_STATUSES = ['placed', 'processing', 'fulfilled', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

const boolParam = z
  .enum(['true', 'false', '1', '0', ''], { error: 'Use true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const catalogueQuerySchema = z.object({
  category: z
    .string()
    .trim()
    .max(60)
    .regex(/^[a-z0-9-]*$/, 'Choose a category')
    .optional(),
  q: z.string().trim().max(CATALOGUE_SEARCH_MAX, `Search for at most ${CATALOGUE_SEARCH_MAX} characters`).optional(),
  sort: z.enum(CATALOGUE_SORTS, { error: 'Sort by points, name or newest' }).optional(),
  affordable: boolParam,
  page: z.coerce
    .number({ error: 'Page must be a whole number' })
    .int('Page must be a whole number')
    .min(1, 'Page must be at least 1')
    .max(10_000, 'Page is too far')
    .optional(),
});
/** What the web app asks the catalogue for (the query string's typed form). */
export interface CatalogueQuery {
  category?: string;
  q?: string;
  sort?: CatalogueSort;
  affordable?: boolean;
  page?: number;
}

export const catalogueCategorySchema = z.object({ slug: z.string(), name: z.string(), count: z.number().int() });
export type CatalogueCategory = z.infer<typeof catalogueCategorySchema>;

export const catalogueItemSchema = z.object({
  rewardId: z.number().int(),
  name: z.string(),
  /** The category's slug. */
  category: z.string(),
  pointsCost: z.number().int(),
  /** Rand value in cents. */
  randValue: z.number().int(),
  fulfilment: z.enum(FULFILMENTS),
  /** null when stock is not limited. */
  stockLeft: z.number().int().nullable(),
  pictureUrl: z.string(),
});
export type CatalogueItem = z.infer<typeof catalogueItemSchema>;

export const catalogueResponseSchema = z.object({
  categories: z.array(catalogueCategorySchema),
  items: z.array(catalogueItemSchema),
  hasMore: z.boolean(),
});
export type CatalogueResponse = z.infer<typeof catalogueResponseSchema>;

export const rewardIdParamsSchema = z.object({
  rewardId: databaseId('No such reward'),
});

export const rewardItemSchema = catalogueItemSchema.extend({
  description: z.string(),
  /** Most units one member may hold in orders; null = no limit. */
  memberLimit: z.number().int().nullable(),
  /** Units the member already holds in orders not refunded: they count against memberLimit. */
  memberOrdered: z.number().int(),
  categoryName: z.string(),
});
export type RewardItem = z.infer<typeof rewardItemSchema>;

export const addressSchema = z.object({
  recipient: z.string().trim().min(1, 'Recipient is required').max(100, 'Recipient must be at most 100 characters'),
  line1: z.string().trim().min(1, 'Street address is required').max(120, 'Address must be at most 120 characters'),
  line2: z.string().trim().max(120, 'Address must be at most 120 characters').default(''),
  city: z.string().trim().min(1, 'City is required').max(60, 'City must be at most 60 characters'),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'Postal code must be 4 digits'),
  phone: z
    .string()
    .trim()
    .regex(/^[+\d][\d ]{8,19}$/, 'Enter a phone number for the courier'),
});
export type DeliveryAddress = z.infer<typeof addressSchema>;
export type DeliveryAddressInput = z.input<typeof addressSchema>;

export const basketLineSchema = z.object({
  rewardId: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** Today's price per unit. */
  pointsCost: z.number().int(),
  lineTotal: z.number().int(),
  fulfilment: z.enum(FULFILMENTS),
  pictureUrl: z.string(),
  /** The price the member agreed to when it differs from today's (set the quantity again to accept). */
  priceChangedFrom: z.number().int().nullable(),
  /** Withdrawn or sold out: cannot be checked out. */
  unavailable: z.string().nullable(),
});
export type BasketLine = z.infer<typeof basketLineSchema>;

export const basketResponseSchema = z.object({
  lines: z.array(basketLineSchema),
  totalPoints: z.number().int(),
  balance: z.number().int(),
  balanceAfter: z.number().int(),
  needsAddress: z.boolean(),
  /** The address used last time, to prefill the form. */
  savedAddress: addressSchema.nullable(),
});
export type BasketResponse = z.infer<typeof basketResponseSchema>;

export const basketLineRequestSchema = z.object({
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(0, 'Quantity cannot be negative')
    .max(BASKET_MAX_QUANTITY, `Quantity must be at most ${BASKET_MAX_QUANTITY}`),
});
export type BasketLineRequest = z.infer<typeof basketLineRequestSchema>;

export const checkoutRequestSchema = z.object({
  address: addressSchema.optional(),
  /**
   * The total the member confirmed; the checkout refuses (422) when the basket now comes to
   * another total (changed in another tab), so nobody is charged for what they did not see.
   */
  expectedTotalPoints: z.number().int().min(0).optional(),
});
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({
  orderId: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  totalPoints: z.number().int(),
  balances: memberBalancesSchema,
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const orderLineSchema = z.object({
  rewardId: z.number().int(),
  name: z.string(),
  fulfilment: z.enum(FULFILMENTS),
  quantity: z.number().int(),
  pointsCost: z.number().int(),
  randValue: z.number().int(),
  lineTotal: z.number().int(),
  /** Voucher codes, shown only to the order's owner. */
  codes: z.array(z.string()),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const orderEventSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  note: z.string(),
  by: z.string(),
  at: z.string(),
});

export const orderSchema = z.object({
  orderId: z.number().int(),
  /** ISO date-time (UTC). */
  placedAt: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalPoints: z.number().int(),
  lines: z.array(orderLineSchema),
  address: addressSchema.nullable(),
  history: z.array(orderEventSchema),
  canCancel: z.boolean(),
});
export type Order = z.infer<typeof orderSchema>;

/** My Orders comes in pages of this many, newest first. */
export const ORDERS_PAGE_SIZE = 50;

export const ordersQuerySchema = z.object({
  /** The next page: orders placed before this one (the previous page's `nextBefore`). */
  before: databaseId('No such order').optional(),
});
export type OrdersQuery = z.infer<typeof ordersQuerySchema>;

export const ordersResponseSchema = z.object({
  orders: z.array(orderSchema),
  /** Where the next, older page starts (`?before=`); null when these are the oldest. */
  nextBefore: z.number().int().nullable(),
});
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderIdParamsSchema = z.object({
  orderId: databaseId('No such order'),
});

export const cancelOrderResponseSchema = z.object({
  order: orderSchema,
  balances: memberBalancesSchema,
});
export type CancelOrderResponse = z.infer<typeof cancelOrderResponseSchema>;
