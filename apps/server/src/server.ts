import { buildApp } from './app.ts';
import { prepareDatabase } from './boot.ts';
import { loadStartConfig } from './config/env.ts';
import { startMailDispatcher } from './core/mail/mailer.ts';
import { startAwardReminders } from './modules/awards/reminders.ts';
import { startServiceMilestones } from './modules/milestones/milestone-job.ts';
import { startLeaverForfeits } from './core/member-changes/leaver-forfeits.ts';
import { startAuditRetention, startAuditSealer } from './core/audit/audit-jobs.ts';
import { startDigestScheduler } from './modules/notifications/digest.ts';
import { listUnsubscribeHeaders } from './modules/notifications/list-unsubscribe.ts';
import { startRollupFlusher } from './modules/reports/rollup-flush.ts';

const started = Date.now();
const config = loadStartConfig(process.argv);
const app = await buildApp({ config, database: await prepareDatabase(config, console_(config.LOG_LEVEL)) });
const mail = config.SMTP_URL
  ? await startMailDispatcher(app.db, app.log, {
      url: config.SMTP_URL,
      from: config.MAIL_FROM,
      publicUrl: config.PUBLIC_URL,
      headers: listUnsubscribeHeaders(app.db, config.PUBLIC_URL),
    })
  : null;
const digest = startDigestScheduler({ db: app.db, log: app.log, publicUrl: config.PUBLIC_URL });
const rollups = startRollupFlusher({ db: app.db, log: app.log });
const awardReminders = startAwardReminders({ db: app.db, log: app.log });
const milestones = startServiceMilestones({ ...app.sendServices, log: app.log });
const leaverForfeits = startLeaverForfeits({ ...app.sendServices, log: app.log });
const auditSealer = startAuditSealer({ db: app.db, log: app.log });
const auditRetention = startAuditRetention({ db: app.db, log: app.log });
if (!mail) app.log.info('SMTP_URL is not set: e-mail stays in the outbox table (GET /api/admin/outbox)');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await digest.stop();
    await rollups.stop();
    await awardReminders.stop();
    await milestones.stop();
    await leaverForfeits.stop();
    await auditSealer.stop();
    await auditRetention.stop();
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
  return {
    info: (obj: object, msg?: string) => level !== 'silent' && console.log(JSON.stringify({ ...obj, msg })),
    warn: (obj: object, msg?: string) => level !== 'silent' && console.warn(JSON.stringify({ ...obj, msg })),
  };
}
