import { formatMoney, lpaString, type OrderDetail } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { mailContext } from './notification-sender.ts';
import type { NotificationEvent, NotificationFacts } from './notification-types.ts';
import { renderMail, renderSms } from './render-mail.tsx';

const links = {
  order: (no: string) => `https://shop.test/uni/pages/order/order-detail?orderNo=${no}`,
  pay: (no: string) => `https://shop.test/uni/pages/order/order-pay?orderNo=${no}`,
  esim: (id: number) => `https://shop.test/uni/pages/mine/esim/esim-detail?id=${id}`,
  chat: 'https://shop.test/uni/pages/mine/message/message',
  api: 'https://shop.test/uni/pages/mine/api',
};
const en = mailContext('en', links);
/** The HTML as a reader sees its text: React's text separators out, entities decoded. */
const shown = (html: string) => html.replaceAll('<!-- -->', '').replaceAll('&amp;', '&').replaceAll('&quot;', '"');
const zh = mailContext('zh-Hans', links);

const line = {
  id: 1,
  productId: 1,
  skuId: 1,
  kind: 'esim' as const,
  name: 'Asia eSIM',
  options: ['5 GB', '7 days'],
  images: '',
  unitPrice: 1290,
  quantity: 2,
  amount: 2580,
  inputs: {},
  requiredInputs: [],
};
const order = {
  orderNo: 'SO20261202000001',
  status: 'paid',
  currency: 'USD',
  subtotal: 2580,
  freight: 500,
  serviceFee: 116,
  discount: 300,
  total: 2896,
  createdAt: Date.UTC(2026, 11, 2, 4, 0),
  expiresAt: Date.UTC(2026, 11, 2, 4, 30),
  paidAt: Date.UTC(2026, 11, 2, 4, 5),
  payMethod: 'card',
  items: [line],
  carrier: 'sf',
  trackingNo: 'SF1234567890123',
  trackingUrl: 'https://www.sf-express.com/track?no=SF1234567890123',
  pickupStore: null,
} as unknown as OrderDetail;
const esim = {
  id: 7,
  name: 'Asia eSIM',
  plan: ['5 GB', '7 days'],
  activationCode: 'K2-ABC123-XYZ',
  dpAddress: 'smdp.example.com',
  lpa: lpaString('smdp.example.com', 'K2-ABC123-XYZ'),
  iccid: '8985200000000000001',
};
const facts: NotificationFacts = {
  recipient: { email: 'a@example.com', tel: null, active: true },
  order,
  esims: [esim],
  pickupStore: null,
};
const ev = (kind: NotificationEvent['kind']): NotificationEvent =>
  kind === 'refund_approved' || kind === 'refund_paid'
    ? { kind, userId: 1, orderNo: order.orderNo, amount: 1000 }
    : kind === 'esim_installed'
      ? { kind, userId: 1, esimId: 7 }
      : kind === 'chat_answered'
        ? { kind, userId: 1, messageId: 3, quotes: ['It left Shanghai today.'] }
        : kind === 'order_placed'
          ? { kind, userId: 1, orderNo: order.orderNo, language: 'en' }
          : kind === 'usage_alert'
            ? { kind, userId: 1, esimId: 7, threshold: 'data_90', planKey: 'p0', usedMb: 4500, dataMb: 5000, expiresAt: Date.UTC(2026, 11, 24, 9) }
            : kind === 'withdrawal_received'
              ? { kind, userId: 1, orderNo: order.orderNo, at: Date.UTC(2026, 11, 3, 9), refund: true }
              : kind === 'balance_alert'
                ? { kind, userId: 1, alert: 'spend_limit', currency: 'USD', amount: 8000, limit: 10_000, once: '2026-12-03' }
                : { kind, userId: 1, orderNo: order.orderNo };

