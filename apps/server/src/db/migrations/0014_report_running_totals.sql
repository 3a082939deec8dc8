-- Running totals for the reports dashboard (docs/decisions/0045, amending 0030): each member's
-- day row also holds the member's totals through that day, and one row per member holds the
-- all-time totals with the first and last day, so a period's figure per member is two totals
-- instead of a sum over months and days. The monthly roll-up is no longer needed.
CREATE TABLE "report_member_totals" (
	"member_id" integer PRIMARY KEY NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"given" integer NOT NULL,
	"received" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "report_member_days" ADD COLUMN "given_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "report_member_days" ADD COLUMN "received_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_kudos() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d date := (NEW.created_at AT TIME ZONE 'UTC')::date;
BEGIN
  INSERT INTO report_kudos_days AS r (day, kind, behaviour_id, shard, n)
  VALUES (d, NEW.kind, coalesce(NEW.behaviour_id, 0), NEW.from_member_id % 8, 1)
  ON CONFLICT (day, kind, behaviour_id, shard) DO UPDATE SET n = r.n + 1;
  -- Giver and receiver rows in member order, so two opposite sends cannot lock in a cycle. A
  -- member's first row of a day starts from the totals of the member's latest earlier row.
  INSERT INTO report_member_days AS r (day, member_id, given, received, last_received_at, given_total, received_total)
  SELECT d, x.m, x.g, x.r, x.at, coalesce(p.given_total, 0) + x.g, coalesce(p.received_total, 0) + x.r
  FROM (
    SELECT v.m, sum(v.g)::int AS g, sum(v.r)::int AS r, max(v.at) AS at
    FROM (VALUES (NEW.from_member_id, 1, 0, NULL::timestamptz), (NEW.to_member_id, 0, 1, NEW.created_at)) v(m, g, r, at)
    GROUP BY v.m
  ) x
  LEFT JOIN LATERAL (
    SELECT e.given_total, e.received_total FROM report_member_days e
    WHERE e.member_id = x.m AND e.day < d ORDER BY e.day DESC LIMIT 1
  ) p ON true
  ORDER BY x.m
  ON CONFLICT (day, member_id) DO UPDATE SET given = r.given + excluded.given, received = r.received + excluded.received,
    last_received_at = greatest(r.last_received_at, excluded.last_received_at),
    given_total = r.given_total + excluded.given, received_total = r.received_total + excluded.received;
  -- A kudos dated before a member's later rows (a seed, an import) moves their totals too.
  UPDATE report_member_days r SET given_total = r.given_total + x.g, received_total = r.received_total + x.r
  FROM (
    SELECT v.m, sum(v.g)::int AS g, sum(v.r)::int AS r
    FROM (VALUES (NEW.from_member_id, 1, 0), (NEW.to_member_id, 0, 1)) v(m, g, r) GROUP BY v.m
  ) x
  WHERE r.member_id = x.m AND r.day > d;
  INSERT INTO report_member_totals AS r (member_id, first_day, last_day, given, received)
  SELECT v.m, d, d, sum(v.g), sum(v.r)
  FROM (VALUES (NEW.from_member_id, 1, 0), (NEW.to_member_id, 0, 1)) v(m, g, r)
  GROUP BY v.m ORDER BY v.m
  ON CONFLICT (member_id) DO UPDATE SET first_day = least(r.first_day, excluded.first_day),
    last_day = greatest(r.last_day, excluded.last_day), given = r.given + excluded.given,
    received = r.received + excluded.received;
  INSERT INTO report_kudos_pairs AS r (from_member_id, to_member_id, n)
  VALUES (NEW.from_member_id, NEW.to_member_id, 1)
  ON CONFLICT (from_member_id, to_member_id) DO UPDATE SET n = r.n + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TABLE "report_member_months" CASCADE;
--> statement-breakpoint
-- Back-fill from the day rows (this migration's ALTER TABLE holds them until it commits).
UPDATE report_member_days r SET given_total = s.given_total, received_total = s.received_total
FROM (
  SELECT day, member_id, sum(given) OVER w AS given_total, sum(received) OVER w AS received_total
  FROM report_member_days WINDOW w AS (PARTITION BY member_id ORDER BY day)
) s
WHERE s.day = r.day AND s.member_id = r.member_id;
--> statement-breakpoint
INSERT INTO report_member_totals (member_id, first_day, last_day, given, received)
SELECT member_id, min(day), max(day), sum(given), sum(received) FROM report_member_days GROUP BY member_id;
