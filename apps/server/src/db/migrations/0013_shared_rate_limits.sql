CREATE TABLE "rate_limit_counts" (
	"name" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_counts_name_key_pk" PRIMARY KEY("name","key")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counts_reset_idx" ON "rate_limit_counts" USING btree ("reset_at");