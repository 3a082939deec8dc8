import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { freeCodes } from './voucher-codes.repository.ts';
import type { OrderStatus } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/db.ts';
import type { Statement } from '../../db/statement.ts';
import { refusedAs } from '../../core/sends/send-limits.ts';
import {
  members,
  rewardMemberTotals,
  rewardOrderEvents,
  rewardOrderLines,
  rewardOrders,
  voucherCodes,
} from '../../db/schema/index.ts';

export type OrderRow = typeof rewardOrders.$inferSelect;
export type OrderLineRow = typeof rewardOrderLines.$inferSelect;

export async function insertOrder(db: Db, order: typeof rewardOrders.$inferInsert) {
  const [row] = await db.insert(rewardOrders).values(order).returning();
  return row!;
}

export async function insertOrderLines(db: Db, lines: (typeof rewardOrderLines.$inferInsert)[]) {
  return db.insert(rewardOrderLines).values(lines).returning();
}

export async function insertOrderEvents(db: Db, events: (typeof rewardOrderEvents.$inferInsert)[]) {
  if (events.length > 0) await db.insert(rewardOrderEvents).values(events);
}

export async function findOrder(db: Db, orderId: number) {
  const [row] = await db.select().from(rewardOrders).where(eq(rewardOrders.id, orderId)).limit(1);
  return row;
}

/** A page of the member's orders, newest first: `limit` of them placed before `before` (any, when absent). */
export async function findMemberOrders(db: Db, memberId: number, page: { before?: number; limit: number }) {
  const where = [eq(rewardOrders.memberId, memberId)];
  if (page.before !== undefined) where.push(lt(rewardOrders.id, page.before));
  return db
    .select()
    .from(rewardOrders)
    .where(and(...where))
    .orderBy(desc(rewardOrders.id))
    .limit(page.limit);
}

export interface OrderQueueFilter {
  statuses: OrderStatus[];
  q?: string;
  limit: number;
}

/** Orders for the fulfilment queue, oldest first, with the member's name and e-mail. */
export async function findQueueOrders(db: Db, filter: OrderQueueFilter) {
  const where: SQL[] = [inArray(rewardOrders.status, filter.statuses)];
  if (filter.q) {
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const asId = /^\d+$/.test(filter.q) ? Number(filter.q) : null;
    where.push(
      or(
        ilike(sql`${members.firstName} || ' ' || ${members.surname}`, pattern),
        ilike(members.email, pattern),
        ...(asId !== null && asId <= 2 ** 53 ? [eq(rewardOrders.id, asId)] : []),
      )!,
    );
  }
  return db
    .select({ order: rewardOrders, firstName: members.firstName, surname: members.surname, email: members.email })
    .from(rewardOrders)
    .innerJoin(members, eq(members.id, rewardOrders.memberId))
    .where(and(...where))
    .orderBy(asc(rewardOrders.id))
    .limit(filter.limit);
}

export async function findOrderLines(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(rewardOrderLines)
    .where(inArray(rewardOrderLines.orderId, orderIds))
    .orderBy(asc(rewardOrderLines.id));
}

export async function findOrderEvents(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      event: rewardOrderEvents,
      firstName: members.firstName,
      surname: members.surname,
    })
    .from(rewardOrderEvents)
    .leftJoin(members, eq(members.id, rewardOrderEvents.actorMemberId))
    .where(inArray(rewardOrderEvents.orderId, orderIds))
    .orderBy(asc(rewardOrderEvents.id));
}

export async function findLineCodes(db: Db, lineIds: number[]) {
  if (lineIds.length === 0) return [];
  return db
    .select({ orderLineId: voucherCodes.orderLineId, code: voucherCodes.code })
    .from(voucherCodes)
    .where(inArray(voucherCodes.orderLineId, lineIds))
    .orderBy(asc(voucherCodes.id));
}

/**
 * Moves an order from one of `from` to `to` (a guarded update: of two concurrent changes only
 * one finds the order still in the expected state). Undefined when it was not in one of `from`.
 */
export async function moveOrderStatus(db: Db, orderId: number, from: OrderStatus[], to: OrderStatus) {
  const [row] = await db
    .update(rewardOrders)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(rewardOrders.id, orderId), inArray(rewardOrders.status, from)))
    .returning();
  return row;
}

export async function setOrderTransaction(db: Db, orderId: number, transactionId: number) {
  await db.update(rewardOrders).set({ ledgerTransactionId: transactionId }).where(eq(rewardOrders.id, orderId));
}

/** Marks the order refunded by the transaction's latest posting (its refund, just made). */
export async function setRefundTransaction(db: Db, orderId: number) {
  await db
    .update(rewardOrders)
    .set({ refundTransactionId: sql`(ledger_posted_ids())[1]`, status: 'refunded', updatedAt: new Date() })
    .where(eq(rewardOrders.id, orderId));
}

