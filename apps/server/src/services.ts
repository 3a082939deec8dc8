import type { FastifyInstance } from 'fastify';
import type { CelebrationRow, GetToKnowCard } from '@ovation/shared/schemas/feed';
import type { AppConfig } from './config/env.ts';
import { SharedRateLimits } from './core/limits/shared-rate-limiter.ts';
import { RateLimiter } from './lib/rate-limiter.ts';
import { TtlCache } from './lib/ttl-cache.ts';
import { createAuthLimits, type AuthLimits } from './modules/auth/auth.service.ts';
import { createKudosCaches, onLiveEvent, type KudosCaches } from './modules/feed/kudos-caches.ts';
import { findKudosItem } from './modules/feed/kudos-feed.repository.ts';
import type { CatalogueSnapshot } from './modules/rewards/get-catalogue.ts';
import type { LeaderboardRow } from './modules/home/leaderboard.repository.ts';
import { liveSessionIds } from './core/live/live-sessions.repository.ts';
import { resolveLiveSecret } from './core/live/live-tickets.ts';
import { createOidcProvider, oidcSettings, type OidcProvider } from './modules/oidc/oidc-client.ts';
import { createSendServices, type SendServices } from './core/sends/send-deps.ts';
import { ProgrammeSettings } from './core/settings/programme-settings.ts';
import type { TrendingBehaviour } from './modules/trending/trending.repository.ts';
import type { ReportCounts } from './modules/reports/report-engine.repository.ts';
import { CountCache } from './modules/reports/count-cache.ts';
import { UploadJobs } from './modules/uploads/upload-jobs.ts';

/**
 * The services one app instance shares between requests, made once here and handed to the
 * routes that use them as plugin options (never looked up from a module).
 */
export interface AppServices {
  caches: {
    kudos: KudosCaches;
    celebrations: TtlCache<CelebrationRow[]>;
    getToKnow: TtlCache<GetToKnowCard[]>;
    leaderboard: TtlCache<LeaderboardRow[]>;
    trending: TtlCache<TrendingBehaviour[]>;
    /** A report's row count and totals per filter set (at most 10 s, recounted ahead): paging does not recount. */
    reportCounts: CountCache<ReportCounts>;
    /** The rewards catalogue and its written answers (dropped on any change to it, decision 0047). */
    rewardsCatalogue: TtlCache<CatalogueSnapshot>;
  };
  /** Signs live-stream tickets and celebration member ids (docs/decisions/0009). */
  liveSecret: Buffer;
  /** The send runner's database, rate limiter, event publisher and programme settings. */
  sends: SendServices;
  /** The single sign-on provider (discovered on first use), null when OIDC_ISSUER is unset. */
  oidc: OidcProvider | null;
  /** Data uploads' background checks and applies (one at a time per instance). */
  uploadJobs: UploadJobs;
  /** Rate limiters whose hits reach every instance (sign-in, reset, register, contact, sends). */
  rateLimits: SharedRateLimits;
  /** The routes' rate limiters: the auth ones count in `rateLimits`, the others per instance. */
  limits: {
    auth: AuthLimits;
    /** Second-factor codes tried per IP. */
    totpCodesPerIp: RateLimiter;
    /** Single sign-on starts per IP. */
    oidcStartsPerIp: RateLimiter;
    /** Unsubscribe links that failed, per IP (decision 0096). */
    unsubscribeFailuresPerIp: RateLimiter;
  };
}

/**
 * A catalogue snapshot is dropped on any change (decision 0047); this bounds how long one can be
 * kept if a change notice is lost (the listening connection down) or a change bypassed the app
 * on PGlite, which has no listener.
 */
const REWARDS_CATALOGUE_MAX_MS = 5_000;
/** The same bound for programme settings (decision 0059). */
const SETTINGS_MAX_MS = 5_000;

/** Needs the db and live plugins registered. */
export function createServices(app: FastifyInstance, config: AppConfig, storedLiveKey?: Buffer): AppServices {
  const ttlMs = config.FEED_CACHE_SECONDS * 1000;
  const kudos = createKudosCaches(ttlMs);
  // Live events (from this or another instance) update or drop what they change in the feed caches.
  app.liveBus.subscribe((event) => onLiveEvent(kudos, event, (id) => findKudosItem(app.db, null, id)));
  // What instances tell one another: rate-limit hits, and session changes (at commit).
  const rateLimits = new SharedRateLimits();
  if (app.database.driver === 'pg') {
    rateLimits.connect((hits) => app.liveBus.sendNotice({ type: 'rate', hits }));
    rateLimits.useDatabase(app.db);
  }
  const rewardsCatalogue = new TtlCache<CatalogueSnapshot>(Math.min(ttlMs, REWARDS_CATALOGUE_MAX_MS));
  // Dropped on the database's `settings` notice (decision 0059); the age bounds a lost one.
  const programmeSettings = ProgrammeSettings.fromDatabase(app.db, SETTINGS_MAX_MS);
  app.liveBus.subscribeNotices((notice) => {
    if (notice.type === 'rate') rateLimits.heard(notice.hits);
    else if (notice.type === 'sessions') app.sessionCache.forget(notice.change);
    else if (notice.type === 'catalogue') rewardsCatalogue.clear();
    else if (notice.type === 'settings') programmeSettings.clear();
    else if (notice.type === 'missed') {
      // Revocations, catalogue changes and reactions sent while the listener was down were lost:
      // drop what they would have changed instead of keeping it until it expires.
      app.sessionCache.forget({ all: true });
      rewardsCatalogue.clear();
      programmeSettings.clear();
      kudos.kudosPages.clear();
      kudos.viewerFlags.clear();
    }
  });
  // A revoked session's live streams end, whichever instance revoked it (docs/decisions/0032).
  app.sessionCache.onForget((change) => {
    app.liveStreams
      .endRevoked(change, (ids) => liveSessionIds(app.db, ids))
      .catch((err: unknown) => app.log.warn({ err }, 'could not check live streams after a session change'));
  });
  const sends = createSendServices(
    app.db,
    app.database.transactions,
    (event) => app.liveBus.publish(event),
    programmeSettings,
    rateLimits,
  );
  return {
    caches: {
      kudos,
      celebrations: new TtlCache(ttlMs),
      getToKnow: new TtlCache(ttlMs),
      leaderboard: new TtlCache(ttlMs),
      trending: new TtlCache(ttlMs),
      reportCounts: new CountCache(Math.min(ttlMs, 10_000)),
      rewardsCatalogue,
    },
    liveSecret: resolveLiveSecret(config.LIVE_SECRET, storedLiveKey),
    sends,
    uploadJobs: new UploadJobs({
      db: app.db,
      log: app.log,
      sends,
      publicUrl: config.PUBLIC_URL,
      forgetSessions: () => app.sessionCache.forget({ all: true }),
    }),
    rateLimits,
    limits: {
      auth: createAuthLimits(rateLimits),
      totpCodesPerIp: new RateLimiter(30, 15 * 60 * 1000),
      oidcStartsPerIp: new RateLimiter(30, 10 * 60 * 1000),
      unsubscribeFailuresPerIp: new RateLimiter(20, 60 * 60 * 1000),
    },
    oidc: ((settings) => (settings ? createOidcProvider(settings) : null))(oidcSettings(config)),
  };
}
