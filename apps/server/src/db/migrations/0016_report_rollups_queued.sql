-- Sends queue their roll-ups; report_rollups_flush() (src/db/sql/08-report-rollups-flush.sql)
-- adds the queue to the roll-ups in bulk, every few seconds and before the dashboard reads them
-- (docs/decisions/0051, amending 0030). Before, each kudos ran five upserts at commit and each
-- ledger call one more (and a delete), most of them on rows every send shares (the day's figure
-- and kind rows), so a send held those rows' locks through its commit.
CREATE TABLE "report_kudos_pending" (
	"kudos_id" bigint NOT NULL
);
--> statement-breakpoint
DROP TRIGGER IF EXISTS kudos_report_rollup ON kudos;
--> statement-breakpoint
DROP FUNCTION IF EXISTS report_rollup_kudos();
--> statement-breakpoint
DROP TRIGGER IF EXISTS report_point_pending_flush ON report_point_pending;
--> statement-breakpoint
DROP FUNCTION IF EXISTS report_point_pending_flush();
--> statement-breakpoint
ALTER TABLE "report_point_pending" DROP COLUMN "id";
--> statement-breakpoint
-- One INSERT per INSERT statement on kudos, whatever its number of rows.
CREATE OR REPLACE FUNCTION report_queue_kudos() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_kudos_pending (kudos_id) SELECT id FROM new_kudos;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER kudos_report_queue AFTER INSERT ON kudos
  REFERENCING NEW TABLE AS new_kudos FOR EACH STATEMENT EXECUTE FUNCTION report_queue_kudos();
