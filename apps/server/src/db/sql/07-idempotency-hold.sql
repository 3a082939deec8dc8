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
