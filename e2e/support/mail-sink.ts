import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A minimal SMTP server for the journeys (no TLS, no auth): every message the app sends is
 * written to `dir` as one JSON file, so a journey can read the e-mail a member would get (an
 * activation link) without any test-only code in the server. The app reaches it through
 * SMTP_URL, exactly as it reaches a real mail server.
 */
export function startMailSink(port: number, dir: string): Promise<net.Server> {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  const server = net.createServer((socket) => {
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 mail-sink ESMTP');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          const data = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.');
          buffer = buffer.slice(end + 5);
          inData = false;
          seq += 1;
          writeFileSync(path.join(dir, `${Date.now()}-${process.pid}-${seq}.json`), JSON.stringify({ to, data }));
          to = [];
          reply('250 OK queued');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-mail-sink\r\n250 8BITMIME\r\n');
        else if (verb === 'HELO') reply('250 mail-sink');
        else if (verb === 'MAIL' || verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'RCPT') {
          to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Not implemented');
      }
    });
    socket.on('error', () => {});
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

/** The raw messages the sink holds for `to` (lower-case), oldest first. */
export function mailsTo(dir: string, to: string): string[] {
  let files: string[];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { to: string[]; data: string })
    .filter((m) => m.to.includes(to.toLowerCase()))
    .map((m) => m.data);
}

/** Decodes a quoted-printable body (nodemailer uses it for long lines). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
