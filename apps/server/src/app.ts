import path from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { assertRouteTable, mountAccessGuards } from "./access/mount-guards.ts";
import { hasFullAccess } from "./access/plan-access.ts";
import { useSessionMemo } from "./access/require-session.ts";
import { SessionMemo } from "./access/session-memo.ts";
import { accountRoutes } from "./account/routes.ts";
import { scheduleAlerts } from "./alerts/alert-schedule.ts";
import { alertRunRoutes, notificationRoutes, unsubscribeRoutes } from "./alerts/routes.ts";
import { createAuth } from "./auth/auth.ts";
import { PasswordAttempts } from "./auth/password-attempts.ts";
import { authRoutes } from "./auth/routes.ts";
import { cancelSubscriptionBeforeDelete } from "./billing/cancel-on-delete.ts";
import { billingRoutes } from "./billing/routes.ts";
import { createStripeClient, stripeSettings } from "./billing/stripe-client.ts";
import { webhookRoutes } from "./billing/webhook.ts";
import { bridgeRoutes } from "./bridge/routes.ts";
import { chainConfigFrom, newsFeedsFrom } from "./chain/chain-config.ts";
import { isChainUnreachable } from "./chain/rpc/chain-unreachable.ts";
import { type ChainServices, createChainServices } from "./chain/services.ts";
import type { AppConfig } from "./config.ts";
import { createChangeSignals } from "./db/change-signals.ts";
import { createDb } from "./db/client.ts";
import { connectPostgres, type DatabaseHandle, startEmbeddedDatabase } from "./db/engine.ts";
import { applyMigrations } from "./db/migrate.ts";
import { computeUnitsRoutes } from "./debug/compute-units-routes.ts";
import { inspectorRoutes } from "./debug/inspector-routes.ts";
import { testSystemRoutes } from "./debug/test-system-routes.ts";
import { healthRoutes } from "./health/routes.ts";
import { apiBodyLimit } from "./http/body-limit.ts";
import { compressJson } from "./http/compress-json.ts";
import { chainUnavailable, jsonError } from "./http/errors.ts";
import { requestContext } from "./http/request-context.ts";
import { requestGuard } from "./http/request-guard.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { mountWebApp } from "./http/static-web.ts";
import { importRoutes } from "./imports/routes.ts";
import { incomeChoiceRoutes } from "./income-choices/routes.ts";
import { investmentRoutes } from "./investments/routes.ts";
import type { Logger } from "./logger.ts";
import { createLogMailer, createOutboxMailer, createSmtpMailer, type Mailer } from "./mail/mailer.ts";
import { outboxRoutes } from "./mail/outbox-routes.ts";
import { createMarket } from "./market/create-market.ts";
import { HELD_MOVERS_REREAD_SECONDS, type MarketService } from "./market/market-service.ts";
import { marketRoutes } from "./market/routes.ts";
import { trackerRoutes } from "./market/tracker-routes.ts";
import { NewsService } from "./news/news-service.ts";
import { newsRoutes } from "./news/routes.ts";
import { PortfolioCache } from "./portfolio/portfolio-cache.ts";
import { portfolioRoutes } from "./portfolio/routes.ts";
import { NftImageFetcher } from "./positions/nft-image-fetch.ts";
import { nftImageRoutes } from "./positions/nft-image-routes.ts";
import { FixedWindowLimiter } from "./rate-limit/fixed-window.ts";
import { RoiCache } from "./roi/roi-cache.ts";
import { roiRoutes } from "./roi/routes.ts";
import { resolveAuthSecret } from "./secret.ts";
import { settingsRoutes } from "./settings/routes.ts";
import { taxDeclarationRoutes } from "./tax-declarations/routes.ts";
import { taxPlanningRoutes } from "./tax-planning/routes.ts";
import { reportArchiveRoutes } from "./tax-report/archive-routes.ts";
import { createReportEvents, type ReportEvents } from "./tax-report/report-events.ts";
import { runReportJob } from "./tax-report/report-job.ts";
import { ReportQueue } from "./tax-report/report-queue.ts";
import { ReportStore } from "./tax-report/report-store.ts";
import { walletReportRoutes } from "./tax-report/routes.ts";
import { tokenChoiceRoutes } from "./token-choices/routes.ts";
import { tradeChainsOf } from "./trade/routers.ts";
import { tradeRoutes } from "./trade/routes.ts";
import { walletRoutes } from "./wallets/routes.ts";
import { watchlistRoutes } from "./watchlist/routes.ts";
import { yieldRoutes } from "./yield/routes.ts";

export const DEFAULT_WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

export interface AppOptions {
  config: AppConfig;
  logger: Logger;
  /** For tests: an in-memory PGlite instead of DATA_DIR. */
  database?: DatabaseHandle;
  now?: () => Date;
  webDist?: string | false;
  authSecret?: string;
}

