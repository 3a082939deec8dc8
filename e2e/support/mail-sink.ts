import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One message as the sink keeps it: envelope recipients and the parsed, decoded parts. */
export interface SunkMail {
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  subject: string;
  /** The text part, decoded (no quoted-printable soft breaks). */
  text: string;
  html: string;
  /** Header lines by lower-case name (e.g. `list-unsubscribe`). */
  headers: Record<string, string>;
}

/**
 * The journeys' mail server: smtp-server (the package the server's SMTP tests use), no TLS, no
 * auth. Every message the app sends is parsed (mailparser) and written to `dir` as one JSON
 * file, so a journey — in any worker process — can read the e-mail a member would get (an
 * activation link) without any test-only code in the server. The app reaches it through
 * SMTP_URL, exactly as it reaches a real mail server.
 */
export async function startMailSink(port: number, dir: string): Promise<SMTPServer> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.key.length + 1).trim();
          const mail: SunkMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers,
          };
          seq += 1;
          writeFileSync(path.join(dir, `${Date.now()}-${process.pid}-${seq}.json`), JSON.stringify(mail));
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return server;
}

/** The messages the sink holds for `to`, oldest first. */
export function mailsTo(dir: string, to: string): SunkMail[] {
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as SunkMail)
    .filter((m) => m.to.includes(to.toLowerCase()));
}
