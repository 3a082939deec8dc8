CREATE TABLE "milestone_card_messages" (
	"milestone_id" bigint NOT NULL,
	"author_id" integer NOT NULL,
	"message" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "milestone_card_messages_milestone_id_author_id_pk" PRIMARY KEY("milestone_id","author_id")
);
--> statement-breakpoint
CREATE TABLE "service_breaks" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_breaks_window_ck" CHECK ("service_breaks"."ends_on" >= "service_breaks"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "service_milestones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"years" smallint NOT NULL,
	"milestone_on" date NOT NULL,
	"post_on" date NOT NULL,
	"form" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"gift_name" text DEFAULT '' NOT NULL,
	"value_rand" numeric(12, 2) DEFAULT '0' NOT NULL,
	"unbroken" boolean NOT NULL,
	"manager_id" integer,
	"message" text NOT NULL,
	"announced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"transaction_id" bigint,
	"kudos_id" bigint,
	CONSTRAINT "service_milestones_points_ck" CHECK ("service_milestones"."points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "service_milestone_id" bigint;--> statement-breakpoint
ALTER TABLE "milestone_card_messages" ADD CONSTRAINT "milestone_card_messages_milestone_id_service_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."service_milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_card_messages" ADD CONSTRAINT "milestone_card_messages_author_id_members_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_breaks" ADD CONSTRAINT "service_breaks_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_breaks" ADD CONSTRAINT "service_breaks_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_milestones" ADD CONSTRAINT "service_milestones_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_milestones" ADD CONSTRAINT "service_milestones_manager_id_members_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_milestones" ADD CONSTRAINT "service_milestones_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_milestones" ADD CONSTRAINT "service_milestones_kudos_id_kudos_id_fk" FOREIGN KEY ("kudos_id") REFERENCES "public"."kudos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_breaks_member_idx" ON "service_breaks" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_milestones_member_years_uq" ON "service_milestones" USING btree ("member_id","years");--> statement-breakpoint
CREATE INDEX "service_milestones_due_idx" ON "service_milestones" USING btree ("post_on") WHERE "service_milestones"."posted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "service_milestones_manager_idx" ON "service_milestones" USING btree ("manager_id","post_on");