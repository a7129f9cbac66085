import { formatMoney, MESSAGE_AWAY_MS, serverErrors, type Language } from '@simshop/contract';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainOutbox } from '../src/jobs/outbox.ts';
import { useTestApp } from './harness.ts';
import { kindOf, ofKind, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/**
 * The shop's messages, delivered to a real SMTP server the test starts on loopback and read
 * back as a mail client would: the eSIM's QR decoded from the PNG the mail carries.
 */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const t = useTestApp(() => ({ SMTP_URL: sink.url }));

/** Runs the outbox as the worker would `ms` from now (retries wait their back-off). */
const drainAt = (ms: number) => drainOutbox(t.db, t.outboxHandlers, undefined, Date.now() + ms);

function decodeQr(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}

async function placeOrder(lang: Language, skuCode: string, quantity: number) {
  const customer = await t.signIn();
  const email = (await t.db.selectFrom('users').select('email').where('id', '=', customer.userId).executeTakeFirstOrThrow()).email!;
  const sku = await t.sku(skuCode);
  const created = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity, inputs: {} }], i18n: lang }, { token: customer.token });
  expect(created.body.code).toBe(0);
  return { ...customer, email, orderNo: created.body.data.orderNo };
}

async function buyEsim(lang: Language, quantity = 1) {
  const placed = await placeOrder(lang, 'ESIM-ASIA-5-7', quantity);
  // The order mail goes before the customer pays, as it does within a moment of the order.
  await t.drain();
  await t.paySandbox(placed.token, placed.orderNo);
  await t.drain();
  return placed;
}

describe('the eSIM-ready mail', () => {
  it.each([
    ['en', 'Your eSIM is ready', 'Activation code', 'Install on iPhone'],
    ['zh-Hans', '您的 eSIM 已就绪', '激活码', '在 iPhone 上安装'],
  ] as const)('arrives once in %s, its QR reading as the eSIM install string', async (lang, subject, codeLabel, iosLabel) => {
    const { email, token, orderNo } = await buyEsim(lang);
    // Running the worker again (a retry, another process) sends nothing more.
    await t.drain();
    const mails = sink.to(email);
    expect(mails.map(kindOf).sort()).toEqual(['esim_ready', 'order_placed', 'payment_received']);
    const [mail] = ofKind(mails, 'esim_ready');
    const [esim] = (await t.call('esim', 'list', { i18n: lang }, { token })).body.data.items;
    expect(mail!.subject).toContain(subject);
    expect(mail!.messageId).toBe(`<n.esim_ready.order.${orderNo}@simshop>`);
    // The QR is an inline PNG referenced by its Content-ID (Gmail drops data: images).
    const qr = mail!.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.cid).toBe(`esim-qr-${esim!.id}`);
    expect(mail!.html).toContain(`cid:esim-qr-${esim!.id}`);
    expect(mail!.html).not.toContain('data:image');
    expect(decodeQr(qr!.content)).toBe(esim!.lpa);
    expect(esim!.lpa).toMatch(/^LPA:1\$/);
    // The codes to type, the iPhone one-tap link and the eSIM's page, in HTML and in the text part.
    for (const part of [mail!.html as string, mail!.text!]) {
      expect(part).toContain(esim!.activationCode);
      expect(part).toContain(esim!.dpAddress);
      expect(part).toContain(codeLabel);
      expect(part).toContain(`/uni/pages/mine/esim/esim-detail?id=${esim!.id}`);
    }
    expect(mail!.html).toContain(iosLabel);
    expect(mail!.html).toContain('https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=');
  });

  it('carries one QR per eSIM of the order', async () => {
    const { email, token } = await buyEsim('en', 2);
    const [mail] = ofKind(sink.to(email), 'esim_ready');
    const esims = (await t.call('esim', 'list', {}, { token })).body.data.items;
    const decoded = mail!.attachments.filter((a) => a.contentType === 'image/png').map((a) => decodeQr(a.content));
    expect(decoded.sort()).toEqual(esims.map((e) => e.lpa).sort());
  });
});

