import { Text } from '@react-email/text';
import { formatMoney } from '@simshop/contract';
import { MailButton, MailFrame, text } from './mail-layout.tsx';
import type { MailContext } from './mail-templates.tsx';
import type { NotificationEvent } from './notification-types.ts';

/**
 * A reseller's money alerts by mail (and SMS for a phone-only account): the reseller API's
 * spending at 80 % of the day's limit, or the balance below a webhook endpoint's low-balance
 * threshold. Both link to Mine → API, where the limits and endpoints are set.
 */
type BalanceAlertEvent = Extract<NotificationEvent, { kind: 'balance_alert' }>;

export function balanceAlertText(c: MailContext, event: BalanceAlertEvent) {
  const money = (n: number) => formatMoney(n, event.currency);
  if (event.alert === 'spend_limit') {
    const values = { currency: event.currency, percent: event.limit > 0 ? Math.floor((event.amount * 100) / event.limit) : 100, spent: money(event.amount), limit: money(event.limit), url: c.links.api };
    return {
      subject: c.t('balance_alert.spend_limit.subject', values),
      title: c.t('balance_alert.spend_limit.title'),
      body: c.t('balance_alert.spend_limit.body', values),
      sms: c.t('sms.balance_alert.spend_limit', values),
    };
  }
  const values = { currency: event.currency, balance: money(event.amount), threshold: money(event.limit), url: c.links.api };
  return {
    subject: c.t('balance_alert.balance_low.subject', values),
    title: c.t('balance_alert.balance_low.title'),
    body: c.t('balance_alert.balance_low.body', values),
    sms: c.t('sms.balance_alert.balance_low', values),
  };
}

export function BalanceAlertMail({ c, event }: { c: MailContext; event: BalanceAlertEvent }) {
  const lines = balanceAlertText(c, event);
  return (
    <MailFrame lang={c.lang} t={c.t} preview={lines.body} title={lines.title}>
      <Text style={text}>{lines.body}</Text>
      <MailButton href={c.links.api}>{c.t('balance_alert.action')}</MailButton>
    </MailFrame>
  );
}
