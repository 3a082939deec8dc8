import { expect } from '@playwright/test';
import { MAIL_DIR } from './mail-config.ts';
import { mailsTo } from './mail-sink.ts';

/** The activation link e-mailed to `to` (the app delivers through SMTP_URL to the journeys' sink). */
export async function activationLink(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mailsTo(MAIL_DIR, to)
          .map((m) => m.text)
          .find((text) => text.includes('/register?token='));
        link = /(https?:\/\/\S+\/register\?token=[\w%-]+)/.exec(mail ?? '')?.[1] ?? '';
        return link;
      },
      { timeout: 20_000, message: `an activation e-mail to ${to}` },
    )
    .not.toBe('');
  return link;
}
