-- Each check-in keeps the division its member was in when they checked in (decision 0078): mood
-- figures group by it, so moving a member between divisions no longer changes the published
-- figures of past weeks (a reader who could move members could otherwise learn one member's past
-- moods by difference, 0074). Check-ins made before this migration take their member's division
-- as it is now, the best record there is.
ALTER TABLE "mood_checkins" ADD COLUMN "division_id" integer;--> statement-breakpoint
ALTER TABLE "mood_checkins" ADD CONSTRAINT "mood_checkins_division_id_divisions_id_fk" FOREIGN KEY ("division_id") REFERENCES "public"."divisions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "mood_checkins" c SET "division_id" = m."division_id" FROM "members" m WHERE m."id" = c."member_id" AND m."division_id" IS NOT NULL;
--> statement-breakpoint
-- Every writer (a member's check-in, the demo seed, tests) gets it the same way: from the member
-- as the check-in is first written that day; changing the day's mood keeps it.
CREATE OR REPLACE FUNCTION mood_checkin_division() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.division_id := (SELECT division_id FROM members WHERE id = NEW.member_id);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER mood_checkin_division BEFORE INSERT ON mood_checkins
  FOR EACH ROW EXECUTE FUNCTION mood_checkin_division();
