import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config/env.ts';
import type { AppServices } from './services.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { totpRoutes } from './modules/auth/totp.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { outboxRoutes } from './modules/outbox/outbox.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { sessionRoutes } from './modules/session/session.routes.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { behavioursRoutes } from './modules/behaviours/behaviours.routes.ts';
import { high5Routes } from './modules/high5/high5.routes.ts';
import { membersSearchRoutes } from './modules/members-search/members-search.routes.ts';
import { myRecognitionRoutes } from './modules/myrecognition/myrecognition.routes.ts';
import { payItForwardRoutes } from './modules/payitforward/payitforward.routes.ts';
import { recognitionRoutes } from './modules/recognition/recognition.routes.ts';
import { statementsRoutes } from './modules/statements/statements.routes.ts';
import { bannersRoutes } from './modules/banners/banners.routes.ts';
import { celebrationsRoutes } from './modules/celebrations/celebrations.routes.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { gameRoutes } from './modules/game/game.routes.ts';
import { getToKnowRoutes } from './modules/gettoknow/gettoknow.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { moodRoutes } from './modules/mood/mood.routes.ts';
import { newsRoutes } from './modules/news/news.routes.ts';
import { newsAdminRoutes } from './modules/news/news-admin.routes.ts';
import { rolesRoutes } from './modules/roles/roles.routes.ts';
import { uploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { trendingRoutes } from './modules/trending/trending.routes.ts';
import { oidcRoutes } from './modules/oidc/oidc.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { rewardsRoutes } from './modules/rewards/rewards.routes.ts';
import { ordersRoutes } from './modules/rewards/orders.routes.ts';
import { checkoutRoutes } from './modules/rewards/checkout.routes.ts';
import { rewardsAdminRoutes } from './modules/rewards/rewards-admin.routes.ts';
import { awardsRoutes } from './modules/awards/awards.routes.ts';
import { awardsAdminRoutes } from './modules/awards/awards-admin.routes.ts';
import { milestonesRoutes } from './modules/milestones/milestones.routes.ts';
import { scimRoutes } from './modules/scim/scim.routes.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';

/** What the routes are given: the configuration, whether cookies are secure, the per-instance services. */
export interface RouteOptions {
  config: AppConfig;
  secure: boolean;
  services: AppServices;
}

/** Every feature's routes, in registration order, each handed the services it uses. */
export async function registerRoutes(app: FastifyInstance, { config, secure, services }: RouteOptions): Promise<void> {
  const { caches, liveSecret, sends, uploadJobs, oidc, limits } = services;
  await app.register(healthRoutes);
  await app.register(authRoutes, {
    deps: {
      db: app.db,
      sessionTtlHours: config.SESSION_TTL_HOURS,
      publicUrl: config.PUBLIC_URL,
      limits: limits.auth,
      sessions: app.sessionCache,
      background: app.backgroundWork,
    },
  });
  await app.register(totpRoutes, {
    sessionTtlHours: config.SESSION_TTL_HOURS,
    publicUrl: config.PUBLIC_URL,
    codesPerIp: limits.totpCodesPerIp,
    // Wrong passwords or codes when changing the second factor count with wrong change-password ones.
    manageFailures: limits.auth.wrongPasswordPerMember,
  });
  await app.register(oidcRoutes, {
    oidc,
    sessionTtlHours: config.SESSION_TTL_HOURS,
    secure,
    limiter: limits.oidcStartsPerIp,
  });
  await app.register(sessionRoutes, { settings: sends.settings });
  await app.register(contentRoutes);
  await app.register(supportRoutes, { supportEmail: config.SUPPORT_EMAIL, limiter: limits.auth.contactPerIp });
  await app.register(profileRoutes, { settings: sends.settings, wrongPasswords: limits.auth.wrongPasswordPerMember });
  await app.register(outboxRoutes);
  await app.register(behavioursRoutes);
  await app.register(membersSearchRoutes);
  await app.register(recognitionRoutes, { sends });
  await app.register(high5Routes, { sends });
  await app.register(payItForwardRoutes, { sends });
  await app.register(myRecognitionRoutes);
  await app.register(statementsRoutes);
  await app.register(gameRoutes, { sends });
  await app.register(rewardsRoutes, { catalogue: caches.rewardsCatalogue });
  await app.register(ordersRoutes);
  await app.register(checkoutRoutes, { sends, catalogue: caches.rewardsCatalogue });
  await app.register(rewardsAdminRoutes, { sends, catalogue: caches.rewardsCatalogue });
  await app.register(awardsRoutes, { sends });
  await app.register(awardsAdminRoutes, { sends });
  await app.register(milestonesRoutes);
  await app.register(feedRoutes, { caches: caches.kudos });
  await app.register(newsRoutes);
  await app.register(newsAdminRoutes);
  await app.register(rolesRoutes);
  await app.register(uploadsRoutes, { sends, jobs: uploadJobs });
  await app.register(bannersRoutes);
  await app.register(celebrationsRoutes, { cache: caches.celebrations, secret: liveSecret });
  await app.register(homeRoutes, { caches, secret: liveSecret });
  await app.register(trendingRoutes, { cache: caches.trending });
  await app.register(moodRoutes);
  await app.register(getToKnowRoutes);
  await app.register(liveRoutes, { secret: liveSecret });
  await app.register(notificationsRoutes, { unsubscribeLimiter: limits.unsubscribeFailuresPerIp });
  await app.register(reportsRoutes, { counts: caches.reportCounts });
  await app.register(integrationsRoutes);
  await app.register(scimRoutes, { prefix: '/scim/v2', publicUrl: config.PUBLIC_URL });
}
