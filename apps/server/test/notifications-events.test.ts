import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatMoney } from '@simshop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';
import { ofKind, startSmtpSink, type SmtpSink } from './smtp-sink.ts';

/** The messages after the sale: shipped, ready for pickup, refunds, installed; and the SMS of a phone-only account. */
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const t = useTestApp(() => ({ SMTP_URL: sink.url }));
let owner: string;
let base: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  base = await t.listen();
});

async function customer() {
  const user = await t.signIn();
  const { email } = await t.db.selectFrom('users').select('email').where('id', '=', user.userId).executeTakeFirstOrThrow();
  return { ...user, email: email! };
}

async function paidOrder(token: string, body: Record<string, unknown>) {
  const created = await t.call('order', 'create', body, { token });
  expect(created.body.code, JSON.stringify(created.body)).toBe(0);
  await t.paySandbox(token, created.body.data.orderNo);
  return created.body.data;
}

describe('after the sale', () => {
  it('tells the customer their parcel shipped, with the carrier and the tracking link', async () => {
    const c = await customer();
    const addressId = (await t.call('address', 'save', anAddress, { token: c.token })).body.data.id;
    const sim = await t.sku('SIM-CU-30');
    const order = await paidOrder(c.token, { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId });
    expect((await t.call('adminOrder', 'ship', { orderNo: order.orderNo, carrier: 'sf', trackingNo: 'SF1000000077' }, { token: owner })).body.code).toBe(0);
    await t.drain();
    const [mail] = ofKind(sink.to(c.email), 'shipped');
    expect(mail!.subject).toBe(`Order ${order.orderNo} is on its way`);
    for (const part of [mail!.text!, mail!.html as string]) {
      expect(part).toContain('SF Express');
      expect(part).toContain('SF1000000077');
    }
    const { trackingUrl } = (await t.call('order', 'detail', { orderNo: order.orderNo }, { token: c.token })).body.data;
    expect(mail!.html).toContain(trackingUrl!.replaceAll('&', '&amp;'));
  });

  it('tells the customer their order waits at the store', async () => {
    const c = await customer();
    const store = (await t.db.selectFrom('stores').select('id').where('name_en', '=', 'SimShop Pudong Airport T2').executeTakeFirstOrThrow()).id;
    const sim = await t.sku('SIM-CU-30');
    const order = await paidOrder(c.token, { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], pickupStoreId: store });
    expect((await t.call('adminOrder', 'pickup_ready', { orderNo: order.orderNo }, { token: owner })).body.code).toBe(0);
    await t.drain();
    const [mail] = ofKind(sink.to(c.email), 'pickup_ready');
    expect(mail!.text).toContain('SimShop Pudong Airport T2');
    expect(mail!.text).toContain(order.orderNo);
  });

  it('tells the customer a refund was approved and the money is back, once each', async () => {
    const c = await customer();
    const esim = await t.sku('ESIM-ASIA-5-7');
    const order = await paidOrder(c.token, { items: [{ skuId: esim.id, quantity: 1, inputs: {} }] });
    await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'no_longer_needed', note: '' }, { token: c.token });
    expect((await t.call('adminOrder', 'refund_approve', { orderNo: order.orderNo }, { token: owner })).body.code).toBe(0);
    await t.drain();
    await t.drain();
    const amount = formatMoney(order.total, order.currency);
    const [approved] = ofKind(sink.to(c.email), 'refund_approved');
    expect(approved!.text).toContain(amount);
    const paid = ofKind(sink.to(c.email), 'refund_paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]!.subject).toBe(`Refund of ${amount} sent`);
  });

  it('tells the customer their eSIM is installed, once however often the SM-DP+ reports it', async () => {
    const c = await customer();
    await paidOrder(c.token, { items: [{ skuId: (await t.sku('ESIM-GLOBAL-3')).id, quantity: 1, inputs: {} }] });
    await t.drain();
    const [esim] = (await t.call('esim', 'list', {}, { token: c.token })).body.data.items;
    const install = () => fetch(`${base}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: esim!.activationCode, eid: '89049032004008882600012345678956' }) });
    expect((await install()).ok).toBe(true);
    expect((await install()).ok).toBe(true);
    await t.drain();
    const mails = ofKind(sink.to(c.email), 'esim_installed');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(esim!.name);
  });
});

describe('a phone-only account', () => {
  it('gets a short SMS with the link to its eSIM, in its language', async () => {
    const c = await customer();
    const tel = `139${String(c.userId).padStart(8, '0')}`;
    await t.db.updateTable('users').set({ email: null, tel }).where('id', '=', c.userId).execute();
    const esim = await t.sku('ESIM-ASIA-5-7');
    await paidOrder(c.token, { items: [{ skuId: esim.id, quantity: 1, inputs: {} }], i18n: 'zh-Hans' });
    await t.drain();
    const dir = join(t.config.dataDir, 'outbox', 'sms');
    const texts = readdirSync(dir)
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; text: string })
      .filter((m) => m.to === tel)
      .map((m) => m.text);
    const [mine] = (await t.call('esim', 'list', {}, { token: c.token })).body.data.items;
    expect(texts).toContain(`【SimShop】您的eSIM已就绪，点此安装：http://localhost:${t.config.port}/uni/pages/mine/esim/esim-detail?id=${mine!.id}`);
    expect(texts.every((text) => text.length <= 160)).toBe(true);
    expect(sink.mails.filter((m) => m.text?.includes(tel))).toEqual([]);
  });
});
