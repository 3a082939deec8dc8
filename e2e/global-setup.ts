import { rmSync } from 'node:fs';
import { MAIL_DIR, SMTP_PORT } from './support/mail-config.ts';
import { startMailSink } from './support/mail-sink.ts';

/** Starts the SMTP sink (smtp-server) the app under test sends its e-mail to (see playwright.config.ts). */
export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  const server = await startMailSink(SMTP_PORT, MAIL_DIR);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