describe('the mails, in HTML and in plain text', () => {
  it('a receipt shows the items, every amount, the fee, the discount, the method and the order number', async () => {
    const mail = await renderMail(ev('payment_received'), facts, en);
    expect(mail.subject).toBe(`Receipt for order ${order.orderNo}`);
    for (const part of [shown(mail.html), mail.text]) {
      for (const fact of [
        'Asia eSIM',
        '5 GB',
        '× 2',
        formatMoney(2580, 'USD'),
        formatMoney(500, 'USD'),
        formatMoney(116, 'USD'),
        `−${formatMoney(300, 'USD')}`,
        formatMoney(2896, 'USD'),
        'Card fee',
        'Discount',
        'Card',
        order.orderNo,
      ])
        expect(part).toContain(fact);
    }
    expect(mail.attachments).toEqual([]);
  });

  it('the eSIM mail carries the QR as an inline attachment, the codes, the iPhone link, the Android steps and the page', async () => {
    for (const [c, steps] of [
      [en, 'Network & internet'],
      [zh, '网络和互联网'],
    ] as const) {
      const mail = await renderMail(ev('esim_ready'), facts, c);
      expect(mail.attachments).toEqual([expect.objectContaining({ cid: 'esim-qr-7', contentType: 'image/png' })]);
      expect(mail.attachments[0]!.content.subarray(1, 4).toString()).toBe('PNG');
      expect(mail.html).toContain('src="cid:esim-qr-7"');
      expect(mail.html).toContain(`carddata=${encodeURIComponent(esim.lpa)}`);
      for (const part of [shown(mail.html), mail.text]) {
        for (const fact of [esim.activationCode, esim.dpAddress, esim.lpa, steps, links.esim(7)]) expect(part).toContain(fact);
      }
    }
  });

  it('writes Chinese for a Chinese customer, English otherwise', async () => {
    expect((await renderMail(ev('order_placed'), facts, zh)).subject).toBe(`已收到订单 ${order.orderNo}`);
    const zhReceipt = await renderMail(ev('payment_received'), facts, zh);
    expect(zhReceipt.text).toContain('银行卡手续费');
    expect(zhReceipt.html).toContain('lang="zh-Hans"');
    expect((await renderMail(ev('order_placed'), facts, en)).text).toContain('Pay for your order');
  });

  it('shipped names the carrier and links the tracking; refunds say the amount and where it goes', async () => {
    const shipped = await renderMail(ev('shipped'), facts, en);
    for (const part of [shown(shipped.html), shipped.text]) for (const fact of ['SF Express', 'SF1234567890123', 'https://www.sf-express.com/track?no=SF1234567890123']) expect(part).toContain(fact);
    expect((await renderMail(ev('shipped'), facts, zh)).text).toContain('顺丰速运');
    const paid = await renderMail(ev('refund_paid'), facts, en);
    expect(paid.subject).toBe(`Refund of ${formatMoney(1000, 'USD')} sent`);
    expect(paid.text).toContain('returned to your Card');
    const approved = await renderMail(ev('refund_approved'), facts, zh);
    expect(approved.text).toContain(formatMoney(1000, 'USD'));
  });

  it('pickup, installed and chat mails carry what the customer needs', async () => {
    const store = {
      id: 1,
      name: 'Jing’an Store',
      address: '1 Nanjing Rd',
      city: 'Shanghai',
      phone: '+86 21 1',
      timeZone: 'Asia/Shanghai',
      hours: [],
      lat: 0,
      lng: 0,
      services: [],
    } as unknown as NonNullable<NotificationFacts['pickupStore']>;
    const pickup = await renderMail(ev('pickup_ready'), { ...facts, pickupStore: store }, en);
    for (const fact of ['Jing’an Store', '1 Nanjing Rd', order.orderNo]) expect(pickup.text).toContain(fact);
    expect((await renderMail(ev('esim_installed'), facts, en)).text).toContain('Asia eSIM');
    const chat = await renderMail(ev('chat_answered'), facts, en);
    expect(chat.text).toContain('It left Shanghai today.');
    expect(chat.text).toContain('Mine → Notifications');
    // Transactional mails do not offer to turn them off.
    expect((await renderMail(ev('payment_received'), facts, en)).text).not.toContain('Mine → Notifications');
  });
});

describe('the SMS for an account with only a phone', () => {
  it("is one short line with a link, in the customer's language", () => {
    const sms = renderSms(ev('esim_ready'), facts, en);
    expect(sms).toBe(`SimShop: Your eSIM is ready. Install it here: ${links.esim(7)}`);
    expect(renderSms(ev('shipped'), facts, zh)).toBe(`【SimShop】订单${order.orderNo}已发货（顺丰速运 SF1234567890123）：https://www.sf-express.com/track?no=SF1234567890123`);
    for (const kind of ['order_placed', 'payment_received', 'refund_paid', 'esim_installed', 'chat_answered'] as const) expect(renderSms(ev(kind), facts, en).length).toBeLessThan(160);
  });
});
