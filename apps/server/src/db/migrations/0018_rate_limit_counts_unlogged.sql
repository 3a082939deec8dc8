-- Rate-limit counts live for a minute (sends) or a few (sign-in throttles): no write-ahead log for
-- them (decision 0054). A send's count commits on its own, ahead of the send's transaction, and
-- was a WAL flush of its own for every send; a crash of the database now empties the table,
-- which only gives every member and address a fresh window.
ALTER TABLE "rate_limit_counts" SET UNLOGGED;
