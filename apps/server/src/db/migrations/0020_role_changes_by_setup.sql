-- A role change made by the firm's set-up command (`npm run setup:firm`, which makes the first
-- administrator) has no member who made it: changed_by is null (decision 0080).
ALTER TABLE "role_changes" ALTER COLUMN "changed_by" DROP NOT NULL;