export interface RunningApp {
  app: Hono;
  database: DatabaseHandle;
  mailer: Mailer;
  chain: ChainServices;
  reports: { store: ReportStore; queue: ReportQueue; events: ReportEvents };
  /** graceful false: stop as if the process died (running report jobs are left to the next start). */
  close(options?: { graceful?: boolean }): Promise<void>;
}

export async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? connectPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE)
    : startEmbeddedDatabase(config.DATA_DIR);
}

/** How long a portfolio load waits for the ROI figures before it answers without them. */
const PORTFOLIO_ROI_WAIT_MS = 2_000;

export async function createApp(options: AppOptions): Promise<RunningApp> {
  const services = await openServices(options);
  const reports = await startReports(services);
  const app = new Hono();
  mountRequestHandling(app, services);
  mountAccountRoutes(app, services, reports);
  const portfolio = mountPortfolioRoutes(app, services);
  const { news, marketCache, market } = mountMarketRoutes(app, services, portfolio);
  await mountAlertRoutes(app, services, market, reports.queue);
  mountUserChoiceRoutes(app, services, portfolio, reports.store);
  mountTradeRoutes(app, services, portfolio);
  mountFallbacks(app, services, options.webDist === undefined ? DEFAULT_WEB_DIST : options.webDist);

  const { limiter, chain, database, mailer } = services;
  const pruneTimer = setInterval(() => void limiter.prune(24 * 3600 * 1000).catch(() => undefined), 3600_000);
  pruneTimer.unref();

  return {
    app,
    database,
    mailer,
    chain,
    reports: { store: reports.store, queue: reports.queue, events: reports.events },
    async close(closeOptions = {}) {
      clearInterval(pruneTimer);
      news.close();
      await marketCache.settled();
      await reports.queue.stop(closeOptions.graceful ?? true);
      await reports.events.close();
      await services.sessionSignals.close();
      await chain.close();
      await database.close();
    },
  };
}

/** The database, mail, billing, sign-in, sessions and chain services the routers share. */
async function openServices(options: AppOptions) {
  const { config, logger } = options;
  const now = options.now ?? (() => new Date());
  const database = options.database ?? (await openDatabase(config));
  await applyMigrations(database.pool, database.engine);
  const db = createDb(database.pool);
  const mailer = config.SMTP_URL
    ? createSmtpMailer(config.SMTP_URL, config.MAIL_FROM, logger)
    : config.NODE_ENV === "production"
      ? createLogMailer(logger)
      : createOutboxMailer(db, logger);
  const secret = options.authSecret ?? (await resolveAuthSecret(config.BETTER_AUTH_SECRET, config.DATA_DIR));
  const stripe = createStripeClient(config);
  const billing = { db, stripe, settings: stripeSettings(config), logger, now };
  const auth = createAuth({
    config,
    db,
    mailer,
    logger,
    secret,
    now,
    beforeUserDelete: cancelSubscriptionBeforeDelete(billing),
  });
  const limiter = new FixedWindowLimiter(db, () => now().getTime());
  const passwords = new PasswordAttempts(limiter, config.LOGIN_MAX_FAILURES, config.LOGIN_WINDOW_SECONDS);
  const signalOptions = {
    pool: database.pool,
    ...(database.connectionString ? { connectionString: database.connectionString } : {}),
    logger,
  };
  const sessionSignals = await createChangeSignals("session_ended", signalOptions);
  const sessions = new SessionMemo(sessionSignals);
  useSessionMemo(auth, sessions);
  const chainConfig = chainConfigFrom(config);
  const chain = createChainServices(chainConfig, db, logger);
  const access = { config, db, now };
  return {
    config,
    logger,
    now,
    database,
    db,
    mailer,
    billing,
    auth,
    limiter,
    passwords,
    signalOptions,
    sessionSignals,
    sessions,
    chainConfig,
    chain,
    access,
    secret,
  };
}

type AppServices = Awaited<ReturnType<typeof openServices>>;

/** The wallet report's store, events and job queue (the jobs run here or in the worker process). */
async function startReports({ config, database, db, chain, logger, now, signalOptions }: AppServices) {
  const store = new ReportStore(db, now);
  const events = await createReportEvents(signalOptions);
  const deps = { db, chain, logger, now, store, events };
  const queue = await ReportQueue.start({
    pool: database.pool,
    engine: database.engine,
    logger,
    store,
    events,
    run: (reportId) => runReportJob(deps, reportId),
    worker: config.REPORT_WORKER,
    staleMs: config.REPORT_STALE_SECONDS * 1000,
    reapEveryMs: Math.max(1000, (config.REPORT_STALE_SECONDS * 1000) / 4),
    retryDelaySeconds: config.REPORT_RETRY_DELAY_SECONDS,
    now,
    hasFullAccess: (userId) => hasFullAccess({ config, db, now }, userId),
  });
  return { store, events, queue, deps };
}

