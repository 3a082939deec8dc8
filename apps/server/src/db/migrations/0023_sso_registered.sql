-- A member who signs in through single sign-on is registered without a portal password
-- (decision 0086): the first such sign-in is recorded here. Registered = a credentials row, or this.
ALTER TABLE "members" ADD COLUMN "sso_registered_at" timestamp with time zone;--> statement-breakpoint
-- The single sign-on sessions still on record (an ID token is kept until sign-out) tell who has
-- signed in that way already.
UPDATE "members" m SET "sso_registered_at" = f.first_at
FROM (
  SELECT s."member_id", min(o."created_at") AS first_at
  FROM "oidc_sessions" o JOIN "sessions" s ON s."id" = o."session_id"
  GROUP BY s."member_id"
) f
WHERE f."member_id" = m."id";
