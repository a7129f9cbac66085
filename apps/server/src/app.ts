import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { fail, serverErrors } from '@simshop/contract';
import { fastifyTrustProxy, type Config } from './config.ts';
import { createDatabase, migrateToLatest, type Database } from './db/database.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { allHandlers } from './handlers.ts';
import { startOutboxWorker, type OutboxHandlers } from './jobs/outbox.ts';
import { createOutboxHandlers, runScheduledJobs } from './background-jobs.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { registerDispatch, type DispatchAccess } from './http/dispatch.ts';
import { publicCalls } from './http/public-calls.ts';
import { registerHealthRoutes } from './http/health.routes.ts';
import { failSafeStdout } from './http/log-destination.ts';
import { createMetrics, registerMetrics } from './http/metrics.ts';
import { registerShopGauges } from './shop-gauges.ts';
import { resolveSession } from './modules/sessions/session.service.ts';
import { hashToken } from './modules/sessions/session-store.ts';
import { resolveStaffSession, waitsForPasswordChange } from './modules/staff/staff.service.ts';
import { merchantScopeRefusal } from './modules/merchants/merchant-scope.ts';
import { recordSecurityEvent } from './modules/security/security-event.service.ts';
import { scalePerIpLimits } from './modules/security/rate-limit.service.ts';
import { countPoolLevelsWith } from './modules/catalogue/pool-levels.ts';
import { poolLevelsOf, poolProfileIccid } from './modules/esim/esim-pool.service.ts';
import { DEMO_SMDP } from './seed/demo-catalogue.ts';
import { RequestLogController } from './http/request-log.ts';
import { traceLogFields } from './telemetry/trace-context.ts';
import { registerFileRoutes } from './modules/files/files.routes.ts';
import { registerUploadRoutes } from './modules/files/upload.routes.ts';
import { registerMediaHttpRoutes } from './modules/media/media-http.routes.ts';
import { registerOpenApiRoutes } from './openapi.ts';
import { registerResellerApi } from './modules/reseller-api/reseller-api.routes.ts';
import { createSandbox, type SandboxPlane } from './modules/sandbox/sandbox-plane.ts';
import { registerWebApp } from './web/web-app.ts';
import { createProviders, type Providers } from './providers/index.ts';
import { registerPaymentRoutes } from './modules/payments/payment-provider.routes.ts';
import { registerSmdpNotifications, SMDP_NOTIFY_PATH } from './modules/esim/smdp-notify.routes.ts';
import { registerSmdpSimulator } from './smdp-simulator/simulator.ts';
import { isCarrierSimulator } from './providers/carrier.ts';
import { registerWechatSimulator } from './wechat-simulator/simulator.ts';
import { registerMcpRoutes } from './modules/mcp/mcp.routes.ts';
import { registerOauthRoutes } from './modules/oauth/oauth.routes.ts';

/** The SM-DP+ address the built-in simulator gives out. */
const SIMULATOR_SMDP_ADDRESS = 'smdp-sim.simshop.local';

/** Sessions, staff, merchants' scope and security events, as the dispatcher (below all modules) uses them. */
const dispatchAccess: DispatchAccess = { hashToken, resolveSession, resolveStaffSession, waitsForPasswordChange, merchantScopeRefusal, recordSecurityEvent };

// The catalogue's admin pages show each pool SKU's profile counts, which the eSIM module (above the catalogue) keeps.
countPoolLevelsWith(poolLevelsOf);

export interface BuildOptions {
  config: Config;
  /** An existing database (tests share one per file); otherwise one is opened from the config. */
  db?: Database;
  /** Migrate (and seed, when the config says so) before serving. */
  prepare?: boolean;
  /** External providers; built from the config unless given (tests point them at local fakes). */
  providers?: Providers;
  /** Run the outbox worker and the scheduler; by default as the config's role says (not on `web`). Tests drain the outbox themselves instead. */
  workers?: boolean;
}

export interface App {
  app: FastifyInstance;
  db: Database;
  outboxHandlers: OutboxHandlers;
  /** The providers the app talks to (the scheduled rules ask the carrier through them). */
  providers: Providers;
  /** The reseller API's sandbox, where test keys run, opened on first use (tests drain its outbox as they drain the live one). */
  sandbox(): Promise<SandboxPlane>;
  /**
   * Stops: readiness turns false at once; the outbox worker and scheduler (the job in hand
   * finishes and records its result) and HTTP (idle connections at once, in-flight and slow ones
   * cut when the grace period ends, SHUTDOWN_GRACE_MS) wind down together; the database last.
   */
  shutdown(): Promise<void>;
  /** Writes out the log's buffered lines (before the process exits), within a second. */
  flushLog(): Promise<void>;
}

