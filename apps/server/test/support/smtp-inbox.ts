import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Arrived {
  /** The envelope's recipients (RCPT TO). */
  to: string[];
  parsed: ParsedMail;
}

/**
 * A real SMTP server in the test's process (smtp-server): what the dispatcher hands over
 * arrives here over the protocol and is parsed back (mailparser) to assert on.
 */
export class SmtpInbox {
  readonly messages: Arrived[] = [];
  private server: SMTPServer | null = null;
  port = 0;

  /** Listens (again, on the same port once it has one). */
  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), parsed });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: the mail server is "down". */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The messages that arrived for this address. */
  to(address: string) {
    return this.messages.filter((m) => m.to.includes(address)).map((m) => m.parsed);
  }
}
