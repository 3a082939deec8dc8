CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"link_text" text DEFAULT '' NOT NULL,
	"theme" text DEFAULT 'teal' NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "behaviours" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kudos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"from_member_id" integer NOT NULL,
	"to_member_id" integer NOT NULL,
	"behaviour_id" integer,
	"message" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"ledger_transaction_id" bigint,
	"like_count" integer DEFAULT 0 NOT NULL,
	"cheer_count" integer DEFAULT 0 NOT NULL,
	"support_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kudos_kind_ck" CHECK ("kudos"."kind" in ('recognition', 'high5', 'payitforward')),
	CONSTRAINT "kudos_counts_ck" CHECK ("kudos"."like_count" >= 0 and "kudos"."cheer_count" >= 0 and "kudos"."support_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "kudos_reactions" (
	"kudos_id" bigint NOT NULL,
	"kind" smallint NOT NULL,
	"member_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kudos_reactions_kudos_id_kind_member_id_pk" PRIMARY KEY("kudos_id","kind","member_id"),
	CONSTRAINT "kudos_reactions_kind_ck" CHECK ("kudos_reactions"."kind" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "mood_checkins" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mood_checkins_member_id_day_pk" PRIMARY KEY("member_id","day"),
	CONSTRAINT "mood_checkins_value_ck" CHECK ("mood_checkins"."value" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "mood_descriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"value" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"member_id" integer NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" smallint,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_member_id_key_pk" PRIMARY KEY("member_id","key")
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"member_id" integer,
	"balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_member_non_negative_ck" CHECK ("ledger_accounts"."member_id" is null or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"counterparty_member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_non_zero_ck" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"actor_member_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_daily_totals" (
	"member_id" integer NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	CONSTRAINT "send_daily_totals_member_id_day_kind_pk" PRIMARY KEY("member_id","day","kind")
);
--> statement-breakpoint
CREATE TABLE "send_pair_counts" (
	"from_member_id" integer NOT NULL,
	"to_member_id" integer NOT NULL,
	"day" date NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "send_pair_counts_from_member_id_to_member_id_day_pk" PRIMARY KEY("from_member_id","to_member_id","day")
);
--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_from_member_id_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_to_member_id_members_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_behaviour_id_behaviours_id_fk" FOREIGN KEY ("behaviour_id") REFERENCES "public"."behaviours"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos_reactions" ADD CONSTRAINT "kudos_reactions_kudos_id_kudos_id_fk" FOREIGN KEY ("kudos_id") REFERENCES "public"."kudos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kudos_reactions" ADD CONSTRAINT "kudos_reactions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mood_checkins" ADD CONSTRAINT "mood_checkins_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_counterparty_member_id_members_id_fk" FOREIGN KEY ("counterparty_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_actor_member_id_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_daily_totals" ADD CONSTRAINT "send_daily_totals_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_pair_counts" ADD CONSTRAINT "send_pair_counts_from_member_id_members_id_fk" FOREIGN KEY ("from_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_pair_counts" ADD CONSTRAINT "send_pair_counts_to_member_id_members_id_fk" FOREIGN KEY ("to_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kudos_to_member_idx" ON "kudos" USING btree ("to_member_id","id");--> statement-breakpoint
CREATE INDEX "kudos_from_member_idx" ON "kudos" USING btree ("from_member_id","id");--> statement-breakpoint
CREATE INDEX "kudos_behaviour_created_idx" ON "kudos" USING btree ("behaviour_id","created_at");--> statement-breakpoint
CREATE INDEX "kudos_created_idx" ON "kudos" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "kudos_reactions_member_idx" ON "kudos_reactions" USING btree ("member_id","kudos_id");--> statement-breakpoint
CREATE INDEX "kudos_reactions_recent_idx" ON "kudos_reactions" USING btree ("kudos_id","kind","created_at","member_id");--> statement-breakpoint
CREATE INDEX "mood_checkins_day_idx" ON "mood_checkins" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_member_kind_uq" ON "ledger_accounts" USING btree ("member_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_kind_uq" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."member_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_created_idx" ON "ledger_transactions" USING btree ("created_at");