import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '@ovation/shared/schemas/rewards';
import type { Db } from '../../db/client.ts';
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

export async function findMemberOrders(db: Db, memberId: number) {
  return db
    .select()
    .from(rewardOrders)
    .where(eq(rewardOrders.memberId, memberId))
    .orderBy(desc(rewardOrders.id))
    .limit(200);
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

export async function setRefundTransaction(db: Db, orderId: number, transactionId: number) {
  await db
    .update(rewardOrders)
    .set({ refundTransactionId: transactionId, status: 'refunded', updatedAt: new Date() })
    .where(eq(rewardOrders.id, orderId));
}

/**
 * Allocates `quantity` codes from the reward's pool to an order line. Rows another checkout holds
 * are skipped, never shared; the caller refuses when fewer came back than asked.
 */
export async function allocateCodes(db: Db, rewardId: number, orderLineId: number, quantity: number) {
  return db.execute(sql`
    update voucher_codes set order_line_id = ${orderLineId}
    where id in (
      select id from voucher_codes
      where reward_id = ${rewardId} and order_line_id is null
      order by id limit ${quantity}
      for update skip locked)
    returning id, code`) as unknown as Promise<{ rows: { id: number; code: string }[] }>;
}

/** Returns an order line's codes to the pool (a refund). Returns how many went back. */
export async function releaseCodes(db: Db, orderLineIds: number[]) {
  if (orderLineIds.length === 0) return 0;
  const rows = await db
    .update(voucherCodes)
    .set({ orderLineId: null })
    .where(inArray(voucherCodes.orderLineId, orderLineIds))
    .returning({ id: voucherCodes.id });
  return rows.length;
}

export async function insertCodes(db: Db, rewardId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .insert(voucherCodes)
    .values(codes.map((code) => ({ rewardId, code })))
    .onConflictDoNothing()
    .returning({ id: voucherCodes.id });
}

export async function existingCodes(db: Db, rewardId: number, codes: string[]) {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ code: voucherCodes.code })
    .from(voucherCodes)
    .where(and(eq(voucherCodes.rewardId, rewardId), inArray(voucherCodes.code, codes)));
  return rows.map((r) => r.code);
}

export async function countFreeCodes(db: Db, rewardIds: number[]) {
  if (rewardIds.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ rewardId: voucherCodes.rewardId, n: sql<number>`count(*)::int` })
    .from(voucherCodes)
    .where(and(inArray(voucherCodes.rewardId, rewardIds), isNull(voucherCodes.orderLineId)))
    .groupBy(voucherCodes.rewardId);
  return new Map(rows.map((r) => [r.rewardId, r.n]));
}

/**
 * Counts `quantity` more units of a reward against a member's limit in one guarded upsert;
 * false when that would go over `limit` (nothing changes then).
 */
export async function addMemberTotal(db: Db, memberId: number, rewardId: number, quantity: number, limit: number) {
  const rows = await db
    .insert(rewardMemberTotals)
    .values({ memberId, rewardId, quantity })
    .onConflictDoUpdate({
      target: [rewardMemberTotals.memberId, rewardMemberTotals.rewardId],
      set: { quantity: sql`${rewardMemberTotals.quantity} + excluded.quantity` },
      setWhere: sql`${rewardMemberTotals.quantity} + excluded.quantity <= ${limit}`,
    })
    .returning({ quantity: rewardMemberTotals.quantity });
  return rows.length > 0 && rows[0]!.quantity <= limit;
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

/**
 * A new order, its lines and its "placed" event in one statement (checkout runs it while it holds
 * the ledger's row locks, so every round trip saved there is throughput). Returns the order id and
 * each line's id by reward.
 */
export async function insertPlacedOrder(
  db: Db,
  order: { memberId: number; totalPoints: number; address: unknown; ledgerTransactionId: number | null },
  lines: PlacedLine[],
): Promise<{ orderId: number; lineIds: Map<number, number> }> {
  const result = (await db.execute(sql`
    with o as (
      insert into reward_orders (member_id, status, total_points, address, ledger_transaction_id)
      values (${order.memberId}, 'placed', ${order.totalPoints}, ${order.address === null ? null : JSON.stringify(order.address)}::jsonb,
              ${order.ledgerTransactionId})
      returning id),
    l as (
      insert into reward_order_lines (order_id, reward_id, name, fulfilment, quantity, points_cost, rand_value)
      select o.id, x."rewardId", x.name, x.fulfilment, x.quantity, x."pointsCost", x."randValue"
      from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb)
        as x("rewardId" int, name text, fulfilment text, quantity int, "pointsCost" int, "randValue" int)
      returning id, reward_id),
    e as (insert into reward_order_events (order_id, status, actor_member_id) select o.id, 'placed', ${order.memberId} from o)
    select (select id from o) as order_id, (select json_agg(json_build_array(l.id, l.reward_id)) from l) as lines`)) as unknown as {
    rows: { order_id: number | string; lines: [number, number][] }[];
  };
  const row = result.rows[0]!;
  return { orderId: Number(row.order_id), lineIds: new Map(row.lines.map(([id, rewardId]) => [rewardId, Number(id)])) };
}
