CREATE TABLE "report_point_pending" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "report_point_pending_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"day" date NOT NULL,
	"figure" text NOT NULL,
	"shard" smallint NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
-- The ledger's roll-up (docs/decisions/0030): one trigger per INSERT statement
-- on ledger_entries, not one per entry. The statement's entries are summed per (day, figure,
-- shard) into report_point_pending; a deferred trigger on that table adds each sum to
-- report_point_days at commit and deletes it. The per-entry trigger upserted the same hot row
-- (e.g. the day's 'issued' figure) once per entry: a 100,000-row points upload made 100,000 row
-- versions of it inside one transaction, each upsert stepping over the ones before, so its
-- commit took about 45 s. Now it is one upsert per ledger call.
DROP TRIGGER IF EXISTS ledger_entries_report_rollup ON ledger_entries;
--> statement-breakpoint
DROP FUNCTION IF EXISTS report_rollup_ledger_entry();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rollup_ledger_entries() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_point_pending (day, figure, shard, amount)
  SELECT x.day, x.figure, x.shard, sum(abs(x.amount))
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
CREATE TRIGGER ledger_entries_report_rollup AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_entries FOR EACH STATEMENT EXECUTE FUNCTION report_rollup_ledger_entries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_point_pending_flush() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_point_days AS r (day, figure, shard, amount)
  VALUES (NEW.day, NEW.figure, NEW.shard, NEW.amount)
  ON CONFLICT (day, figure, shard) DO UPDATE SET amount = r.amount + excluded.amount;
  DELETE FROM report_point_pending WHERE id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER report_point_pending_flush AFTER INSERT ON report_point_pending
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION report_point_pending_flush();
