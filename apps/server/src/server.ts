import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { loadConfig } from './config/env.ts';
import { startMailDispatcher } from './modules/mail/mailer.ts';

const started = Date.now();
const config = loadConfig();
const app = await buildApp({ config, database: await prepareDatabase(config, console_(config.LOG_LEVEL)) });
const mail = config.SMTP_URL ? await startMailDispatcher(app.db, app.log, config.SMTP_URL, config.MAIL_FROM) : null;
if (!mail) app.log.info('SMTP_URL is not set: e-mail stays in the outbox table (GET /api/admin/outbox)');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await mail?.stop();
    await app.close();
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
app.log.info({ ms: Date.now() - started, driver: app.database.driver }, `Ovation is ready at ${config.PUBLIC_URL}`);

/** A minimal logger for the boot phase, before Fastify's own exists. */
function console_(level: string) {
  return { info: (obj: object, msg?: string) => level !== 'silent' && console.log(JSON.stringify({ ...obj, msg })) };
}