/** Builds the server without listening: tests drive it with inject, server.ts listens. */
export async function buildApp(options: BuildOptions): Promise<App> {
  const { config } = options;
  scalePerIpLimits(config.ipLimitScale);
  const db = options.db ?? createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, server: true });
  if (options.prepare ?? true) {
    await migrateToLatest(db);
    if (config.seedDemo) await seedDemo(db);
  }

  const logDestination = failSafeStdout();
  const app = Fastify({
    // Each line carries the trace it was written in (nothing when tracing is off) beside Fastify's reqId.
    logger: { level: config.logLevel, stream: logDestination, mixin: traceLogFields },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logController: new RequestLogController(),
  });
  // Outside the dispatcher (downloads, uploads, payment pages): an unexpected failure is logged
  // with its detail and answered with the catalogue's serverError, never its message or a path.
  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) return reply.send(err);
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(fail(serverErrors.serverError));
  });
  // Production behind https: browsers keep to https for a year, subdomains included, so a
  // downgraded first request cannot carry a session cookie or token in the clear.
  const hsts = config.env === 'production' && /^https:\/\//i.test(config.publicUrl ?? '');
  app.addHook('onSend', async (_req, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    if (hsts) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  const localBase = () => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : config.port}`;
  };
  const providers = options.providers ?? createProviders(config, localBase);
  if (config.smdp.simulator) {
    // Both simulators stand for the world outside: a phone that installs a profile connects, and the carrier sees it.
    const carrier = providers.carrier;
    const onConnect = isCarrierSimulator(carrier) ? (iccid: string, at: number) => carrier.attach(iccid, at) : undefined;
    // It also plays the demo pools' SM-DP+, so a demo pool eSIM installs as an on-demand one does.
    const heldProfile = (matchingId: string) => poolProfileIccid(db, DEMO_SMDP, matchingId);
    registerSmdpSimulator(app, { apiKey: config.smdp.apiKey, smdpAddress: SIMULATOR_SMDP_ADDRESS, notifyUrl: () => `${localBase()}${SMDP_NOTIFY_PATH}`, notifyToken: config.smdp.notifyToken, onConnect, heldProfile });
  }
  registerSmdpNotifications(app, { db, config, poolAddresses: config.smdp.simulator ? [DEMO_SMDP] : [] });
  // WeChat sign-in without an official account configured (not in production): the simulator.
  if (config.wechatLogin?.simulator) registerWechatSimulator(app, { appId: config.wechatLogin.appId, appSecret: config.wechatLogin.appSecret });
  const metrics = createMetrics();
  registerMetrics(app, metrics, config);
  registerShopGauges(metrics, db);
  registerDispatch(app, { db, config, handlers: allHandlers, providers, access: dispatchAccess, onApiError: metrics.countApiError });
  registerPaymentRoutes(app, { db, config, providers });
  registerFileRoutes(app, { db, config });
  registerMcpRoutes(app, { db, config, providers });
  registerOauthRoutes(app, { db, config });
  registerUploadRoutes(app, { db, config, resolveStaffSession });
  registerMediaHttpRoutes(app, { db, config, resolveStaffSession });
  registerOpenApiRoutes(app, db);
  const runWorkers = options.workers ?? config.role !== 'web';
  const sandbox = createSandbox({ config, log: app.log, jobs: { outboxHandlers: createOutboxHandlers, scheduled: runScheduledJobs }, workers: runWorkers });
  // Closed once HTTP is done (a test key's request in flight finishes first), whoever closes the app.
  app.addHook('onClose', () => sandbox.close());
  registerResellerApi(app, { db, providers, sandbox });
  app.register(fastifyStatic, { root: join(import.meta.dirname, '../static'), prefix: '/static/', decorateReply: false, maxAge: '1h' });
  registerWebApp(app, config, db, publicCalls({ db, config, providers, handlers: allHandlers }));

  let serving = true;
  registerHealthRoutes(app, { db, serving: () => serving });

  const outboxHandlers = createOutboxHandlers(config, app.log, db, providers);
  const grace = config.shutdownGraceMs;
  let stopBackground = async () => {};
  if (runWorkers) {
    const worker = startOutboxWorker(db, outboxHandlers, app.log, config.outboxIntervalMs, { policy: config.jobs, concurrency: config.jobs.concurrency, observe: metrics.observeJob });
    const stopScheduler = startScheduler(db, () => runScheduledJobs(db, Date.now(), providers, config.retentionMs), app.log);
    stopBackground = async () => {
      await Promise.all([stopScheduler(), worker.stop(), sandbox.stopWorkers()]);
    };
    // A worker beside web processes gets no test key's request to open the sandbox with: it opens it now, to run its jobs.
    if (config.role === 'worker') sandbox.plane().catch((err: unknown) => app.log.error({ err }, 'the sandbox did not open: its jobs wait'));
  }
  let lateTimer: NodeJS.Timeout | undefined;
  const late = () => new Promise<'late'>((done) => (lateTimer = setTimeout(() => done('late'), grace + config.readinessDrainMs)));
  // Not Fastify's close hooks: Fastify times each hook out after its pluginTimeout (10 s), which
  // would end a shutdown with a longer grace period early, with exit code 1 and the database open.
  const shutdown = async () => {
    serving = false;
    const background = Promise.race([stopBackground(), late()]);
    // A proxy that polls /readyz sees 503 and moves traffic away while this process still answers.
    if (config.readinessDrainMs > 0) await new Promise((done) => setTimeout(done, config.readinessDrainMs));
    // Slow or stuck clients (a request that never finishes) may not hold the process past the deadline.
    const cut = setTimeout(() => app.server.closeAllConnections(), grace);
    try {
      // The worker and HTTP wind down together; a job that outlasts the grace period is left to its
      // lease (it runs again elsewhere, its sends keyed so none repeats).
      const [stopped] = await Promise.all([background, app.close()]);
      if (stopped === 'late') app.log.warn({ graceMs: grace }, 'a background job still runs at shutdown: it will run again after its lease');
    } finally {
      clearTimeout(cut);
      clearTimeout(lateTimer);
    }
    // Last: nothing uses the database any more.
    if (!options.db) await db.destroy();
  };
  return { app, db, outboxHandlers, providers, sandbox: () => sandbox.plane(), shutdown, flushLog: () => logDestination.flush() };
}
