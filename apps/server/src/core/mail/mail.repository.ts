import { asc, desc, eq, isNull, lt, lte, and, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/db.ts';
import type { Statement } from '../../db/statement.ts';
import { emailOutbox } from '../../db/schema/index.ts';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  /** The body carries a secret (a reset or activation link): never shown by the outbox API. */
  sensitive?: boolean;
  /** Where a reply goes (the sender of a support request), instead of the portal's address. */
  replyTo?: string;
}

const outboxRow = (email: OutgoingEmail) => ({
  kind: email.kind,
  toAddress: email.to,
  subject: email.subject,
  bodyText: email.text,
  sensitive: email.sensitive ?? false,
  replyTo: email.replyTo || null,
});

export async function insertEmail(db: Db, email: OutgoingEmail) {
  const [row] = await db.insert(emailOutbox).values(outboxRow(email)).returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Several e-mails in one statement (a send's recipient and manager mails), as a statement the send
 * runner sends with the work's others (decision 0049); reads their ids in the given order.
 */
export function emailsStatement(emails: OutgoingEmail[]): Statement<number[]> {
  const payload = emails.map((e) => ({
    kind: e.kind,
    to_address: e.to,
    subject: e.subject,
    body_text: e.text,
    sensitive: e.sensitive ?? false,
  }));
  return {
    sql: sql`insert into email_outbox (kind, to_address, subject, body_text, sensitive)
             select r.kind, r.to_address, r.subject, r.body_text, r.sensitive
             from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb)
               as r(kind text, to_address text, subject text, body_text text, sensitive boolean)
             returning id`,
    name: 'email_outbox_insert',
    read: (rows) => rows.map((r) => Number(r.id)),
  };
}

/** Gives up on an e-mail after this many failed deliveries (it stays in the outbox to read). */
export const MAX_DELIVERY_ATTEMPTS = 8;

/**
 * Seconds to wait before trying an e-mail again after its `attempts`-th failure: 30 s, 2 min,
 * 8 min, 32 min, then hourly (about 4 hours in all before it gives up).
 */
export const retryDelaySeconds = (attempts: number) => Math.min(30 * 4 ** Math.max(attempts - 1, 0), 3600);

/**
 * The oldest pending e-mails that are due (never tried, or their back-off is over, by the
 * database's clock), locked for this transaction; rows another dispatcher holds are skipped,
 * not waited for. E-mails with a secret link (activation, password reset, e-mail change) go
 * before the rest: someone is waiting for them, while a burst of notifications or a weekly
 * digest can wait a few seconds more.
 */
export function claimPendingEmails(db: Db, limit: number) {
  return db
    .select()
    .from(emailOutbox)
    .where(
      and(
        isNull(emailOutbox.sentAt),
        lt(emailOutbox.attempts, MAX_DELIVERY_ATTEMPTS),
        or(isNull(emailOutbox.nextAttemptAt), lte(emailOutbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .orderBy(desc(emailOutbox.sensitive), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEmailSent(db: Db, id: number) {
  await db.update(emailOutbox).set({ sentAt: new Date() }).where(eq(emailOutbox.id, id));
}

/** Records a failed delivery; `attempts` at the maximum gives up, otherwise it is tried after the back-off. */
export async function markEmailFailed(db: Db, id: number, attempts: number, error: string) {
  await db
    .update(emailOutbox)
    .set({
      attempts,
      lastError: error.slice(0, 500),
      nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
    })
    .where(eq(emailOutbox.id, id));
}

export function listRecentEmails(db: Db, limit: number) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
