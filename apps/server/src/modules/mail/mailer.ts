import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import {
  insertEmail,
  listPendingEmails,
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

export async function startMailDispatcher(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl: string,
  from: string,
  intervalMs = 5000,
): Promise<MailDispatcher> {
  const nodemailer = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  let running: Promise<number> | null = null;

  const flush = async () => {
    let sent = 0;
    for (const mail of await listPendingEmails(db, 20)) {
      try {
        await transport.sendMail({ from, to: mail.toAddress, subject: mail.subject, text: mail.bodyText });
        await markEmailSent(db, mail.id);
        sent += 1;
      } catch (err) {
        log.warn({ err, outboxId: mail.id }, 'e-mail delivery failed');
        await markEmailFailed(db, mail.id, mail.attempts + 1, String(err));
      }
    }
    return sent;
  };

  const timer = setInterval(() => {
    running ??= flush()
      .catch((err) => {
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
      transport.close();
    },
  };
}
