import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createDatabase, migrateToLatest, type Database } from '../../db/database.ts';
import { markTestPlane } from '../../db/test-plane.ts';
import { startOutboxWorker, type OutboxHandler, type OutboxHandlers } from '../../jobs/outbox.ts';
import { startScheduler } from '../../jobs/scheduler.ts';
import { Topic } from '../../jobs/topics.ts';
import { createCarrierSimulator } from '../../providers/carrier.ts';
import type { Providers } from '../../providers/index.ts';
import { createInProcessSmdp } from '../../smdp-simulator/in-process.ts';
import { mirrorForReseller, stockSandboxEcodes } from './sandbox-mirror.service.ts';

/**
 * The reseller API's sandbox, where test keys run (Stripe's test mode): a separate data plane
 * with the shop's schema (on SQLite `sandbox.sqlite` beside the shop's file, on PostgreSQL the
 * `sandbox` schema of the same database through a pool of its own), opened and migrated on the
 * first test key's request. Its own providers (the carrier simulator, and eSIMs from the SM-DP+
 * simulator called in process, in production too) and its own outbox and scheduler, so bulk
 * jobs and eSIM fulfilment run there as they do live. Money there is play money and it reaches
 * nobody: its mail, SMS, notices, staff alerts and reseller webhooks are dropped (the live
 * webhook endpoints are never copied in, and their delivery topic is silenced besides).
 */

/** The PostgreSQL schema the sandbox lives in. */
export const SANDBOX_SCHEMA = 'sandbox';
/** The SM-DP+ address sandbox eSIMs name in their activation codes. */
export const SANDBOX_SMDP_ADDRESS = 'smdp-sandbox.simshop.local';

/** What the sandbox never sends on: messages to people and calls to resellers' or staff's endpoints. */
const SILENT_TOPICS: readonly Topic[] = [Topic.mailSend, Topic.smsSend, Topic.notificationSend, Topic.opsAlertMail, Topic.opsAlertWebhook, Topic.webhookDeliver];

export interface SandboxPlane {
  db: Database;
  providers: Providers;
  outboxHandlers: OutboxHandlers;
}

/** The server's jobs, handed in when the server is built (they sit above every module). */
export interface SandboxJobs {
  outboxHandlers(config: Config, log: FastifyBaseLogger, db: Database, providers: Providers): OutboxHandlers;
  scheduled(db: Database, now: number, providers: Providers, retentionMs: number): Promise<void>;
}

export interface Sandbox {
  /** The plane, opened and migrated on first use (once, however many ask at the same time). */
  plane(): Promise<SandboxPlane>;
  /** The plane made ready for a reseller's request: the live catalogue and account copied in, an ECode order's units stocked. */
  forRequest(live: Database, userId: number, units: { skuId: number; quantity: number } | null, now: number): Promise<SandboxPlane>;
  /** Stops its worker and scheduler (the job in hand finishes). */
  stopWorkers(): Promise<void>;
  /** Stops its workers and closes its database; nothing when it was never opened. */
  close(): Promise<void>;
}

interface Opened {
  plane: SandboxPlane;
  stop: () => Promise<void>;
}

export function createSandbox(options: { config: Config; log: FastifyBaseLogger; jobs: SandboxJobs; workers: boolean }): Sandbox {
  let opening: Promise<Opened> | null = null;
  let closing: Promise<void> | null = null;
  const open = () => {
    if (closing) return Promise.reject(new Error('the sandbox is closed'));
    // A failed opening (the database unreachable) is tried again by the next request.
    opening ??= openPlane(options).catch((err: unknown) => {
      opening = null;
      throw err;
    });
    return opening;
  };
  const opened = async () => (opening ? opening.catch(() => null) : null);
  return {
    plane: async () => (await open()).plane,
    async forRequest(live, userId, units, now) {
      const { plane } = await open();
      await mirrorForReseller(live, plane.db, userId, now);
      if (units) await stockSandboxEcodes(plane.db, units, now);
      return plane;
    },
    stopWorkers: async () => (await opened())?.stop(),
    close: () =>
      (closing ??= (async () => {
        const plane = await opened();
        await plane?.stop();
        await plane?.plane.db.destroy();
      })()),
  };
}

async function openPlane(options: { config: Config; log: FastifyBaseLogger; jobs: SandboxJobs; workers: boolean }): Promise<Opened> {
  const { config, jobs } = options;
  const log = options.log.child({ plane: 'sandbox' });
  const db = config.databaseUrl
    ? createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, schema: SANDBOX_SCHEMA })
    : createDatabase({ sqliteFile: join(config.dataDir, 'sandbox.sqlite'), dataDir: config.dataDir });
  try {
    // Several processes may open it at once: the migrator's lock runs the migrations once.
    await migrateToLatest(db, config.databaseUrl ? SANDBOX_SCHEMA : undefined);
  } catch (err) {
    await db.destroy();
    throw err;
  }
  // What it issues says so (its ECodes are TEST codes).
  markTestPlane(db);
  // Files the sandbox's providers write (the carrier simulator's texts) go to a folder of its own, never the live outbox.
  const sandboxConfig: Config = { ...config, dataDir: join(config.dataDir, 'sandbox') };
  const providers: Providers = {
    card: null,
    wechat: null,
    wechatLogin: null,
    carrier: createCarrierSimulator({ dataDir: sandboxConfig.dataDir }),
    smdp: createInProcessSmdp({ smdpAddress: SANDBOX_SMDP_ADDRESS }),
  };
  const dropped: OutboxHandler = async () => {};
  const outboxHandlers: OutboxHandlers = { ...jobs.outboxHandlers(sandboxConfig, log, db, providers), ...Object.fromEntries(SILENT_TOPICS.map((topic) => [topic, dropped])) };
  const plane = { db, providers, outboxHandlers };
  if (!options.workers) return { plane, stop: async () => {} };
  const worker = startOutboxWorker(db, outboxHandlers, log, config.outboxIntervalMs, { policy: config.jobs, concurrency: config.jobs.concurrency });
  const stopScheduler = startScheduler(db, () => jobs.scheduled(db, Date.now(), providers, config.retentionMs), log);
  return { plane, stop: async () => void (await Promise.all([stopScheduler(), worker.stop()])) };
}
