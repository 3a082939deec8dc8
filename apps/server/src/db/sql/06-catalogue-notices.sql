-- The rewards catalogue's change notice (docs/decisions/0047), applied after the migrations on every
-- start; idempotent. Any committed change to an item or a category (an administrator's edit or
-- withdrawal, a checkout or cancellation that moves limited stock, loaded voucher codes, a seed, a
-- hand-made fix) tells every app instance, through the live channel's LISTEN/NOTIFY (pg-relay.ts,
-- channel 'ovation_live'), to drop its catalogue snapshot. PostgreSQL delivers it at commit and
-- never on rollback; a transaction's identical notices arrive once. A checkout's update of an
-- unlimited item leaves the row as it was and tells nobody.
--
-- live_notice(type): a statement or row trigger's function that sends {"notice":{"type":<type>}}
-- on the live channel; the settings' notice (10-settings-notices.sql) uses it too.
CREATE OR REPLACE FUNCTION live_notice() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ovation_live', jsonb_build_object('notice', jsonb_build_object('type', TG_ARGV[0]))::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER rewards_catalogue_row_changed
  AFTER UPDATE ON rewards
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION live_notice('catalogue');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER rewards_catalogue_rows_added_or_removed
  AFTER INSERT OR DELETE OR TRUNCATE ON rewards
  FOR EACH STATEMENT EXECUTE FUNCTION live_notice('catalogue');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER reward_categories_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reward_categories
  FOR EACH STATEMENT EXECUTE FUNCTION live_notice('catalogue');
--> statement-breakpoint
-- The function these triggers called before live_notice (its triggers now call live_notice).
DROP FUNCTION IF EXISTS rewards_catalogue_changed();
