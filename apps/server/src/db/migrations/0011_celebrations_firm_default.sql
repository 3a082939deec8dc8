ALTER TABLE "member_preferences" ALTER COLUMN "hide_celebrations" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "member_preferences" ALTER COLUMN "hide_celebrations" DROP NOT NULL;--> statement-breakpoint
-- Until now "not hidden" was stored as false for everyone who saved any preference: from here
-- null means "the firm's setting" (decision 0026), which was "not hidden" until now.
UPDATE "member_preferences" SET "hide_celebrations" = NULL WHERE "hide_celebrations" = false;
