-- E-mails with a secret link (activation, password reset, e-mail change) go out before other
-- pending mail: the dispatcher claims in (sensitive desc, id) order, and this index serves it.
DROP INDEX "email_outbox_pending_idx";--> statement-breakpoint
CREATE INDEX "email_outbox_pending_idx" ON "email_outbox" USING btree ("sent_at","sensitive" DESC NULLS FIRST,"id");
