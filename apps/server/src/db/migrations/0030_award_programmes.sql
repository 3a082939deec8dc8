CREATE TABLE "award_delegates" (
	"approver_id" integer PRIMARY KEY NOT NULL,
	"delegate_id" integer NOT NULL,
	"until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_nomination_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"nomination_id" bigint NOT NULL,
	"actor_member_id" integer,
	"action" text NOT NULL,
	"step" smallint NOT NULL,
	"from_level" text,
	"to_level" text,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "award_nominations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"programme_id" integer NOT NULL,
	"nominator_id" integer NOT NULL,
	"nominee_id" integer NOT NULL,
	"level_key" text NOT NULL,
	"points" integer NOT NULL,
	"reason" text NOT NULL,
	"behaviour_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"chain" jsonb NOT NULL,
	"step" smallint DEFAULT 0 NOT NULL,
	"step_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reciprocal" boolean DEFAULT false NOT NULL,
	"nudges" smallint DEFAULT 0 NOT NULL,
	"hold_transaction_id" bigint,
	"settled_transaction_id" bigint,
	"kudos_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "award_nominations_points_ck" CHECK ("award_nominations"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "award_programmes" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"behaviour_ids" integer[] DEFAULT '{}' NOT NULL,
	"eligibility" jsonb NOT NULL,
	"levels" jsonb NOT NULL,
	"approval" jsonb NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"reason_min_length" smallint DEFAULT 50 NOT NULL,
	"reciprocal_days" smallint DEFAULT 90 NOT NULL,
	"service_hours" smallint DEFAULT 72 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "award_programmes_window_ck" CHECK ("award_programmes"."closes_on" >= "award_programmes"."opens_on")
);
--> statement-breakpoint
ALTER TABLE "kudos" DROP CONSTRAINT "kudos_kind_ck";--> statement-breakpoint
ALTER TABLE "kudos" ADD COLUMN "label" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "award_nomination_id" bigint;--> statement-breakpoint
ALTER TABLE "award_delegates" ADD CONSTRAINT "award_delegates_approver_id_members_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_delegates" ADD CONSTRAINT "award_delegates_delegate_id_members_id_fk" FOREIGN KEY ("delegate_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nomination_events" ADD CONSTRAINT "award_nomination_events_nomination_id_award_nominations_id_fk" FOREIGN KEY ("nomination_id") REFERENCES "public"."award_nominations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nomination_events" ADD CONSTRAINT "award_nomination_events_actor_member_id_members_id_fk" FOREIGN KEY ("actor_member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_programme_id_award_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."award_programmes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_nominator_id_members_id_fk" FOREIGN KEY ("nominator_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_nominee_id_members_id_fk" FOREIGN KEY ("nominee_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_hold_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("hold_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_settled_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("settled_transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_nominations" ADD CONSTRAINT "award_nominations_kudos_id_kudos_id_fk" FOREIGN KEY ("kudos_id") REFERENCES "public"."kudos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_programmes" ADD CONSTRAINT "award_programmes_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "award_nomination_events_nomination_idx" ON "award_nomination_events" USING btree ("nomination_id","id");--> statement-breakpoint
CREATE INDEX "award_nominations_pending_idx" ON "award_nominations" USING btree ("programme_id") WHERE "award_nominations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "award_nominations_nominee_idx" ON "award_nominations" USING btree ("nominee_id","created_at");--> statement-breakpoint
CREATE INDEX "award_nominations_nominator_idx" ON "award_nominations" USING btree ("nominator_id","created_at");--> statement-breakpoint
CREATE INDEX "award_nominations_chain_idx" ON "award_nominations" USING gin ("chain") WHERE "award_nominations"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "kudos" ADD CONSTRAINT "kudos_kind_ck" CHECK ("kudos"."kind" in ('recognition', 'high5', 'payitforward', 'award'));--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_award_non_negative_ck" CHECK ("ledger_accounts"."kind" not like 'award\_%' or "ledger_accounts"."balance" >= 0);