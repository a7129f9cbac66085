import { formatVolume, type PushPayload } from '@simshop/contract';
import type { MailContext } from './mail-templates.tsx';
import type { NotificationEvent } from './notification-types.ts';

export type UsageAlertEvent = Extract<NotificationEvent, { kind: 'usage_alert' }>;

/**
 * What a usage or expiry alert says, in the customer's language: the same lines for the mail,
 * the text message and the device notification.
 */
export function usageAlertText(c: MailContext, event: UsageAlertEvent, name: string) {
  const data = event.threshold === 'data_75' || event.threshold === 'data_90';
  const used = event.usedMb ?? 0;
  const total = event.dataMb ?? 0;
  const end = event.expiresAt === null ? '' : c.date(event.expiresAt);
  return {
    subject: c.t(`usage_alert.${event.threshold}.subject`, { name }),
    title: c.t(data ? 'usage_alert.data.title' : 'usage_alert.days.title'),
    body: data
      ? c.t('usage_alert.data.body', { name, used: formatVolume(used), total: formatVolume(total), left: formatVolume(Math.max(0, total - used)) })
      : c.t('usage_alert.days.body', { name, end }),
    sms: data ? c.t('sms.usage_alert.data', { name, percent: event.threshold === 'data_75' ? 75 : 90, url: c.links.esim(event.esimId) }) : c.t('sms.usage_alert.days', { name, end, url: c.links.esim(event.esimId) }),
  };
}

/** The device notification: the subject as its title, the facts as its text, the eSIM page on a click. */
export function usageAlertPush(c: MailContext, event: UsageAlertEvent, name: string): PushPayload {
  const lines = usageAlertText(c, event, name);
  return { title: lines.subject, body: lines.body, url: c.links.esim(event.esimId), tag: `esim-${event.esimId}-${event.threshold}` };
}
