import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  insertEmail,
  claimPendingEmails,
  markEmailFailed,
  markEmailSent,
  type OutgoingEmail,
} from './mail.repository.ts';

/**
 * Every e-mail goes through the outbox table first (so a request never waits on SMTP and
 * nothing is lost when SMTP is down). With SMTP_URL set a dispatcher delivers it; without,
 * it stays in the outbox for an administrator to read and a log line says so.
 */
export async function queueEmail(db: Db, log: FastifyBaseLogger, email: OutgoingEmail): Promise<number> {
  const id = await insertEmail(db, email);
  log.info({ outboxId: id, kind: email.kind, to: email.to }, 'e-mail queued in outbox');
  return id;
}

export interface MailDispatcher {
  stop(): Promise<void>;
  /** Delivers what is pending now (used by the timer and by tests). */
  flush(): Promise<number>;
}

/** Hands one e-mail to the mail server; throws when it is refused. */
export type SendMail = (mail: { to: string; subject: string; text: string }) => Promise<void>;

/**
 * Sends pending outbox rows every `intervalMs`. Each batch is claimed in a transaction with
 * `FOR UPDATE SKIP LOCKED` and marked sent (or failed) before it commits, so several app
 * instances never send the same row twice; a crash mid-batch leaves its rows pending for the
 * next try (at-least-once, the best SMTP allows).
 */
export function createMailDispatcher(
  db: Db,
  log: FastifyBaseLogger,
  send: SendMail,
  intervalMs = 5000,
  onStop: () => void = () => {},
): MailDispatcher {
  let running: Promise<number> | null = null;

  const flush = () =>
    db.transaction(async (tx) => {
      let sent = 0;
      for (const mail of await claimPendingEmails(tx, 20)) {
        try {
          await send({ to: mail.toAddress, subject: mail.subject, text: mail.bodyText });
          await markEmailSent(tx, mail.id);
          sent += 1;
        } catch (err) {
          log.warn({ err, outboxId: mail.id }, 'e-mail delivery failed');
          await markEmailFailed(tx, mail.id, mail.attempts + 1, String(err));
        }
      }
      return sent;
    });

  const timer = setInterval(() => {
    running ??= flush()
      .catch((err: unknown) => {
        log.error({ err }, 'mail dispatcher failed');
        return 0;
      })
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();

  return {
    flush,
    async stop() {
      clearInterval(timer);
      await running;
      onStop();
    },
  };
}

/** The dispatcher over SMTP (nodemailer), when SMTP_URL is set. */
export async function startMailDispatcher(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl: string,
  from: string,
  intervalMs = 5000,
): Promise<MailDispatcher> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  const send: SendMail = async (mail) => {
    await transport.sendMail({ from, ...mail });
  };
  return createMailDispatcher(db, log, send, intervalMs, () => transport.close());
}
