CREATE TABLE "role_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"changed_by" integer NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upload_rows" (
	"upload_id" integer NOT NULL,
	"row_num" integer NOT NULL,
	"refusal" text,
	"data" jsonb NOT NULL,
	"transaction_id" bigint,
	"reversal_transaction_id" bigint,
	CONSTRAINT "upload_rows_upload_id_row_num_pk" PRIMARY KEY("upload_id","row_num")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_hash" text NOT NULL,
	"uploaded_by" integer NOT NULL,
	"status" text DEFAULT 'checking' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	"reversed_at" timestamp with time zone,
	"reversed_by" integer,
	"discarded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "news_entries" ADD COLUMN "show_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_entries" ADD COLUMN "show_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_changes" ADD CONSTRAINT "role_changes_changed_by_members_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upload_rows" ADD CONSTRAINT "upload_rows_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_uploaded_by_members_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_applied_by_members_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_reversed_by_members_id_fk" FOREIGN KEY ("reversed_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "role_changes_member_idx" ON "role_changes" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "role_changes_at_idx" ON "role_changes" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "upload_rows_transaction_idx" ON "upload_rows" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_applied_hash_uq" ON "uploads" USING btree ("kind","content_hash") WHERE "uploads"."status" in ('applying', 'applied', 'reversed');