-- The audit trail's guards (docs/decisions/0113), applied after the migrations on every start;
-- idempotent. The application connects as the table's owner, so privileges cannot stop it: these
-- triggers refuse every UPDATE but the sealer's (an unsealed row given its hash, seq and chain
-- hash, nothing else changed), every DELETE but the retention's (sealed rows, inside audit_prune) and
-- TRUNCATE. Someone who can drop a trigger can still change a row: audit:verify then finds it.
CREATE OR REPLACE FUNCTION audit_log_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF OLD.seq IS NULL AND NEW.seq IS NOT NULL
       AND (to_jsonb(NEW) - 'seq' - 'chain_hash' - 'sealed_at' - 'row_hash')
         = (to_jsonb(OLD) - 'seq' - 'chain_hash' - 'sealed_at' - 'row_hash') THEN
      RETURN NEW;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF current_setting('ovation.audit_prune', true) = 'on' AND OLD.seq IS NOT NULL THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_guard();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_guard();
--> statement-breakpoint
-- The retention's delete: sealed rows at or before `upto_seq`, a checkpoint recording where the
-- chain now starts. The setting lasts only for this transaction.
CREATE OR REPLACE FUNCTION audit_prune(upto_seq bigint) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  last_hash text;
  removed integer;
BEGIN
  SELECT chain_hash INTO last_hash FROM audit_log WHERE seq = upto_seq;
  IF last_hash IS NULL THEN RETURN 0; END IF;
  PERFORM set_config('ovation.audit_prune', 'on', true);
  DELETE FROM audit_log WHERE seq IS NOT NULL AND seq <= upto_seq;
  GET DIAGNOSTICS removed = ROW_COUNT;
  PERFORM set_config('ovation.audit_prune', 'off', true);
  INSERT INTO audit_checkpoints (seq, chain_hash, removed) VALUES (upto_seq, last_hash, removed);
  RETURN removed;
END;
$$;
