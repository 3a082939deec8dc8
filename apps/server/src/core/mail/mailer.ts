import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.ts';
import { readSettings } from '../settings/settings.repository.ts';
import { frameMail, type FramedMail, type MailFrame } from './mail-frame.ts';
import {
  MAX_DELIVERY_ATTEMPTS,
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
  log.info({ outboxId: id, kind: email.kind }, 'e-mail queued in outbox');
  return id;
}

export interface MailDispatcher {
  stop(): Promise<void>;
  /** Delivers one batch of what is due now; answers how many went out. */
  flush(): Promise<number>;
  /**
   * The timer's round: batch after batch while each one comes back full (a week's digests or a
   * points upload's notices leave at the mail server's pace, not 50 every 5 s); answers how many
   * went out. Ends after the current batch once stop() is called.
   */
  drain(): Promise<number>;
}

/** Hands one framed e-mail (text and HTML parts) to the mail server; throws when it is refused. */
export type SendMail = (
  mail: { to: string; replyTo?: string; headers?: Record<string, string> } & FramedMail,
) => Promise<void>;

/** Extra header lines for one outbox row at delivery (List-Unsubscribe, decision 0044), if any. */
export type MailHeaders = (tx: Db, mail: { kind: string; to: string }) => Promise<Record<string, string> | undefined>;

export interface DispatcherOptions {
  /** How often pending e-mails are looked for. */
  intervalMs?: number;
  /** The portal's address every e-mail links to (PUBLIC_URL). */
  publicUrl: string;
  /** E-mails one flush delivers at most. */
  batch?: number;
  headers?: MailHeaders;
  onStop?: () => void;
}

/** An SMTP reply of 5xx: this message will never be accepted, so it is not tried again. */
const isPermanent = (err: unknown) => Number((err as { responseCode?: unknown }).responseCode) >= 500;
/** No SMTP reply at all (refused, timed out, dropped): the server is down, so the batch stops. */
const isUnreachable = (err: unknown) => (err as { responseCode?: unknown }).responseCode === undefined;

/**
 * Sends due outbox rows every `intervalMs`, one row per transaction: the row is claimed with
 * `FOR UPDATE SKIP LOCKED`, handed to SMTP and marked sent (or failed, with a back-off) before
 * that transaction commits, so several app instances never send the same row twice and a crash
 * can repeat at most the one message in flight (at-least-once, the best SMTP allows). Each
 * message goes out framed (mail-frame.ts) with the firm's name, the points name and the portal link.
 */
export function createMailDispatcher(
  db: Db,
  log: FastifyBaseLogger,
  send: SendMail,
  options: DispatcherOptions,
): MailDispatcher {
  const { intervalMs = 5000, batch = 50, onStop = () => {} } = options;
  let running: Promise<number> | null = null;
  let stopping = false;

  const frameOf = async (): Promise<MailFrame> => {
    const s = await readSettings(db, ['clientTitle', 'pointsName']);
    return { firmName: s.clientTitle, pointsName: s.pointsName, portalUrl: options.publicUrl };
  };

  /** Delivers one due row: 'none' when nothing is due, else how it went. */
  const deliverOne = (frame: MailFrame) =>
    db.transaction(async (tx): Promise<'none' | 'sent' | 'failed' | 'unreachable'> => {
      const [mail] = await claimPendingEmails(tx, 1);
      if (!mail) return 'none';
      try {
        const headers = await options.headers?.(tx, { kind: mail.kind, to: mail.toAddress });
        const framed = frameMail({ subject: mail.subject, text: mail.bodyText }, frame);
        await send({
          to: mail.toAddress,
          ...framed,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          ...(headers ? { headers } : {}),
        });
        await markEmailSent(tx, mail.id);
        return 'sent';
      } catch (err) {
        const attempts = isPermanent(err) ? MAX_DELIVERY_ATTEMPTS : mail.attempts + 1;
        log.warn({ err, outboxId: mail.id, attempts }, 'e-mail delivery failed');
        await markEmailFailed(tx, mail.id, attempts, String(err));
        return isUnreachable(err) ? 'unreachable' : 'failed';
      }
    });

  const flush = async () => {
    const frame = await frameOf();
    let sent = 0;
    for (let i = 0; i < batch; i++) {
      const outcome = await deliverOne(frame);
      if (outcome === 'sent') sent += 1;
      // Nothing left, or the mail server is down: the rest waits for the next round.
      if (outcome === 'none' || outcome === 'unreachable') break;
    }
    return sent;
  };

  const drain = async () => {
    let total = 0;
    for (;;) {
      const sent = await flush();
      total += sent;
      if (sent < batch || stopping) return total;
      // Let the server's other work in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };

  const timer = setInterval(() => {
    running ??= drain()
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
    drain,
    async stop() {
      stopping = true;
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
  smtp: { url: string; from: string; publicUrl: string; headers?: MailHeaders },
  intervalMs = 5000,
): Promise<MailDispatcher> {
  const nodemailer = await import('nodemailer');
  // Short timeouts: a mail server that does not answer delays the next round, not for minutes.
  const transport = nodemailer.createTransport({
    url: smtp.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
  });
  const send: SendMail = async (mail) => {
    await transport.sendMail({ from: smtp.from, ...mail });
  };
  return createMailDispatcher(db, log, send, {
    intervalMs,
    publicUrl: smtp.publicUrl,
    headers: smtp.headers,
    onStop: () => transport.close(),
  });
}