/**
 * Counts `quantity` more units of a reward in a member's total (every order line counts; a
 * cancel subtracts it). With a `limit`, one guarded upsert: it
 * returns the new total, or no row when that would go over `limit` (nothing changes then). A
 * first order may insert a total over the limit: checkout's check refuses unless the total kept
 * is within it (`quantity <= limit`), which undoes the insert with its transaction.
 */
export function memberTotalSql(memberId: number, rewardId: number, quantity: number, limit: number | null): SQL {
  const within = limit === null ? sql`` : sql`where t.quantity + excluded.quantity <= ${limit}::int`;
  return sql`insert into reward_member_totals as t (member_id, reward_id, quantity)
             values (${memberId}::int, ${rewardId}::int, ${quantity}::int)
             on conflict (member_id, reward_id) do update set quantity = t.quantity + excluded.quantity ${within}
             returning quantity`;
}

export async function findMemberTotals(db: Db, memberId: number, rewardIds: number[]) {
  if (rewardIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select()
    .from(rewardMemberTotals)
    .where(and(eq(rewardMemberTotals.memberId, memberId), inArray(rewardMemberTotals.rewardId, rewardIds)));
  return new Map(rows.map((r) => [r.rewardId, r.quantity]));
}

export async function subtractMemberTotal(db: Db, memberId: number, rewardId: number, quantity: number) {
  await db
    .update(rewardMemberTotals)
    .set({ quantity: sql`greatest(${rewardMemberTotals.quantity} - ${quantity}, 0)` })
    .where(and(eq(rewardMemberTotals.memberId, memberId), eq(rewardMemberTotals.rewardId, rewardId)));
}

/** Who an order's e-mails go to. */
export async function findMemberContact(db: Db, memberId: number) {
  const [row] = await db
    .select({ id: members.id, email: members.email, firstName: members.firstName, surname: members.surname })
    .from(members)
    .where(eq(members.id, memberId))
    .limit(1);
  return row;
}

export interface PlacedLine {
  rewardId: number;
  name: string;
  fulfilment: string;
  quantity: number;
  pointsCost: number;
  randValue: number;
}

/** A placed order as its statement answers it: the order id and each line's voucher codes. */
export interface PlacedOrder {
  orderId: number;
  lines: (PlacedLine & { codes: string[] })[];
}

/**
 * A new order, its lines, its "placed" event and its lines' voucher codes in one statement, sent
 * by checkout with its posting (decision 0049): the order names that posting through
 * `ledger_posted_ids()`. Refuses with `soldOut(rewardId)` (raised, decision 0053) when a voucher
 * line got fewer codes than it needs — stock follows the pool, so only when an administrator
 * emptied a pool by hand.
 */
export function placeOrderStatement(
  order: { memberId: number; totalPoints: number; address: unknown },
  lines: PlacedLine[],
  soldOut: (rewardId: number) => unknown,
): Statement<PlacedOrder> {
  return {
    sql: sql`
      with o as (
        insert into reward_orders (member_id, status, total_points, address, ledger_transaction_id)
        values (${order.memberId}::int, 'placed', ${order.totalPoints}::int,
                ${order.address === null ? null : JSON.stringify(order.address)}::jsonb, (ledger_posted_ids())[1])
        returning id),
      l as (
        insert into reward_order_lines (order_id, reward_id, name, fulfilment, quantity, points_cost, rand_value)
        select o.id, x."rewardId", x.name, x.fulfilment, x.quantity, x."pointsCost", x."randValue"
        from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
          as x("rewardId" int, name text, fulfilment text, quantity int, "pointsCost" int, "randValue" int)
        returning id, reward_id, fulfilment, quantity),
      e as (insert into reward_order_events (order_id, status, actor_member_id) select o.id, 'placed', ${order.memberId}::int from o),
      c as (
        update voucher_codes v set order_line_id = f.line_id
        from (select l.id as line_id, free.id
              from l cross join lateral (${freeCodes(sql`l.reward_id`, sql`l.quantity`)}) free
              where l.fulfilment = 'voucher') f
        where v.id = f.id
        returning v.id, v.order_line_id, v.code),
      short as (
        select min(l.reward_id) as reward_id from l
        where l.fulfilment = 'voucher' and l.quantity > (select count(*) from c where c.order_line_id = l.id))
      select (select id from o) as order_id,
             (select json_object_agg(l.reward_id, coalesce(
                (select json_agg(c.code order by c.id) from c where c.order_line_id = l.id), '[]'::json)) from l) as codes,
             send_refuse(short.reward_id is not null, short.reward_id::text)
      from short`,
    readsPosting: true,
    read: (rows) => {
      const row = rows[0] as { order_id: number | string; codes: Record<string, string[]> };
      return {
        orderId: Number(row.order_id),
        lines: lines.map((line) => ({ ...line, codes: row.codes[String(line.rewardId)] ?? [] })),
      };
    },
    fail: refusedAs((detail) => soldOut(Number(detail))),
  };
}
