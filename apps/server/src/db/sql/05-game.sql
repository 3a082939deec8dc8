-- Game Board (issue 10, docs/decisions/0021-game-board.md). Applied after the migrations on every
-- start; every statement idempotent.
--
-- The prize pool is the system account 'game_prizes'. ledger_post refuses negative MEMBER
-- balances only (system accounts such as 'issuance' run negative by design), so the play locks
-- and reads the pool and draws only among prizes it can cover; this CHECK is the database's
-- backstop: the pool's cached balance can never go below zero, whatever the code does.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'ledger_accounts_game_pool_non_negative_ck') THEN
    ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_game_pool_non_negative_ck
      CHECK (member_id IS NOT NULL OR kind <> 'game_prizes' OR balance >= 0);
  END IF;
END;
$$;
--> statement-breakpoint
-- Draws are the audit trail: append-only, like the ledger.
CREATE OR REPLACE FUNCTION game_draws_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'game_draws is append-only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER game_draws_no_update_delete
  BEFORE UPDATE OR DELETE ON game_draws
  FOR EACH ROW EXECUTE FUNCTION game_draws_append_only();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER game_draws_no_truncate
  BEFORE TRUNCATE ON game_draws
  FOR EACH STATEMENT EXECUTE FUNCTION game_draws_append_only();
