import type { ReactElement } from 'react';
import { plainTextSelectors, render } from '@react-email/render';
import { compile } from 'html-to-text';
import QRCode from 'qrcode';
import { formatMoney, iosInstallUrl } from '@simshop/contract';
import type { MailAttachment } from '../../providers/mail.ts';
import { carrierName, ChatAnsweredMail, EsimInstalledMail, EsimReadyMail, OrderPlacedMail, PickupReadyMail, ReceiptMail, RefundMail, ShippedMail, UsageAlertMail, type MailContext } from './mail-templates.tsx';
import type { NotificationEvent, NotificationFacts } from './notification-types.ts';
import { BalanceAlertMail, balanceAlertText } from './balance-alert-mail.tsx';
import { WithdrawalMail } from './withdrawal-mail.tsx';
import { usageAlertText } from './usage-alert-text.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/**
 * The plain-text part from the rendered HTML, with react-email's own plain-text settings
 * compiled once: compiling them on every conversion was most of a mail's cost, and rendering
 * the tree a second time for the text the rest.
 */
const htmlToText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** Thrown when the facts an event needs are missing: the message is skipped, not retried. */
export class MissingFacts extends Error {}

/**
 * The QR as a PNG attachment shown inline by its Content-ID: Gmail strips `data:` images, and
 * a linked image may be blocked until the reader allows it. 520 px drawn at 260: sharp on a
 * phone's screen, so another phone's camera reads it.
 */
