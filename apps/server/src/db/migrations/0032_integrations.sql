CREATE TABLE "integration_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"rotated_from" integer
);
--> statement-breakpoint
CREATE TABLE "provisioning_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"token_id" integer,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" smallint NOT NULL,
	"member_id" integer,
	"outcome" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "directory_user_name" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "directory_managed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "directory_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "role_changes" ADD COLUMN "changed_by_token" integer;--> statement-breakpoint
ALTER TABLE "integration_tokens" ADD CONSTRAINT "integration_tokens_created_by_members_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_log" ADD CONSTRAINT "provisioning_log_token_id_integration_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."integration_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provisioning_log" ADD CONSTRAINT "provisioning_log_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_tokens_hash_uq" ON "integration_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "provisioning_log_at_idx" ON "provisioning_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "provisioning_log_member_idx" ON "provisioning_log" USING btree ("member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_external_id_uq" ON "members" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_user_name_uq" ON "members" USING btree (lower(coalesce("directory_user_name", "email")));