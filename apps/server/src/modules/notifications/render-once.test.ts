import { toPlainText } from '@react-email/render';
import { formatMoney, type OrderDetail } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { pooledSmtpUrl, SMTP_CONNECTIONS } from '../../providers/mail.ts';
import { mailContext } from './notification-sender.ts';
import type { NotificationFacts } from './notification-types.ts';
import { renderMail } from './render-mail.tsx';

const links = {
  order: (no: string) => `https://shop.test/uni/pages/order/order-detail?orderNo=${no}`,
  pay: (no: string) => `https://shop.test/uni/pages/order/order-pay?orderNo=${no}`,
  esim: (id: number) => `https://shop.test/uni/pages/mine/esim/esim-detail?id=${id}`,
  chat: 'https://shop.test/uni/pages/mine/message/message',
  api: 'https://shop.test/uni/pages/mine/api',
};

const orderOf = (orderNo: string, name: string, total: number) =>
  ({
    orderNo,
    status: 'unpaid',
    currency: 'USD',
    subtotal: total,
    freight: 0,
    serviceFee: 0,
    discount: 0,
    total,
    createdAt: Date.UTC(2026, 11, 2, 4, 0),
    expiresAt: Date.UTC(2026, 11, 2, 4, 30),
    paidAt: null,
    payMethod: null,
    items: [{ id: 1, productId: 1, skuId: 1, kind: 'sim', name, options: [], images: '', unitPrice: total, quantity: 1, amount: total, inputs: {}, requiredInputs: [] }],
    pickupStore: null,
  }) as unknown as OrderDetail;

const first = orderOf('SO20261202000001', 'China Unicom SIM', 7100);
const second = orderOf('SO20261202000002', 'Harbour SIM', 13000);
const recipient = { email: 'a@example.com', tel: null, active: true };

describe('a mail is rendered once', () => {
  it.each(['en', 'zh-Hans'] as const)('its plain-text part in %s is react-email’s own conversion of its HTML', async (lang) => {
    const c = mailContext(lang, links);
    for (const kind of ['order_placed', 'payment_received'] as const) {
      const mail = await renderMail({ kind, userId: 1, orderNo: first.orderNo, language: lang }, { recipient, order: first }, c);
      expect(mail.text).toBe(toPlainText(mail.html));
      expect(mail.text).toContain(first.orderNo);
    }
  });
});

describe('the order mail of a checkout with several merchants', () => {
  const facts: NotificationFacts = { recipient, order: first, orders: [first, second] };
  const event = { kind: 'order_placed' as const, userId: 1, orderNo: first.orderNo, orderNos: [first.orderNo, second.orderNo], language: 'en' as const };

  it('lists every order and the one payment that covers them, in both languages', async () => {
    const en = await renderMail(event, facts, mailContext('en', links));
    expect(en.subject).toBe(`Orders ${first.orderNo} and 1 more received`);
    const zh = await renderMail({ ...event, language: 'zh-Hans' }, facts, mailContext('zh-Hans', links));
    expect(zh.subject).toBe(`已收到订单 ${first.orderNo} 等 2 笔`);
    for (const [mail, total, action] of [
      [en, `one payment of ${formatMoney(20100, 'USD')}`, 'Pay for your orders'],
      [zh, `一次支付 ${formatMoney(20100, 'USD')}`, '去付款'],
    ] as const) {
      for (const fact of [first.orderNo, second.orderNo, 'China Unicom SIM', 'Harbour SIM', total, action, links.pay(first.orderNo)]) expect(mail.text).toContain(fact);
    }
  });

  it('is the single-order mail when the checkout made one order', async () => {
    const one = await renderMail({ ...event, orderNos: undefined }, { recipient, order: first }, mailContext('en', links));
    expect(one.subject).toBe(`Order ${first.orderNo} received`);
    expect(one.text).not.toContain(second.orderNo);
  });
});

describe('the SMTP transport', () => {
  it('keeps its connections in a pool unless SMTP_URL says otherwise, with the credentials untouched', () => {
    const url = new URL(pooledSmtpUrl('smtp://user:p%40ss@mail.example.com:587'));
    expect(url.searchParams.get('pool')).toBe('true');
    expect(url.searchParams.get('maxConnections')).toBe(String(SMTP_CONNECTIONS));
    expect([url.username, url.password, url.host]).toEqual(['user', 'p%40ss', 'mail.example.com:587']);
    const own = new URL(pooledSmtpUrl('smtps://mail.example.com/?pool=false&maxConnections=2'));
    expect([own.searchParams.get('pool'), own.searchParams.get('maxConnections')]).toEqual(['false', '2']);
  });
});