type Reports = Awaited<ReturnType<typeof startReports>>;

/** Headers, the request log, the Stripe webhook, the API's request checks and the access guards. */
function mountRequestHandling(app: Hono, { config, logger, billing, auth, access, secret }: AppServices) {
  app.use("*", securityHeaders(config.NODE_ENV === "production"));
  app.use("*", async (c, next) => {
    const started = performance.now();
    await next();
    if (c.req.path.startsWith("/api/")) {
      logger.info(
        { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  });
  // Stripe webhooks: raw body (signature), no session, no browser origin; registered before the guards.
  app.route("/api/billing/webhook", webhookRoutes(billing));
  // A mail's unsubscribe link: no session, and a mail client's one-click POST carries no origin (the signed link is the credential).
  app.route("/api/notifications/unsubscribe", unsubscribeRoutes({ db: billing.db, now: billing.now, secret }));
  app.use("/api/*", requestContext());
  app.use("/api/*", apiBodyLimit());
  app.use("/api/*", requestGuard({ trustedOrigins: config.trustedOrigins, appUrl: config.appUrl }));
  app.use("/api/*", compressJson());
  // Who may call which route: one table (access/route-table.ts); the routers read the user it let in.
  mountAccessGuards(app, { auth, access });
}

/** The wallet report, health, sign-in, the dev outbox, the account and billing. */
function mountAccountRoutes(app: Hono, s: AppServices, reports: Reports) {
  const { auth, config, database, db, limiter, logger, mailer, now, passwords, sessions } = s;
  app.route(
    "/api",
    walletReportRoutes({
      ...reports.deps,
      queue: reports.queue,
      directTimeoutMs: config.DIRECT_REPORT_TIMEOUT_SECONDS * 1000,
    }),
  );
  app.route("/api", healthRoutes({ pool: database.pool, engine: database.engine, config, mailer }));
  app.route("/api/auth", authRoutes({ auth, config, limiter, passwords, sessions, logger, now }));
  app.route("/api/dev", outboxRoutes({ db, mailer, config }));
  app.route("/api", accountRoutes({ auth, config, db, now, passwords, sessions }));
  app.route("/api/billing", billingRoutes({ ...s.billing, config, limiter }));
}

/** The user's portfolio and ROI caches and what a change of wallets or income choices drops from them. */
interface PortfolioParts {
  portfolio: PortfolioCache;
  walletsChanged: (userId: string) => Promise<void>;
}

/** The ROI tracker, the portfolio's caches, wallets, investments and the debug pages. */
function mountPortfolioRoutes(app: Hono, s: AppServices): PortfolioParts {
  const { access, chain, chainConfig, config, db, limiter, logger, now } = s;
  const roi = new RoiCache({ db, chain, logger, now });
  // The portfolio carries the ROI fields only for users who may see the ROI tracker (Premium).
  const roiForPortfolio = async (userId: string) =>
    (await hasFullAccess(access, userId)) ? roi.within(userId, PORTFOLIO_ROI_WAIT_MS) : null;
  const portfolio = new PortfolioCache({ db, chain, now, roi: roiForPortfolio });
  const walletsChanged = async (userId: string) => {
    roi.invalidate(userId);
    await portfolio.invalidate(userId);
  };
  app.route("/api/wallet-management", walletRoutes({ config, db, now, onChange: walletsChanged }));
  app.route("/api/roi", roiRoutes({ cache: roi }));
  app.route("/api/investments", investmentRoutes({ db, chain, now }));
  app.route(
    "/api/debug/test-system",
    testSystemRoutes({ db, chain, now, limiter, portfolio: (userId) => portfolio.get(userId) }),
  );
  app.route("/api/debug/compute-units", computeUnitsRoutes({ db, config, meter: chain.meter, now }));
  app.route("/api/debug/transactions", inspectorRoutes({ db, chain, chainConfig, logger, limiter, now }));
  return { portfolio, walletsChanged };
}

/** News, the market, the watchlist and the tracker; returns what close() stops. */
function mountMarketRoutes(app: Hono, s: AppServices, { portfolio }: PortfolioParts) {
  const { chain, chainConfig, config, db, limiter, logger, now } = s;
  const offline = chainConfig.deployments.length > 0;
  const news = new NewsService({ upstream: chain.upstream, feeds: newsFeedsFrom(config, offline), logger });
  news.start();
  app.route("/api/news", newsRoutes({ news }));
  const { market, tracker, cache: marketCache } = createMarket({ db, chain, config: chainConfig, logger, now });
  const holdings = async (userId: string) => {
    const p = await portfolio.get(userId, { retryUnreadAfterSeconds: HELD_MOVERS_REREAD_SECONDS });
    const tokens = p.tokens.map((t) => ({ chainId: t.chainId, address: t.contractAddress }));
    return { tokens, complete: p.readFailures.length === 0 };
  };
  app.route("/api/market", marketRoutes({ market, holdings, limiter }));
  app.route("/api/watchlist", watchlistRoutes({ db, market, now }));
  app.route("/api/tracker", trackerRoutes({ tracker, limiter }));
  return { news, marketCache, market };
}

/** The alerts: settings, notifications, the owner's run, and their schedules on the job queue. */
async function mountAlertRoutes(app: Hono, s: AppServices, market: MarketService, queue: ReportQueue) {
  const { access, chain, config, db, limiter, logger, mailer, now, secret } = s;
  const deps = {
    ...{ db, chain, logger, mailer, market, now, clock: now, secret, appUrl: config.appUrl },
    hasFullAccess: (userId: string) => hasFullAccess(access, userId),
  };
  app.route("/api/notifications", notificationRoutes({ ...deps, limiter }));
  app.route("/api/debug/alerts", alertRunRoutes(deps));
  if (config.ALERT_SCHEDULE) await scheduleAlerts(queue, deps);
}

/** The user's choices and settings, the portfolio's answers and NFT images, tax declarations and planning. */
function mountUserChoiceRoutes(app: Hono, s: AppServices, parts: PortfolioParts, reportStore: ReportStore) {
  const { chain, config, db, limiter, logger, now } = s;
  const { portfolio, walletsChanged } = parts;
  app.route("/api/income-choices", incomeChoiceRoutes({ db, now, onChange: walletsChanged }));
  app.route("/api/portfolio", portfolioRoutes({ cache: portfolio, fx: chain.fx, now, limiter }));
  const local = config.NFT_IMAGES_FROM_PRIVATE_HOSTS;
  const nftImages = new NftImageFetcher({ upstream: chain.upstream, allowPrivateHosts: local, allowHttp: local });
  app.route(
    "/api/nft-image",
    nftImageRoutes({ portfolio: (userId) => portfolio.get(userId), images: nftImages, limiter }),
  );
  app.route("/api/settings", settingsRoutes({ db, now }));
  app.route("/api/tax", taxDeclarationRoutes({ db, store: reportStore, now }));
  app.route("/api/tax", taxPlanningRoutes({ db, chain, logger, now }));
  app.route("/api/imports", importRoutes({ db, now, chain }));
  app.route("/api/wallet-report-archive", reportArchiveRoutes({ store: reportStore }));
  app.route("/api/token-choices", tokenChoiceRoutes({ db, now, onChange: (userId) => portfolio.invalidate(userId) }));
}

/** Swaps, yields and the bridge. */
function mountTradeRoutes(app: Hono, { chain, chainConfig, db, limiter }: AppServices, { portfolio }: PortfolioParts) {
  const tradeChains = tradeChainsOf(chainConfig, chain.registry);
  app.route("/api/trade", tradeRoutes({ db, chain, tradeChains, limiter }));
  // The devchain's pools are Uniswap V2 code (0.3 % to liquidity providers); PulseX gives them 0.22 %.
  const lpFeePercent = chainConfig.deployments.length > 0 ? "0.3" : "0.22";
  app.route("/api/yield", yieldRoutes({ chain, tradeChains, lpFeePercent: { v1: lpFeePercent, v2: lpFeePercent } }));
  app.route("/api/bridge", bridgeRoutes({ chain, portfolio: (userId) => portfolio.get(userId) }));
}

/** The API's 404, the route table's check, the error answer, the web app and the last 404. */
function mountFallbacks(app: Hono, { logger }: AppServices, webDist: string | false) {
  app.all("/api/*", (c) => jsonError(c, 404, "NOT_FOUND", `No API route ${c.req.method} ${c.req.path}`));
  assertRouteTable(app);

  app.onError((err, c) => {
    if (isChainUnreachable(err)) {
      logger.warn({ err, method: c.req.method, path: c.req.path }, "chain unreachable");
      return chainUnavailable(c);
    }
    logger.error({ err, method: c.req.method, path: c.req.path }, "unhandled error");
    return jsonError(c, 500, "INTERNAL_ERROR", "An unexpected error occurred. Please try again.");
  });

  if (webDist && !mountWebApp(app, webDist)) {
    logger.warn({ webDist }, "web app not built: run `npm run build` to serve the UI");
  }
  app.notFound((c) => jsonError(c, 404, "NOT_FOUND", "Not found"));
}
