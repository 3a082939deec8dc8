import { asc, desc, eq, isNull, lt, and } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
}

export async function insertEmail(db: Db, email: OutgoingEmail) {
  const [row] = await db
    .insert(emailOutbox)
    .values({ kind: email.kind, toAddress: email.to, subject: email.subject, bodyText: email.text })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** Gives up on an e-mail after this many failed deliveries (it stays in the outbox to read). */
export const MAX_DELIVERY_ATTEMPTS = 5;

/**
 * The oldest pending e-mails, locked for this transaction; rows another dispatcher holds are
 * skipped, not waited for.
 */
export function claimPendingEmails(db: Db, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(isNull(emailOutbox.sentAt), lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS)))
    .orderBy(asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEmailSent(db: Db, id: number) {
  await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, id));
}

export async function markEmailFailed(db: Db, id: number, attempts: number, error: string) {
  await db
    .update(emailOutbox)
    .set({ attempts, lastError: error.slice(0, 500) })
    .where(eq(emailOutbox.id, id));
}

export function listRecentEmails(db: Db, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
