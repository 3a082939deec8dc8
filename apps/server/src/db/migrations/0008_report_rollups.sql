CREATE TABLE "report_kudos_days" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"behaviour_id" integer NOT NULL,
	"shard" smallint NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_kudos_days_day_kind_behaviour_id_shard_pk" PRIMARY KEY("day","kind","behaviour_id","shard")
);
--> statement-breakpoint
CREATE TABLE "report_kudos_pairs" (
	"from_member_id" integer NOT NULL,
	"to_member_id" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "report_kudos_pairs_from_member_id_to_member_id_pk" PRIMARY KEY("from_member_id","to_member_id")
);
--> statement-breakpoint
CREATE TABLE "report_member_days" (
	"day" date NOT NULL,
	"member_id" integer NOT NULL,
	"given" integer NOT NULL,
	"received" integer NOT NULL,
	"last_received_at" timestamp with time zone,
	CONSTRAINT "report_member_days_day_member_id_pk" PRIMARY KEY("day","member_id")
);
--> statement-breakpoint
CREATE TABLE "report_member_months" (
	"month" date NOT NULL,
	"member_id" integer NOT NULL,
	"given" integer NOT NULL,
	"received" integer NOT NULL,
	CONSTRAINT "report_member_months_month_member_id_pk" PRIMARY KEY("month","member_id")
);
--> statement-breakpoint
CREATE TABLE "report_point_days" (
	"day" date NOT NULL,
	"figure" text NOT NULL,
	"shard" smallint NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_point_days_day_figure_shard_pk" PRIMARY KEY("day","figure","shard")
);
--> statement-breakpoint
CREATE INDEX "report_kudos_pairs_frequent_idx" ON "report_kudos_pairs" USING btree ("from_member_id","to_member_id") WHERE "report_kudos_pairs"."n" >= 3;--> statement-breakpoint
CREATE INDEX "report_member_days_member_idx" ON "report_member_days" USING btree ("member_id","day");--> statement-breakpoint
-- Roll-ups for the reports dashboard (docs/decisions/0030): kept by deferred triggers, so each
-- send adds one upsert per roll-up row it touches, run at commit (hot rows are held briefly).
CREATE OR REPLACE FUNCTION report_rollup_kudos() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  d date := (NEW.created_at AT TIME ZONE 'UTC')::date;
  mo date := date_trunc('month', (NEW.created_at AT TIME ZONE 'UTC'))::date;
BEGIN
  INSERT INTO report_kudos_days AS r (day, kind, behaviour_id, shard, n)
  VALUES (d, NEW.kind, coalesce(NEW.behaviour_id, 0), NEW.from_member_id % 8, 1)
  ON CONFLICT (day, kind, behaviour_id, shard) DO UPDATE SET n = r.n + 1;
  -- Giver and receiver rows in member order, so two opposite sends cannot lock in a cycle.
  INSERT INTO report_member_days AS r (day, member_id, given, received, last_received_at)
  SELECT d, x.m, sum(x.g), sum(x.r), max(x.at)
  FROM (VALUES (NEW.from_member_id, 1, 0, NULL::timestamptz), (NEW.to_member_id, 0, 1, NEW.created_at)) x(m, g, r, at)
  GROUP BY x.m ORDER BY x.m
  ON CONFLICT (day, member_id) DO UPDATE SET given = r.given + excluded.given, received = r.received + excluded.received,
    last_received_at = greatest(r.last_received_at, excluded.last_received_at);
  INSERT INTO report_member_months AS r (month, member_id, given, received)
  SELECT mo, x.m, sum(x.g), sum(x.r)
  FROM (VALUES (NEW.from_member_id, 1, 0), (NEW.to_member_id, 0, 1)) x(m, g, r)
  GROUP BY x.m ORDER BY x.m
  ON CONFLICT (month, member_id) DO UPDATE SET given = r.given + excluded.given, received = r.received + excluded.received;
  INSERT INTO report_kudos_pairs AS r (from_member_id, to_member_id, n)
  VALUES (NEW.from_member_id, NEW.to_member_id, 1)
  ON CONFLICT (from_member_id, to_member_id) DO UPDATE SET n = r.n + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER kudos_report_rollup AFTER INSERT ON kudos
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_rollup_kudos();
--> statement-breakpoint
-- The figure an entry counts towards, as the dashboard defines it; NULL when none.
CREATE OR REPLACE FUNCTION report_point_figure(p_account_kind text, p_member_id integer, p_tx_kind text, p_amount bigint)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_member_id IS NULL AND p_account_kind = 'issuance' AND p_amount < 0 THEN 'issued'
    WHEN p_member_id IS NOT NULL AND p_account_kind = 'points' AND p_amount > 0
      AND p_tx_kind IN ('recognition', 'payitforward') THEN 'given'
    WHEN p_member_id IS NULL AND p_account_kind = 'redemptions' AND p_amount > 0 THEN 'redeemed'
    WHEN p_member_id IS NULL AND p_account_kind = 'game_prizes' AND p_amount < 0 THEN 'won'
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_ledger_entry() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_figure text;
BEGIN
  SELECT report_point_figure(a.kind, a.member_id, t.kind, NEW.amount) INTO v_figure
  FROM ledger_accounts a, ledger_transactions t WHERE a.id = NEW.account_id AND t.id = NEW.transaction_id;
  IF v_figure IS NOT NULL THEN
    INSERT INTO report_point_days AS r (day, figure, shard, amount)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, v_figure, NEW.account_id % 8, abs(NEW.amount))
    ON CONFLICT (day, figure, shard) DO UPDATE SET amount = r.amount + excluded.amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_entries_report_rollup AFTER INSERT ON ledger_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_rollup_ledger_entry();
--> statement-breakpoint
-- Back-fill from the history (the triggers above lock their tables until this migration commits).
INSERT INTO report_kudos_days (day, kind, behaviour_id, shard, n)
SELECT (created_at AT TIME ZONE 'UTC')::date, kind, coalesce(behaviour_id, 0), from_member_id % 8, count(*)
FROM kudos GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO report_member_days (day, member_id, given, received, last_received_at)
SELECT day, m, sum(g), sum(r), max(at) FROM (
  SELECT (created_at AT TIME ZONE 'UTC')::date AS day, from_member_id AS m, 1 AS g, 0 AS r, NULL::timestamptz AS at FROM kudos
  UNION ALL
  SELECT (created_at AT TIME ZONE 'UTC')::date, to_member_id, 0, 1, created_at FROM kudos
) x GROUP BY day, m;
--> statement-breakpoint
INSERT INTO report_member_months (month, member_id, given, received)
SELECT date_trunc('month', day)::date, member_id, sum(given), sum(received) FROM report_member_days GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_kudos_pairs (from_member_id, to_member_id, n)
SELECT from_member_id, to_member_id, count(*) FROM kudos GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO report_point_days (day, figure, shard, amount)
SELECT (e.created_at AT TIME ZONE 'UTC')::date, report_point_figure(a.kind, a.member_id, t.kind, e.amount) AS figure,
  e.account_id % 8, sum(abs(e.amount))
FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transactions t ON t.id = e.transaction_id
WHERE report_point_figure(a.kind, a.member_id, t.kind, e.amount) IS NOT NULL
GROUP BY 1, 2, 3;
