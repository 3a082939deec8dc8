-- report_rollups_flush_part: adds what sends queued (report_kudos_pending, report_point_pending)
-- to the dashboard's roll-ups in bulk, and empties the queue (docs/decisions/0051): all of the
-- points queue and up to p_limit queued kudos (NULL: all), so a backlog is flushed in parts, each
-- its own short transaction (decision 0102). Called every few seconds by each server instance and
-- before the dashboard reads the roll-ups (both call it again while a part comes back full), so
-- the dashboard counts everything committed before it was asked.
--
-- One flusher at a time (a transaction-level advisory lock): a second caller waits for the first
-- to commit (p_wait) or returns -1 at once (the periodic flush, when another instance is at it).
-- Only flushers write the roll-ups, so their rows are never locked by a send.
-- Returns the number of kudos added.
CREATE OR REPLACE FUNCTION report_rollups_flush_part(p_wait boolean, p_limit int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  v_ids bigint[];
  -- Per member and UTC day of the queued kudos: given, received, last received instant.
  v_m int[];
  v_d date[];
  v_g int[];
  v_r int[];
  v_at timestamptz[];
  v_cg int[];
  v_cr int[];
  v_next date[];
BEGIN
  IF p_wait THEN
    PERFORM pg_advisory_xact_lock(727051);
  ELSIF NOT pg_try_advisory_xact_lock(727051) THEN
    RETURN -1;
  END IF;

  WITH d AS (DELETE FROM report_point_pending RETURNING day, figure, shard, amount)
  INSERT INTO report_point_days AS r (day, figure, shard, amount)
  SELECT day, figure, shard, sum(amount) FROM d GROUP BY 1, 2, 3
  ON CONFLICT (day, figure, shard) DO UPDATE SET amount = r.amount + excluded.amount;

  -- The queue has no key: a part is the first p_limit rows as stored (LIMIT NULL takes them all).
  WITH d AS (
    DELETE FROM report_kudos_pending
    WHERE ctid = ANY (ARRAY(SELECT ctid FROM report_kudos_pending LIMIT p_limit))
    RETURNING kudos_id
  )
  SELECT array_agg(kudos_id) INTO v_ids FROM d;
  IF v_ids IS NULL THEN
    RETURN 0;
  END IF;

  INSERT INTO report_kudos_days AS r (day, kind, behaviour_id, shard, n)
  SELECT (k.created_at AT TIME ZONE 'UTC')::date, k.kind, coalesce(k.behaviour_id, 0), k.from_member_id % 8, count(*)
  FROM kudos k WHERE k.id = ANY(v_ids)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (day, kind, behaviour_id, shard) DO UPDATE SET n = r.n + excluded.n;

  INSERT INTO report_kudos_pairs AS r (from_member_id, to_member_id, n)
  SELECT k.from_member_id, k.to_member_id, count(*) FROM kudos k WHERE k.id = ANY(v_ids)
  GROUP BY 1, 2
  ON CONFLICT (from_member_id, to_member_id) DO UPDATE SET n = r.n + excluded.n;

  SELECT array_agg(x.m ORDER BY x.m, x.day), array_agg(x.day ORDER BY x.m, x.day),
         array_agg(x.g ORDER BY x.m, x.day), array_agg(x.r ORDER BY x.m, x.day),
         array_agg(x.at ORDER BY x.m, x.day),
         array_agg(x.cg ORDER BY x.m, x.day), array_agg(x.cr ORDER BY x.m, x.day),
         array_agg(x.next ORDER BY x.m, x.day)
  INTO v_m, v_d, v_g, v_r, v_at, v_cg, v_cr, v_next
  FROM (
    SELECT y.*, (sum(y.g) OVER w)::int AS cg, (sum(y.r) OVER w)::int AS cr, lead(y.day) OVER w AS next
    FROM (
      SELECT v.m, v.day, sum(v.g)::int AS g, sum(v.r)::int AS r, max(v.at) AS at
      FROM kudos k
      CROSS JOIN LATERAL (VALUES (k.from_member_id, (k.created_at AT TIME ZONE 'UTC')::date, 1, 0, NULL::timestamptz),
                                 (k.to_member_id, (k.created_at AT TIME ZONE 'UTC')::date, 0, 1, k.created_at)) v(m, day, g, r, at)
      WHERE k.id = ANY(v_ids)
      GROUP BY v.m, v.day
    ) y
    WINDOW w AS (PARTITION BY y.m ORDER BY y.day)
  ) x;

  INSERT INTO report_member_totals AS r (member_id, first_day, last_day, given, received)
  SELECT b.m, min(b.day), max(b.day), sum(b.g), sum(b.r)
  FROM unnest(v_m, v_d, v_g, v_r) b(m, day, g, r)
  GROUP BY b.m
  ON CONFLICT (member_id) DO UPDATE SET first_day = least(r.first_day, excluded.first_day),
    last_day = greatest(r.last_day, excluded.last_day), given = r.given + excluded.given,
    received = r.received + excluded.received;

  -- A member's day rows hold running totals (decision 0045); queued kudos may be dated before a
  -- member's later rows (a seed, an import). One statement, so both parts read the rows as they
  -- were: a new day row starts from the totals of the member's latest earlier row plus the queued
  -- counts up to its day (cg, cr: the queue's running sums per member); an existing row on or
  -- after a queued day gains that day's counts when it is that day, and the queued running sums
  -- up to its day (the queued day it falls in: from b.day until the member's next queued day).
  WITH b AS (
    SELECT * FROM unnest(v_m, v_d, v_g, v_r, v_at, v_cg, v_cr, v_next) b(m, day, g, r, at, cg, cr, next)
  ), added AS (
    INSERT INTO report_member_days (day, member_id, given, received, last_received_at, given_total, received_total)
    SELECT b.day, b.m, b.g, b.r, b.at, coalesce(p.given_total, 0) + b.cg, coalesce(p.received_total, 0) + b.cr
    FROM b
    LEFT JOIN LATERAL (
      SELECT e.given_total, e.received_total FROM report_member_days e
      WHERE e.member_id = b.m AND e.day < b.day ORDER BY e.day DESC LIMIT 1
    ) p ON true
    WHERE NOT EXISTS (SELECT 1 FROM report_member_days e WHERE e.member_id = b.m AND e.day = b.day)
    RETURNING 1
  )
  UPDATE report_member_days r
  SET given = r.given + CASE WHEN r.day = b.day THEN b.g ELSE 0 END,
      received = r.received + CASE WHEN r.day = b.day THEN b.r ELSE 0 END,
      last_received_at = CASE WHEN r.day = b.day THEN greatest(r.last_received_at, b.at) ELSE r.last_received_at END,
      given_total = r.given_total + b.cg, received_total = r.received_total + b.cr
  FROM b
  WHERE r.member_id = b.m AND r.day >= b.day AND (b.next IS NULL OR r.day < b.next);

  RETURN cardinality(v_ids);
END;
$$;
--> statement-breakpoint
-- The whole queue in one call (the benches' generated firms): the function as it was before 0102.
CREATE OR REPLACE FUNCTION report_rollups_flush(p_wait boolean DEFAULT true) RETURNS int
LANGUAGE sql AS $$ SELECT report_rollups_flush_part(p_wait, NULL) $$;
