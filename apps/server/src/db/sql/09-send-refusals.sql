-- Refusals the database raises (decision 0053), applied after the migrations on every start;
-- idempotent. A kudos send's checks go out in the same write as its posting, its rows, its
-- stored answer and COMMIT, so a check that refuses must abort the transaction itself: the
-- statements sent after it then do nothing that lasts, and the statement's `fail` (on the server)
-- turns the error into the flow's refusal. Nothing waits for the server to read an answer first.
--
-- send_refuse raises SQLSTATE OVC01 with DETAIL p_detail when p_refuse is true; a check calls it
-- on what it counted, e.g. send_refuse(count > limit, to_member_id::text).
CREATE OR REPLACE FUNCTION send_refuse(p_refuse boolean, p_detail text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF p_refuse THEN
    RAISE EXCEPTION 'send refused (%)', p_detail USING ERRCODE = 'OVC01', DETAIL = p_detail;
  END IF;
END;
$$;
--> statement-breakpoint
-- The verdict of the rate limit's count, which is sent ahead of BEGIN (it counts even when the
-- send rolls back) and keeps its verdict in the session setting named here: the send's
-- transaction reads it first and refuses with OVC01 ('rate'). The count and this check always
-- travel in the same write on the same connection, so the setting is never another send's.
CREATE OR REPLACE FUNCTION send_rate_refuse(p_setting text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM send_refuse(current_setting(p_setting, true) = 'over', 'rate');
END;
$$;
