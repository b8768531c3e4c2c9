import formbody from '@fastify/formbody';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { registerAccountRoutes } from './account/routes.ts';
import { registerAdsRoutes } from './ads/routes.ts';
import { Authenticator } from './auth/authenticator.ts';
import { PasswordHasher } from './auth/password.ts';
import { resolveSessionSecret } from './auth/session-secret.ts';
import { codeSenders } from './verification/code-delivery.ts';
import { VerificationCodes } from './verification/verification-codes.ts';
import { SessionService } from './auth/sessions.ts';
import type { AppServices } from './app-services.ts';
import { bridgeInvalidations } from './cache/redis-invalidation.ts';
import { SharedReadCache } from './cache/shared-read-cache.ts';
import type { SharedReadCacheOptions } from './cache/shared-read-cache.ts';
import { watchWrites } from './cache/write-watch.ts';
import { systemClock } from './clock.ts';
import type { Clock } from './clock.ts';
import { apiRateLimitOf, mediaCacheDirOf, mediaCacheMaxBytesOf, mediaDirOf } from './config.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { createApiRouter } from './http/api-router.ts';
import { clientErrorHandler, frameworkErrorHandler, installErrorHandling } from './http/error-handling.ts';
import { registerFloodGuard } from './http/flood-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { redactUrl } from './http/redact.ts';
import { registerCatalogueRoutes } from './catalogue/routes.ts';
import { registerBarrageRoutes } from './barrage/routes.ts';
import { registerHelpRoutes } from './help/routes.ts';
import { registerLoginRoutes } from './login/routes.ts';
import { registerCaptchaRoutes } from './captcha/routes.ts';
import { CaptchaStore } from './captcha/captcha-repository.ts';
import { registerOperatorRoutes } from './operators/routes.ts';
import { registerConsoleAdsRoutes } from './ads/console-routes.ts';
import { registerIngest, type IngestOptions } from './transcode/ingest.ts';
import { CaptchaRules } from '../src/core/shared-kernel/captcha-protocol.ts';
import { registerMediaRoutes } from './media/routes.ts';
import { MemoryRateLimitStore } from './rate-limit/memory-rate-limit-store.ts';
import { RedisRateLimitStore } from './rate-limit/redis-rate-limit-store.ts';
import type { RateLimitStore } from './rate-limit/rate-limit-store.ts';
import { RateLimiter } from './rate-limit/rate-limiter.ts';
import { registerRegionRoutes } from './region/routes.ts';
import { registerShellRoutes } from './shell/routes.ts';
import { registerCusServiceRoutes } from './shell/cus-service-routes.ts';
import { registerStatisticsRoutes } from './statistics/routes.ts';
import { registerFilterRoutes } from './catalogue/filter-routes.ts';
import { attachSocketServer } from './socket/socket-server.ts';
import { registerMessagingRoutes } from './messaging/routes.ts';
import { registerSocialRoutes } from './social/routes.ts';
import { registerSupportRoutes } from './support/routes.ts';
import { registerFirstScreenPage } from './static/first-screen-page.ts';
import { createHistoryFallback, registerStaticFiles } from './static/static-app.ts';
import { registerUserRoutes } from './user/routes.ts';
import { registerVipRoutes } from './vip/routes.ts';
import { registerVideoSocialRoutes } from './video-social/routes.ts';
import { registerAccountSecurityRoutes } from './account-security/routes.ts';
import { registerAddressRoutes } from './vip/address-routes.ts';
import { registerQrLoginRoutes } from './qr-login/routes.ts';
import { registerGoldRoutes } from './gold/routes.ts';
import { registerVipRedeemRoutes } from './vip-redeem/routes.ts';
import { registerInvitationRoutes } from './invitation/routes.ts';
import { findPlayableVideo } from './playback/playback-repository.ts';
import { registerPlaybackRoutes } from './playback/routes.ts';
import { registerUploadRoutes } from './upload/routes.ts';
import { checkLabels } from './posts/post-rules.ts';
import { canPostToday } from './posts/publish-limit.ts';
import { registerPostsRoutes } from './posts/routes.ts';
import { TaskCenter } from './tasks/task-center.ts';
import { registerTasksRoutes } from './tasks/routes.ts';
import { registerMovieRequestRoutes } from './movie-requests/routes.ts';
import { registerFocusRoutes } from './focus/routes.ts';
import { registerInteractionsRoutes } from './interactions/routes.ts';
import { registerVotesRoutes } from './votes/routes.ts';

export interface CreateAppOptions {
  /** Migrated database; the caller opens and closes it. */
  db: Database;
  config: Config;
  /** Rate-limit counters (the caller closes it); default: a memory store closed with the app. */
  rateLimitStore?: RateLimitStore;
  /** Time source (tests move it); default: the system clock. */
  clock?: Clock;
  /** fastify logger option; default `{ level: config.logLevel }`. Tests pass false or a stream. */
  logger?: FastifyServerOptions['logger'];
  /**
   * The shared-read cache's TTL (tests) and the Redis channel its invalidations travel on between processes when
   * config.redisUrl is set (default qiyu:shared-reads:invalidate; tests use their own).
   */
  sharedReads?: SharedReadCacheOptions & { channel?: string };
  /** ffmpeg as found and whether this process transcodes; default: no tools, no worker (tests that transcode say so). */
  ingest?: IngestOptions;
}

