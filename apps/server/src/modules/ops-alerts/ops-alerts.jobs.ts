import { shopOrigin, type Config } from '../../config.ts';
import type { ModuleJobs } from '../../jobs/module-jobs.ts';
import { sendOnce } from '../../jobs/outbox.ts';
import { Topic, topicPayloads } from '../../jobs/topics.ts';
import { createMailer } from '../../providers/mail.ts';
import { renderAlertMail, type AlertBody, type ConsoleLinks } from './ops-alert-mail.tsx';
import { postSignedAlert } from './ops-alert-webhook.ts';
import { sweepOpsAlerts } from './ops-alert-sweeps.service.ts';
import { pruneAlerts, stillWantsAlerts } from './ops-alerts.service.ts';
import * as repo from './ops-alerts.repository.ts';

/** The console's pages an alert links to (below /console/ on the shop's address). */
export function consoleLinks(config: Pick<Config, 'publicUrl' | 'port'>): ConsoleLinks {
  const base = `${shopOrigin(config)}/console`;
  return { jobs: `${base}/jobs?status=failed`, dashboard: `${base}/`, order: (orderNo) => `${base}/orders/${encodeURIComponent(orderNo)}` };
}

/** The webhook's JSON: the Standard Webhooks shape (`type`, `timestamp`, `data`), the data with the console's link. */
export function webhookBody(alert: AlertBody, links: ConsoleLinks): string {
  const link = alert.kind === 'job_failed' ? links.jobs : links.dashboard;
  const items = alert.items.map((i) => ({ ...i, link: i.orderNo ? links.order(i.orderNo) : null }));
  return JSON.stringify({ type: `ops_alert.${alert.kind}`, timestamp: new Date(alert.at).toISOString(), data: { ...alert, items, link } });
}

/**
 * The staff's failure alerts: the scheduler's sweep records them (only in the process that
 * holds the scheduler's lease); the worker mails each staff member (SMTP, like every mail, with
 * retries and once per try under the job's key) and posts the webhook when ALERT_WEBHOOK_URL is set.
 */
export const opsAlertJobs: ModuleJobs = {
  sweeps: [(db, now) => sweepOpsAlerts(db, now)],
  prune: [pruneAlerts],
  outbox: ({ config, db }) => {
    const mailer = createMailer(config);
    const links = consoleLinks(config);
    const alertOf = async (id: number) => {
      const row = await repo.findAlert(db, id);
      return row ? (JSON.parse(row.body) as AlertBody) : null;
    };
    return {
      [Topic.opsAlertMail]: async (payload, job) => {
        const { alertId, staffId, to } = topicPayloads[Topic.opsAlertMail].parse(payload);
        const alert = await alertOf(alertId);
        const wants = await stillWantsAlerts(db, staffId);
        if (!alert || !wants) return;
        const mail = await renderAlertMail(alert, wants.language, links);
        await sendOnce(db, job, 'mail', (idempotencyKey) => mailer.send({ to, ...mail, idempotencyKey }));
      },
      [Topic.opsAlertWebhook]: async (payload, job) => {
        const { alertId } = topicPayloads[Topic.opsAlertWebhook].parse(payload);
        const target = config.alertWebhook;
        const alert = target ? await alertOf(alertId) : null;
        if (!target || !alert) return;
        // One id for every try of this alert: the receiver drops a repeat.
        await sendOnce(db, job, 'webhook', () => postSignedAlert(target, `ops-alert-${alertId}`, webhookBody(alert, links)));
      },
    };
  },
};