describe('order and receipt mails', () => {
  it('confirms the order and sends a receipt with the items, amounts, payment method and order number', async () => {
    const placed = await placeOrder('en', 'ESIM-ASIA-5-7', 2);
    // Three workers at once: the order mail still goes out once.
    await Promise.all([t.drain(), t.drain(), t.drain()]);
    expect(ofKind(sink.to(placed.email), 'order_placed')).toHaveLength(1);
    await t.paySandbox(placed.token, placed.orderNo);
    await t.drain();
    const order = (await t.call('order', 'detail', { orderNo: placed.orderNo }, { token: placed.token })).body.data;
    const [receipt] = ofKind(sink.to(placed.email), 'payment_received');
    expect(receipt!.subject).toBe(`Receipt for order ${placed.orderNo}`);
    for (const part of [receipt!.html as string, receipt!.text!]) {
      expect(part).toContain(placed.orderNo);
      expect(part).toContain(order.items[0]!.name);
      expect(part).toContain(formatMoney(order.items[0]!.amount, order.currency));
      expect(part).toContain(formatMoney(order.subtotal, order.currency));
      expect(part).toContain(formatMoney(order.total, order.currency));
      expect(part).toContain('Test payment');
    }
    expect(ofKind(sink.to(placed.email), 'order_placed')).toHaveLength(1);
  });

  it('does not say "waiting for payment" about an order paid or cancelled before its mail\'s turn: the receipt alone goes', async () => {
    const paid = await placeOrder('en', 'ESIM-ASIA-5-7', 1);
    await t.paySandbox(paid.token, paid.orderNo);
    const cancelled = await placeOrder('en', 'ESIM-ASIA-5-7', 1);
    expect((await t.call('order', 'cancel', { orderNo: cancelled.orderNo }, { token: cancelled.token })).body.code).toBe(0);
    await t.drain();
    expect(sink.to(paid.email).map(kindOf).sort()).toEqual(['esim_ready', 'payment_received']);
    expect(sink.to(cancelled.email)).toEqual([]);
    const skipped = await t.db.selectFrom('notifications').select(['dedupe_key', 'skipped', 'sent_at']).where('kind', '=', 'order_placed').where('dedupe_key', 'in', [`order_placed:order:${paid.orderNo}`, `order_placed:order:${cancelled.orderNo}`]).execute();
    expect(skipped).toHaveLength(2);
    expect(skipped.every((n) => n.skipped === 'not_awaiting_payment' && n.sent_at === null)).toBe(true);
  });

  it('writes in Chinese to a customer who ordered in Chinese', async () => {
    const placed = await placeOrder('zh-Hans', 'ESIM-ASIA-5-7', 1);
    await t.drain();
    const [mail] = ofKind(sink.to(placed.email), 'order_placed');
    expect(mail!.subject).toBe(`已收到订单 ${placed.orderNo}`);
    expect(mail!.text).toContain('去付款');
    expect((await t.call('user', 'notifications', {}, { token: placed.token })).body.data.language).toBe('zh-Hans');
  });
});

describe('delivery failures', () => {
  it('retries a mail the SMTP server refused, with back-off, and shows it on the jobs page meanwhile', async () => {
    const placed = await placeOrder('en', 'ESIM-ASIA-5-7', 1);
    sink.failNext(1);
    await t.drain();
    expect(sink.to(placed.email)).toEqual([]);
    const job = await t.db.selectFrom('outbox').selectAll().where('topic', '=', 'notification.send').where('done_at', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(job.attempts).toBe(1);
    expect(job.last_error).toMatch(/451/);
    const owner = (await t.staffSignIn('owner')).token;
    const jobs = (await t.call('adminPayment', 'job_list', { status: 'retrying', topic: 'notification' }, { token: owner })).body.data.items;
    expect(jobs.map((j) => j.id)).toContain(job.id);
    // Not before its back-off; then once.
    await t.drain();
    expect(sink.to(placed.email)).toEqual([]);
    await drainAt(60_000);
    expect(ofKind(sink.to(placed.email), 'order_placed')).toHaveLength(1);
    expect((await t.db.selectFrom('outbox').select('done_at').where('id', '=', job.id).executeTakeFirstOrThrow()).done_at).not.toBeNull();
  });
});

describe('Mine → notifications', () => {
  it('reads and changes the settings; a turned-off chat notice is not sent', async () => {
    const c = await t.signIn();
    expect((await t.call('user', 'notifications', {}, { token: c.token })).body.data).toEqual({ language: 'en', chatAnswered: true, usageAlerts: true });
    const set = await t.call('user', 'set_notifications', { chatAnswered: false }, { token: c.token });
    expect(set.body.data).toEqual({
      language: 'en',
      chatAnswered: false,
      usageAlerts: true,
    });
    expect((await t.call('user', 'set_notifications', { language: 'fr' }, { token: c.token })).body).toMatchObject({
      code: serverErrors.paramInvalid.code,
      field: 'language',
    });
    // Another customer's settings are their own.
    const other = await t.signIn();
    expect((await t.call('user', 'notifications', {}, { token: other.token })).body.data.chatAnswered).toBe(true);

    const support = (await t.staffSignIn('support')).token;
    await t.call('adminMessage', 'reply', { userId: c.userId, content: 'Your SIM left today.' }, { token: support });
    await t.call('adminMessage', 'reply', { userId: other.userId, content: 'Your SIM left today.' }, { token: support });
    await drainAt(MESSAGE_AWAY_MS + 60_000);
    const emails = await t.db.selectFrom('users').select(['id', 'email']).where('id', 'in', [c.userId, other.userId]).execute();
    expect(ofKind(sink.to(emails.find((u) => u.id === c.userId)!.email!), 'chat_answered')).toEqual([]);
    const [notice] = ofKind(sink.to(emails.find((u) => u.id === other.userId)!.email!), 'chat_answered');
    expect(notice!.text).toContain('Your SIM left today.');
  });

  it('refuses a caller who is not signed in', async () => {
    expect((await t.call('user', 'notifications', {})).body.code).toBe(serverErrors.unauthenticated.code);
    expect((await t.call('user', 'set_notifications', { chatAnswered: false })).body.code).toBe(serverErrors.unauthenticated.code);
  });
});
