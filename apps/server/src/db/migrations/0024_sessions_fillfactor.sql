-- A session's last use is written about once a minute while it is in use (decision 0040). With
-- every page full, each such write put a new row version on another page and a new entry in all
-- three of the table's indexes: of 153,717 updates in a feed bench, 1 was HOT. Pages now keep
-- a third free, so the update stays on its page and touches no index (last_used_at is in none).
-- Existing full pages gain the room as their rows move once and vacuum frees the old versions.
ALTER TABLE "sessions" SET (fillfactor = 70);
