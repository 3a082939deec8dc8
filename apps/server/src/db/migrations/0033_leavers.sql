ALTER TABLE "members" ADD COLUMN "left_at" timestamp with time zone;--> statement-breakpoint
-- The payouts account (decision 0111): leavers' points paid out through payroll.
INSERT INTO "ledger_accounts" ("member_id", "kind") VALUES (NULL, 'payouts') ON CONFLICT ("kind") WHERE "member_id" IS NULL DO NOTHING;
