import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { members } from './members.ts';

/**
 * Rewards (issue 9): a catalogue of items in categories, a basket kept on the server, orders
 * paid through the ledger (debit the member's points, credit the 'redemptions' system account;
 * refunds are reversing transactions), voucher code pools and every order change kept.
 */
export const rewardCategories = pgTable('reward_categories', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
});

/** Pictures served at /rewardpic/:picId under unguessable ids (seeded SVG artwork or uploaded WebP). */
export const rewardPictures = pgTable('reward_pictures', {
  picId: text('pic_id').primaryKey(),
  contentType: text('content_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rewards = pgTable(
  'rewards',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => rewardCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    pointsCost: integer('points_cost').notNull(),
    /** Rand value in cents. */
    randValue: integer('rand_value').notNull(),
    /** 'voucher' (a code from the pool, by e-mail and on the order), 'delivery' or 'donation'. */
    fulfilment: text('fulfilment').notNull(),
    /** Units left; null = not limited. For vouchers it equals the unallocated codes in the pool. */
    stockLeft: integer('stock_left'),
    /** Most units one member may order (over all orders not refunded); null = no limit. */
    memberLimit: integer('member_limit'),
    active: boolean('active').notNull().default(true),
    pictureId: text('picture_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('rewards_category_idx').on(t.categoryId, t.pointsCost),
    check('rewards_stock_non_negative_ck', sql`${t.stockLeft} is null or ${t.stockLeft} >= 0`),
    check('rewards_points_positive_ck', sql`${t.pointsCost} > 0`),
    check('rewards_rand_non_negative_ck', sql`${t.randValue} >= 0`),
    check('rewards_fulfilment_ck', sql`${t.fulfilment} in ('voucher', 'delivery', 'donation')`),
  ],
);

/** The member's basket: the price they agreed to when they last set the quantity. */
export const basketLines = pgTable(
  'basket_lines',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    quantity: integer('quantity').notNull(),
    agreedPointsCost: integer('agreed_points_cost').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.rewardId] }), check('basket_lines_quantity_ck', sql`${t.quantity} > 0`)],
);

/** The delivery address a member last used (remembered for next time). */
export const memberAddresses = pgTable('member_addresses', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id),
  address: jsonb('address').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const rewardOrders = pgTable(
  'reward_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    /** placed → processing → fulfilled, or placed|processing → cancelled → refunded. */
    status: text('status').notNull(),
    totalPoints: integer('total_points').notNull(),
    address: jsonb('address'),
    ledgerTransactionId: bigint('ledger_transaction_id', { mode: 'number' }),
    refundTransactionId: bigint('refund_transaction_id', { mode: 'number' }),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reward_orders_member_idx').on(t.memberId, t.id),
    index('reward_orders_status_idx').on(t.status, t.id),
    check(
      'reward_orders_status_ck',
      sql`${t.status} in ('placed', 'processing', 'fulfilled', 'cancelled', 'refunded')`,
    ),
  ],
);

export const rewardOrderLines = pgTable(
  'reward_order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => rewardOrders.id),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    name: text('name').notNull(),
    fulfilment: text('fulfilment').notNull(),
    quantity: integer('quantity').notNull(),
    pointsCost: integer('points_cost').notNull(),
    randValue: integer('rand_value').notNull(),
  },
  (t) => [index('reward_order_lines_order_idx').on(t.orderId)],
);

/** Every change of an order: who, when, to which status, with an optional note (e.g. a courier reference). */
export const rewardOrderEvents = pgTable(
  'reward_order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => rewardOrders.id),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    actorMemberId: integer('actor_member_id').references(() => members.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reward_order_events_order_idx').on(t.orderId, t.id)],
);

/** Voucher code pools: each code goes to exactly one order line (null while in the pool). */
export const voucherCodes = pgTable(
  'voucher_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    code: text('code').notNull(),
    orderLineId: bigint('order_line_id', { mode: 'number' }).references(() => rewardOrderLines.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voucher_codes_reward_code_uq').on(t.rewardId, t.code),
    index('voucher_codes_free_idx')
      .on(t.rewardId, t.id)
      .where(sql`${t.orderLineId} is null`),
    index('voucher_codes_line_idx').on(t.orderLineId),
    // A code is handed out once, firm-wide: a load looks it up in every pool (decision 0091).
    index('voucher_codes_code_idx').on(t.code),
  ],
);

/**
 * Units of a reward a member holds in orders not refunded, for the per-member limit: a guarded
 * upsert in the checkout's transaction counts and checks in one step (concurrent checkouts
 * cannot both slip under the limit); a refund gives the units back.
 */
export const rewardMemberTotals = pgTable(
  'reward_member_totals',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id),
    rewardId: integer('reward_id')
      .notNull()
      .references(() => rewards.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.rewardId] })],
);
