CREATE TABLE "game_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"cap" smallint NOT NULL,
	"random_value" bigint NOT NULL,
	"random_range" bigint NOT NULL,
	"table_version" integer NOT NULL,
	"pool_before" bigint NOT NULL,
	"prize_label" text NOT NULL,
	"prize_points" integer NOT NULL,
	"play_transaction_id" bigint NOT NULL,
	"prize_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_draws_random_ck" CHECK ("game_draws"."random_value" >= 0 and "game_draws"."random_value" < "game_draws"."random_range"),
	CONSTRAINT "game_draws_prize_ck" CHECK ("game_draws"."prize_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_play_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("play_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_draws" ADD CONSTRAINT "game_draws_prize_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("prize_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_draws_member_idx" ON "game_draws" USING btree ("member_id","id");