async function qrAttachment(lpa: string, cid: string): Promise<MailAttachment> {
  const content = await QRCode.toBuffer(lpa, {
    type: 'png',
    width: 520,
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  return { filename: `${cid}.png`, contentType: 'image/png', content, cid };
}

function need<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new MissingFacts();
  return value;
}

/** The mail for an event: subject, HTML and the plain-text part, from one render of its tree. */
export async function renderMail(event: NotificationEvent, facts: NotificationFacts, c: MailContext): Promise<RenderedMail> {
  const attachments: MailAttachment[] = [];
  let subject: string;
  let element: ReactElement;
  switch (event.kind) {
    case 'order_placed': {
      const orders = facts.orders?.length ? facts.orders : [need(facts.order)];
      const first = orders[0]!;
      subject = orders.length > 1 ? c.t('order_placed.subjectMany', { orderNo: first.orderNo, more: orders.length - 1, count: orders.length }) : c.t('order_placed.subject', { orderNo: first.orderNo });
      element = <OrderPlacedMail c={c} orders={orders} />;
      break;
    }
    case 'payment_received': {
      const order = need(facts.order);
      subject = c.t('payment_received.subject', { orderNo: order.orderNo });
      element = <ReceiptMail c={c} order={order} />;
      break;
    }
    case 'esim_ready': {
      const order = need(facts.order);
      const esims = need(facts.esims);
      if (esims.length === 0) throw new MissingFacts();
      const blocks = await Promise.all(
        esims.map(async (esim) => {
          const cid = `esim-qr-${esim.id}`;
          attachments.push(await qrAttachment(esim.lpa, cid));
          return {
            esim,
            qrCid: cid,
            iosUrl: iosInstallUrl(esim.dpAddress, esim.activationCode),
          };
        }),
      );
      subject = c.t('esim_ready.subject', {
        name: esims.length === 1 ? esims[0]!.name : `${esims[0]!.name} +${esims.length - 1}`,
      });
      element = <EsimReadyMail c={c} order={order} esims={blocks} />;
      break;
    }
    case 'shipped': {
      const order = need(facts.order);
      subject = c.t('shipped.subject', { orderNo: order.orderNo });
      element = <ShippedMail c={c} order={order} />;
      break;
    }
    case 'pickup_ready': {
      const order = need(facts.order);
      subject = c.t('pickup_ready.subject', { orderNo: order.orderNo });
      element = <PickupReadyMail c={c} order={order} store={facts.pickupStore ?? null} />;
      break;
    }
    case 'refund_approved':
    case 'refund_paid': {
      const order = need(facts.order);
      subject = c.t(`${event.kind}.subject`, {
        orderNo: order.orderNo,
        amount: formatMoney(event.amount, order.currency),
      });
      element = <RefundMail c={c} order={order} kind={event.kind} amount={event.amount} />;
      break;
    }
    case 'esim_installed': {
      const esim = need(facts.esims?.[0]);
      subject = c.t('esim_installed.subject', { name: esim.name });
      element = <EsimInstalledMail c={c} esim={esim} />;
      break;
    }
    case 'usage_alert': {
      const esim = need(facts.esims?.[0]);
      subject = usageAlertText(c, event, esim.name).subject;
      element = <UsageAlertMail c={c} esim={esim} event={event} />;
      break;
    }
    case 'withdrawal_received': {
      const order = need(facts.order);
      subject = c.t('withdrawal_received.subject', { orderNo: order.orderNo });
      element = <WithdrawalMail c={c} order={order} at={event.at} refund={event.refund} />;
      break;
    }
    case 'balance_alert':
      subject = balanceAlertText(c, event).subject;
      element = <BalanceAlertMail c={c} event={event} />;
      break;
    case 'chat_answered':
      subject = event.quotes.length > 1 ? c.t('chat_answered.subjectMany', { count: event.quotes.length }) : c.t('chat_answered.subject');
      element = <ChatAnsweredMail c={c} quotes={event.quotes} />;
      break;
  }
  const html = await render(element);
  return { subject, html, text: htmlToText(html), attachments };
}

/** What fits an SMS: one line and the link to the page that has the rest. */
export function renderSms(event: NotificationEvent, facts: NotificationFacts, c: MailContext): string {
  const prefix = c.lang === 'zh-Hans' ? '【SimShop】' : 'SimShop: ';
  const order = facts.order;
  const orderUrl = order ? c.links.order(order.orderNo) : c.links.chat;
  const money = (n: number) => (order ? formatMoney(n, order.currency) : String(n));
  switch (event.kind) {
    case 'order_placed':
      return (
        prefix +
        c.t('sms.order_placed', {
          orderNo: need(order).orderNo,
          url: c.links.pay(need(order).orderNo),
        })
      );
    case 'payment_received':
      return (
        prefix +
        c.t('sms.payment_received', {
          orderNo: need(order).orderNo,
          total: money(need(order).total),
          url: orderUrl,
        })
      );
    case 'esim_ready': {
      const esim = need(facts.esims?.[0]);
      return (
        prefix +
        c.t('sms.esim_ready', {
          url: facts.esims!.length === 1 ? c.links.esim(esim.id) : orderUrl,
        })
      );
    }
    case 'shipped':
      return (
        prefix +
        c.t('sms.shipped', {
          orderNo: need(order).orderNo,
          carrier: carrierName(c.lang, need(order).carrier),
          trackingNo: order!.trackingNo ?? '',
          url: order!.trackingUrl ?? orderUrl,
        })
      );
    case 'pickup_ready':
      return (
        prefix +
        c.t('sms.pickup_ready', {
          orderNo: need(order).orderNo,
          store: facts.pickupStore?.name ?? '',
          url: orderUrl,
        })
      );
    case 'refund_approved':
    case 'refund_paid':
      return (
        prefix +
        c.t(`sms.${event.kind}`, {
          orderNo: need(order).orderNo,
          amount: money(event.amount),
          url: orderUrl,
        })
      );
    case 'esim_installed': {
      const esim = need(facts.esims?.[0]);
      return (
        prefix +
        c.t('sms.esim_installed', {
          name: esim.name,
          url: c.links.esim(esim.id),
        })
      );
    }
    case 'usage_alert':
      return prefix + usageAlertText(c, event, need(facts.esims?.[0]).name).sms;
    case 'withdrawal_received':
      return prefix + c.t('sms.withdrawal_received', { orderNo: need(order).orderNo, date: c.date(event.at), url: orderUrl });
    case 'balance_alert':
      return prefix + balanceAlertText(c, event).sms;
    case 'chat_answered': {
      const first = event.quotes[0] ?? '';
      return (
        prefix +
        c.t('sms.chat_answered', {
          quote: first.length > 60 ? `${first.slice(0, 59)}…` : first,
          url: c.links.chat,
        })
      );
    }
  }
}
