-- Holding an Idempotency-Key (docs/decisions/0042, 0049), applied after the migrations on every
-- start; idempotent. The send runner sends the hold with the work's other statements in one write,
-- so a key another live transaction holds must stop the rest at once: the hold raises (SQLSTATE
-- OVK01, answered 409) instead of answering false, the transaction is aborted, and the statements
-- sent after it do nothing, in particular wait for no lock the holder has.
CREATE OR REPLACE FUNCTION idempotency_hold(p_class int, p_key int) RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(p_class, p_key) THEN
    RAISE EXCEPTION 'Idempotency-Key held by another transaction' USING ERRCODE = 'OVK01';
  END IF;
  RETURN true;
END;
$$;
--> statement-breakpoint
-- The hold and the key's answer in one statement (decision 0053): after taking the lock, a key
-- answered meanwhile (a request with it committed before this one) raises SQLSTATE OVK02, so a
-- send's statements can go out with its COMMIT; the server then replays the stored answer (or
-- answers 422 when it was stored for another request). The two-argument form stays for
-- instances of the earlier version during a rolling start.
CREATE OR REPLACE FUNCTION idempotency_hold(p_class int, p_key int, p_member int, p_idempotency_key text)
RETURNS boolean
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT pg_try_advisory_xact_lock(p_class, p_key) THEN
    RAISE EXCEPTION 'Idempotency-Key held by another transaction' USING ERRCODE = 'OVK01';
  END IF;
  IF EXISTS (SELECT 1 FROM idempotency_keys
             WHERE member_id = p_member AND key = p_idempotency_key AND response_status IS NOT NULL) THEN
    RAISE EXCEPTION 'Idempotency-Key already answered' USING ERRCODE = 'OVK02';
  END IF;
  RETURN true;
END;
$$;
