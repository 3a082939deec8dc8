-- The programme settings' change notice (docs/decisions/0059), applied after the migrations on
-- every start; idempotent. Any committed change to `settings` (a seed, a test, a bench, a fix typed
-- into psql) tells every app instance, through the live channel's LISTEN/NOTIFY (pg-relay.ts,
-- channel 'ovation_live'; PGlite's listen on the embedded database), to drop the settings it holds
-- (modules/settings/programme-settings.ts). PostgreSQL delivers it at commit and never on rollback;
-- a transaction's identical notices arrive once. live_notice is defined in 06-catalogue-notices.sql.
CREATE OR REPLACE TRIGGER settings_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION live_notice('settings');
--> statement-breakpoint
-- The function this trigger called before live_notice.
DROP FUNCTION IF EXISTS settings_changed();
