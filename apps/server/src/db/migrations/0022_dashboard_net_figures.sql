-- The dashboard's "Issued" and "Redeemed" are net (decision 0084): a reversed points upload takes
-- its points out of "Issued", and a refunded order out of "Redeemed", on the day of the reversal
-- or refund. Before, both counted only the one direction, so a reversed upload or a refunded
-- order stayed in the figures for good. "Given" and "Won" move in one direction only and are as
-- they were. The roll-up is rebuilt from the ledger.
CREATE OR REPLACE FUNCTION report_point_figure(p_account_kind text, p_member_id integer, p_tx_kind text, p_amount bigint)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_member_id IS NULL AND p_account_kind = 'issuance' THEN 'issued'
    WHEN p_member_id IS NOT NULL AND p_account_kind = 'points' AND p_amount > 0
      AND p_tx_kind IN ('recognition', 'payitforward') THEN 'given'
    WHEN p_member_id IS NULL AND p_account_kind = 'redemptions' THEN 'redeemed'
    WHEN p_member_id IS NULL AND p_account_kind = 'game_prizes' AND p_amount < 0 THEN 'won'
  END
$$;
--> statement-breakpoint
-- What an entry adds to its figure: points leaving the issuance account (and the prize pool)
-- count up, points going back count down; points reaching the redemptions account count up.
CREATE OR REPLACE FUNCTION report_point_signed(p_figure text, p_amount bigint)
RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_figure IN ('issued', 'won') THEN -p_amount ELSE p_amount END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_ledger_entries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_point_pending (day, figure, shard, amount)
  SELECT x.day, x.figure, x.shard, sum(report_point_signed(x.figure, x.amount))
  FROM (
    SELECT (n.created_at AT TIME ZONE 'UTC')::date AS day,
           report_point_figure(a.kind, a.member_id, t.kind, n.amount) AS figure,
           n.account_id % 8 AS shard, n.amount
    FROM new_entries n
    JOIN ledger_accounts a ON a.id = n.account_id
    JOIN ledger_transactions t ON t.id = n.transaction_id
  ) x
  WHERE x.figure IS NOT NULL
  GROUP BY x.day, x.figure, x.shard
  ORDER BY x.day, x.figure, x.shard;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Back-fill: the figures again, from the whole ledger.
DELETE FROM report_point_pending;
--> statement-breakpoint
DELETE FROM report_point_days;
--> statement-breakpoint
INSERT INTO report_point_days (day, figure, shard, amount)
SELECT x.day, x.figure, x.shard, sum(report_point_signed(x.figure, x.amount))
FROM (
  SELECT (e.created_at AT TIME ZONE 'UTC')::date AS day,
         report_point_figure(a.kind, a.member_id, t.kind, e.amount) AS figure,
         e.account_id % 8 AS shard, e.amount
  FROM ledger_entries e
  JOIN ledger_accounts a ON a.id = e.account_id
  JOIN ledger_transactions t ON t.id = e.transaction_id
) x
WHERE x.figure IS NOT NULL
GROUP BY x.day, x.figure, x.shard;
