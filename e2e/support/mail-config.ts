/** Where the journeys' SMTP sink listens and keeps what it receives (one per E2E_PORT). */
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const SMTP_PORT = PORT + 1000;
export const MAIL_DIR = `.test-output/e2e-mail-${PORT}`;
