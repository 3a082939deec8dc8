-- A member's per-item total counts every order line from now on, whether or not the item had a
-- limit at checkout, so a cancel (which subtracts its lines) always subtracts what was counted.
-- Before, lines of an item without a limit were not counted but were subtracted on cancel: an
-- item given a limit later could be ordered past it after cancelling an old order. The totals
-- are rebuilt from the orders that stand.
DELETE FROM "reward_member_totals";--> statement-breakpoint
INSERT INTO "reward_member_totals" ("member_id", "reward_id", "quantity")
SELECT o."member_id", l."reward_id", sum(l."quantity")::int
FROM "reward_order_lines" l JOIN "reward_orders" o ON o."id" = l."order_id"
WHERE o."status" IN ('placed', 'processing', 'fulfilled')
GROUP BY o."member_id", l."reward_id";
