import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { composeOutboxHandlers, runPrunes, runSweeps, type ModuleJobs } from './jobs/module-jobs.ts';
import { accountJobs } from './modules/accounts/accounts.jobs.ts';
import { wechatJobs } from './modules/wechat/wechat.jobs.ts';
import { sessionJobs } from './modules/sessions/sessions.jobs.ts';
import { staffJobs } from './modules/staff/staff.jobs.ts';
import { deliveryJobs } from './jobs/outbox-handlers.ts';
import type { OutboxHandlers } from './jobs/outbox.ts';
import { esimJobs } from './modules/esim/esim.jobs.ts';
import { messageJobs } from './modules/messages/message.jobs.ts';
import { loadNotificationFacts } from './modules/notification-facts/notification-facts.service.ts';
import { notificationJobs } from './modules/notifications/notification.jobs.ts';
import { orderJobs } from './modules/orders/order.jobs.ts';
import { paymentJobs } from './modules/payments/payment.jobs.ts';
import { securityJobs } from './modules/security/security.jobs.ts';
import { resellerApiJobs } from './modules/reseller-api/reseller-api.jobs.ts';
import { usageAlertJobs } from './modules/usage-alerts/usage-alerts.jobs.ts';
import { opsAlertJobs } from './modules/ops-alerts/ops-alerts.jobs.ts';
import { webhookJobs } from './modules/webhooks/webhooks.jobs.ts';
import { oauthJobs } from './modules/oauth/oauth.jobs.ts';
import { mcpJobs } from './modules/mcp/mcp.jobs.ts';
import type { Providers } from './providers/index.ts';

/** Every module's outbox handlers and sweeps; sweeps run in this order. */
const moduleJobs: readonly ModuleJobs[] = [deliveryJobs, orderJobs, paymentJobs, messageJobs, esimJobs, securityJobs, resellerApiJobs, usageAlertJobs, notificationJobs(loadNotificationFacts), sessionJobs, staffJobs, accountJobs, wechatJobs, opsAlertJobs, webhookJobs, oauthJobs, mcpJobs];

/** What each outbox topic does: every topic has exactly one handler, checked when the app is built. */
export function createOutboxHandlers(config: Config, log: FastifyBaseLogger, db: Database, providers: Providers): OutboxHandlers {
  return composeOutboxHandlers({ config, log, db, providers }, moduleJobs);
}

/** How long spent rows (ended sessions, expired codes and proof-of-work challenges, rate-limit windows, finished jobs) are kept unless RETENTION_DAYS says otherwise. */
export const DEFAULT_RETENTION_MS = 30 * 86_400_000;

/**
 * The time-driven rules, once; the scheduler runs them every minute and tests call them at a
 * chosen time. Without `providers` the rules that ask the outside world (usage alerts) wait.
 * Then what was spent before the retention period is deleted, so those tables do not grow for ever.
 */
export async function runScheduledJobs(db: Database, now = Date.now(), providers?: Providers, retentionMs = DEFAULT_RETENTION_MS): Promise<void> {
  await runSweeps(db, moduleJobs, now, providers);
  await runPrunes(db, moduleJobs, now - retentionMs);
}