/**
 * Builds the server (API under /api, the built client elsewhere) without listening: tests use
 * `app.inject`, main.ts calls `listen`. The database must already be migrated.
 */
export async function createApp(options: CreateAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const sharedReads = new SharedReadCache(options.sharedReads);
  const db = watchWrites(options.db, sharedReads);
  const clock = options.clock ?? systemClock;
  const ownStore = options.rateLimitStore === undefined;
  const store = options.rateLimitStore ?? new MemoryRateLimitStore();

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        // GET calls carry the token fields in the query string: keep them out of the log.
        req: (request: { method: string; url: string; ip?: string }) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Errors fastify raises before routing (a malformed %-escape in the path, an overlong path param) and requests
    // node cannot parse (a malformed request line, headers over 16 KB) answer in the API's shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  if (ownStore) app.addHook('onClose', async () => store.close());

  await app.register(formbody);
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // An empty JSON body means "no params" rather than a malformed request.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    return defaultJsonParser(request, text, done);
  });

  await registerSecurityHeaders(app, { apiBase: config.apiBase, frameOrigins: config.frameOrigins });
  // Before the routes: the flood guard hooks /api routes as they are added; with Redis it shares the store's connection.
  const countUnknownApiPaths = await registerFloodGuard(app, {
    ...apiRateLimitOf(config),
    redis: store instanceof RedisRateLimitStore ? { connection: store.connection, prefix: store.keyPrefix } : undefined,
  });
  installErrorHandling(app, createHistoryFallback(config.staticDir), countUnknownApiPaths);

  if (config.redisUrl !== undefined) {
    const bridge = bridgeInvalidations(sharedReads, config.redisUrl, app.log, options.sharedReads?.channel);
    app.addHook('onClose', async () => bridge.close());
    await bridge.ready;
  }

  const secret = await resolveSessionSecret(db, config.sessionSecret);
  const sessions = new SessionService({ db, secret, clock });
  const authenticator = new Authenticator(sessions);
  const services: AppServices = {
    db,
    config,
    clock,
    passwords: new PasswordHasher(config.argon2),
    sessions,
    authenticator,
    limiter: new RateLimiter(store, clock),
    realtime: attachSocketServer(app, { db, config, sessions, clock }),
    sharedReads,
    verification: { codes: new VerificationCodes(db, secret), senders: codeSenders(config, (line) => app.log.info(line)) },
  };
  app.decorate('sharedReads', sharedReads);
  const api = createApiRouter(app, authenticator);
  registerLoginRoutes(api, services);
  registerCaptchaRoutes(api, services);
  // The operator console's sign-in asks for the same image captcha as the app's.
  const consoleGuard = registerOperatorRoutes(api, services, new CaptchaStore(db, CaptchaRules.lifetimeMs));
  registerConsoleAdsRoutes(api, services, consoleGuard);
  registerIngest(api, services, consoleGuard, options.ingest ?? { tools: null, runWorker: false });
  registerUserRoutes(api, services);
  registerRegionRoutes(api, services);
  registerShellRoutes(api, services);
  registerCusServiceRoutes(api, services);
  registerStatisticsRoutes(api, services);
  registerAdsRoutes(api, services);
  registerAccountRoutes(api, services);
  registerAccountSecurityRoutes(api, services);
  registerAddressRoutes(api, services);
  registerQrLoginRoutes(api, services);
  const taskCenter = new TaskCenter(services);
  const catalogue = registerCatalogueRoutes(api, services, {
    playableVideo: (mediaKey) => findPlayableVideo(db, mediaKey),
    recordWatch: (userId) => taskCenter.recordWatch(userId),
  });
  registerFilterRoutes(api, services);
  registerBarrageRoutes(api, services);
  registerVipRoutes(api, services);
  registerMessagingRoutes(api, services);
  registerSocialRoutes(api, services);
  registerSupportRoutes(api, services);
  registerHelpRoutes(api, services);
  registerVideoSocialRoutes(api, services);
  registerGoldRoutes(api, services);
  registerVipRedeemRoutes(api, services);
  registerInvitationRoutes(api, services);
  registerPlaybackRoutes(api, services);
  registerUploadRoutes(api, services, { canPostToday, checkLabels });
  registerPostsRoutes(api, services);
  registerTasksRoutes(api, taskCenter);
  registerMovieRequestRoutes(api, services);
  registerFocusRoutes(api, services);
  registerInteractionsRoutes(api, services);
  registerVotesRoutes(api, services);
  registerMediaRoutes(app, { mediaDir: mediaDirOf(config), cacheDir: mediaCacheDirOf(config), cacheMaxBytes: mediaCacheMaxBytesOf(config) });

  // The home route's page carries the visitor's first screen, unless the app calls another backend (API_BASE).
  if (!config.apiBase) registerFirstScreenPage(app, { staticDir: config.staticDir, visitorHome: catalogue.visitorHome });
  await registerStaticFiles(app, config.staticDir);
  return app;
}
