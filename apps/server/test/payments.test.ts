import { createCipheriv, createSign, createVerify, randomBytes } from 'node:crypto';
import { serverErrors, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { approveRefund } from '../src/modules/payments/refund.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { API_V3_KEY, usePaymentProviders } from './payment-providers.ts';

const { t, recorded, merchant, platform, webhook, esimOrder, status } = usePaymentProviders();

describe('payment methods', () => {
  it('offers card with the 4.5 % fee, sandbox and wechat to a customer; balance only to resellers', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const res = await t.call('order', 'payment_methods', { orderNo: order.orderNo }, { token });
    expect(res.body.data.options.map((o) => o.method)).toEqual(['card', 'wechat', 'sandbox']);
    expect(res.body.data.options.find((o) => o.method === 'card')).toMatchObject({ available: true, serviceFee: 90, total: 1999 + 90 });
    expect(res.body.data.options.find((o) => o.method === 'sandbox')).toMatchObject({ available: true, serviceFee: 0, total: 1999 });
    const reseller = await t.signIn(Role.reseller);
    const resellerOrder = await esimOrder(reseller.token);
    const options = (await t.call('order', 'payment_methods', { orderNo: resellerOrder.orderNo }, { token: reseller.token })).body.data.options;
    expect(options[0]).toMatchObject({ method: 'balance', available: false, reason: 'res.balance.not-found', balance: 0 });
  });
});

describe('sandbox', () => {
  async function sandboxPage(token: string, orderNo: string) {
    const pay = await t.call('order', 'pay', { orderNo, method: 'sandbox' }, { token });
    expect(pay.body.data).toMatchObject({ paid: false, redirectUrl: expect.stringMatching(/\/fetch\/pay\/sandbox\/[0-9a-f-]{36}$/) });
    const url = new URL(pay.body.data.redirectUrl!).pathname;
    const page = await t.app.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
    expect(page.body).toContain('沙盒支付');
    const sig = (outcome: string) => new RegExp(`value="${outcome}"><input type="hidden" name="sig" value="([0-9a-f]+)"`).exec(page.body)![1]!;
    const post = (outcome: string, signature = sig(outcome)) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `outcome=${outcome}&sig=${signature}` });
    return { post, sig };
  }

  it('approves: the order is paid once, and a replayed approval changes nothing', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const { post } = await sandboxPage(token, order.orderNo);
    const first = await post('approve');
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toMatch(new RegExp(`/uni/pages/order/payment-notice\\?orderNo=${order.orderNo}$`));
    expect(await status(token, order.orderNo)).toBe('delivered');
    // Paid and delivered by one update of the order's row, and still two events, in order, each by its actor.
    const events = await t.db.selectFrom('order_events').innerJoin('orders', 'orders.id', 'order_events.order_id').select(['event', 'from_status', 'to_status', 'actor']).where('orders.order_no', '=', order.orderNo).orderBy('order_events.id').execute();
    expect(events).toEqual([
      { event: 'create', from_status: null, to_status: 'unpaid', actor: expect.stringMatching(/^user:\d+$/) },
      { event: 'pay', from_status: 'unpaid', to_status: 'paid', actor: 'provider:sandbox' },
      { event: 'deliver', from_status: 'paid', to_status: 'delivered', actor: 'system' },
    ]);
    await post('approve');
    const after = await t.db.selectFrom('order_events').select('to_status').innerJoin('orders', 'orders.id', 'order_events.order_id').where('orders.order_no', '=', order.orderNo).execute();
    expect(after).toHaveLength(events.length);
    expect(await t.db.selectFrom('payment_events').select('outcome').where('provider', '=', 'sandbox').execute()).toContainEqual({ outcome: 'succeeded' });
  });

  it('declines: the order stays unpaid and can be paid again', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const { post } = await sandboxPage(token, order.orderNo);
    expect((await post('decline')).statusCode).toBe(303);
    expect(await status(token, order.orderNo)).toBe('unpaid');
    const again = await sandboxPage(token, order.orderNo);
    await again.post('approve');
    expect(await status(token, order.orderNo)).toBe('delivered');
  });

  it('refuses a forged or swapped signature', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const { post, sig } = await sandboxPage(token, order.orderNo);
    expect((await post('approve', 'f'.repeat(64))).statusCode).toBe(400);
    expect((await post('approve', sig('decline'))).statusCode).toBe(400);
    expect(await status(token, order.orderNo)).toBe('unpaid');
  });
});

describe('balance (resellers)', () => {
  async function resellerWith(amount: number) {
    const reseller = await t.signIn(Role.reseller);
    const { creditBalance } = await import('../src/modules/balance/balance.service.ts');
    await creditBalance(t.db, { userId: reseller.userId, currency: 'USD', amount, reason: 'top-up', orderId: null }, Date.now());
    return reseller;
  }
  const ledgerOf = (userId: number) => t.db.selectFrom('balance_ledger').select(['amount', 'balance_after']).where('user_id', '=', userId).orderBy('id').execute();

  it('pays at once at the wholesale price: the balance falls by the total, with a ledger row', async () => {
    const reseller = await resellerWith(10_000);
    const order = await esimOrder(reseller.token, 'ESIM-ASIA-5-7', 10);
    expect(order.total).toBe(10 * 790);
    const pay = await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: reseller.token });
    expect(pay.body.data).toEqual({ paid: true, redirectUrl: null, wechat: null });
    expect(await status(reseller.token, order.orderNo)).toBe('delivered');
    expect(await ledgerOf(reseller.userId)).toEqual([
      { amount: 10_000, balance_after: 10_000 },
      { amount: -7900, balance_after: 2100 },
    ]);
  });

  it('refuses when the balance is short, and changes nothing', async () => {
    const reseller = await resellerWith(1000);
    const order = await esimOrder(reseller.token, 'ESIM-ASIA-10-30');
    const pay = await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: reseller.token });
    expect(pay.body).toMatchObject({ code: serverErrors.balanceInsufficient.code, data: { balance: 1000, needed: 1999 } });
    expect(await status(reseller.token, order.orderNo)).toBe('unpaid');
    expect(await ledgerOf(reseller.userId)).toHaveLength(1);
    expect(await t.db.selectFrom('payments').select('payments.id').innerJoin('orders', 'orders.id', 'payments.order_id').where('orders.order_no', '=', order.orderNo).execute()).toHaveLength(0);
  });

  it('refuses a locked balance and a regular customer', async () => {
    const reseller = await resellerWith(100_000);
    await t.db.updateTable('balances').set({ locked: 1 }).where('user_id', '=', reseller.userId).execute();
    const order = await esimOrder(reseller.token);
    expect((await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: reseller.token })).body.code).toBe(serverErrors.balanceLocked.code);
    const customer = await t.signIn();
    const own = await esimOrder(customer.token);
    expect((await t.call('order', 'pay', { orderNo: own.orderNo, method: 'balance' }, { token: customer.token })).body.code).toBe(serverErrors.permissionDenied.code);
  });

  it('never overdraws under concurrent payments', async () => {
    const reseller = await resellerWith(3 * 1999);
    const orders = [];
    for (let i = 0; i < 10; i++) orders.push(await esimOrder(reseller.token));
    const results = await Promise.all(orders.map((o) => t.call('order', 'pay', { orderNo: o.orderNo, method: 'balance' }, { token: reseller.token })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(3);
    expect(results.filter((r) => r.body.code !== 0).every((r) => r.body.code === serverErrors.balanceInsufficient.code)).toBe(true);
    const balance = await t.db.selectFrom('balances').select('amount').where('user_id', '=', reseller.userId).where('currency', '=', 'USD').executeTakeFirstOrThrow();
    expect(balance.amount).toBe(0);
    expect(await ledgerOf(reseller.userId)).toHaveLength(4);
  });

  it('credits a refund back to the balance', async () => {
    const reseller = await resellerWith(5000);
    const order = await esimOrder(reseller.token);
    await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: reseller.token });
    await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'not_working' }, { token: reseller.token });
    await approveRefund(t.db, cliActor(), order.orderNo, undefined, Date.now());
    expect((await ledgerOf(reseller.userId)).at(-1)).toEqual({ amount: 1999, balance_after: 5000 });
  });
});

describe('card (Stripe Checkout)', () => {
  async function startCard(token: string) {
    const order = await esimOrder(token);
    const pay = await t.call('order', 'pay', { orderNo: order.orderNo, method: 'card' }, { token });
    expect(pay.body.data).toMatchObject({ paid: false, redirectUrl: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const request = recorded.filter((r) => r.url === '/v1/checkout/sessions').at(-1)!;
    const form = new URLSearchParams(request.body);
    return { order, form, paymentId: form.get('metadata[paymentId]')! };
  }
  const completed = (id: string, paymentId: string, amount: number, currency = 'usd') => ({
    id,
    type: 'checkout.session.completed',
    data: { object: { object: 'checkout.session', id: 'cs_1', metadata: { paymentId }, amount_total: amount, currency, payment_status: 'paid', payment_intent: 'pi_123' } },
  });

  it('asks Stripe for the total with the 4.5 % fee, and returns customers to the payment notice', async () => {
    const { token } = await t.signIn();
    const { order, form } = await startCard(token);
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe(String(1999 + 90));
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('success_url')).toMatch(new RegExp(`/uni/pages/order/payment-notice\\?orderNo=${order.orderNo}$`));
    expect(form.get('cancel_url')).toMatch(/\/uni\/pages\/order\/index$/);
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data).toMatchObject({ serviceFee: 90, total: 2089 });
  });

  it('marks the order paid on a verified webhook, once', async () => {
    const { token } = await t.signIn();
    const { order, paymentId } = await startCard(token);
    const event = completed(`evt_${paymentId}`, paymentId, 2089);
    expect((await webhook(event)).json()).toMatchObject({ outcome: 'succeeded' });
    expect(await status(token, order.orderNo)).toBe('delivered');
    expect((await webhook(event)).json()).toMatchObject({ outcome: 'duplicate' });
    const events = await t.db.selectFrom('order_events').innerJoin('orders', 'orders.id', 'order_events.order_id').select('to_status').where('orders.order_no', '=', order.orderNo).execute();
    expect(events.filter((e) => e.to_status === 'paid')).toHaveLength(1);
  });

  it('refuses a bad signature, a stale one and a wrong amount', async () => {
    const { token } = await t.signIn();
    const { order, paymentId } = await startCard(token);
    expect((await webhook(completed('evt_bad', paymentId, 2089), { secret: 'whsec_wrong' })).statusCode).toBe(400);
    expect((await webhook(completed('evt_old', paymentId, 2089), { timestamp: Math.floor(Date.now() / 1000) - 400 })).statusCode).toBe(400);
    expect((await webhook(completed('evt_cheap', paymentId, 100))).json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect((await webhook(completed('evt_cny', paymentId, 2089, 'cny'))).json()).toMatchObject({ outcome: 'amount_mismatch' });
    expect(await status(token, order.orderNo)).toBe('unpaid');
  });

  it('refunds through Stripe when a refund is approved', async () => {
    const { token } = await t.signIn();
    const { order, paymentId } = await startCard(token);
    await webhook(completed(`evt_r_${paymentId}`, paymentId, 2089));
    await t.call('order', 'refund', { orderNo: order.orderNo, reason: 'no_longer_needed' }, { token });
    await approveRefund(t.db, cliActor(), order.orderNo, 1000, Date.now());
    await t.drain();
    const refund = recorded.filter((r) => r.url === '/v1/refunds').at(-1)!;
    expect(new URLSearchParams(refund.body).get('payment_intent')).toBe('pi_123');
    expect(new URLSearchParams(refund.body).get('amount')).toBe('1000');
  });
});

describe('WeChat Pay', () => {
  function notification(paymentId: string, amount: number, options: { key?: string; timestamp?: number; id?: string } = {}) {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(API_V3_KEY), Buffer.from(nonce));
    cipher.setAAD(Buffer.from('transaction'));
    const plain = JSON.stringify({ out_trade_no: paymentId.replace(/-/g, ''), transaction_id: '4200000001', trade_state: 'SUCCESS', amount: { total: amount, currency: 'CNY' } });
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
    const body = JSON.stringify({ id: options.id ?? `wx-evt-${paymentId}`, event_type: 'TRANSACTION.SUCCESS', resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, nonce, associated_data: 'transaction' } });
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const headerNonce = randomBytes(8).toString('hex');
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${headerNonce}\n${body}\n`).sign(options.key ?? platform.privateKey, 'base64');
    return t.app.inject({ method: 'POST', url: '/fetch/pay/wechat/notify', headers: { 'content-type': 'application/json', 'wechatpay-timestamp': timestamp, 'wechatpay-nonce': headerNonce, 'wechatpay-signature': signature, 'wechatpay-serial': 'PLATFORM01' }, payload: body });
  }

  it('creates a JSAPI payment signed with the merchant key, and is paid by a verified notification once', async () => {
    const { token, addressId } = await (async () => {
      const u = await t.signIn();
      const id = (await t.call('address', 'save', { name: 'Li', tel: '13800138000', country: 'China', province: 'Guangdong', city: 'Shenzhen', district: 'Nanshan', detail: 'Nanshan 1' }, { token: u.token })).body.data.id;
      return { ...u, addressId: id };
    })();
    const sim = await t.sku('SIM-CU-30');
    const order = (await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token })).body.data;
    expect((await t.call('order', 'pay', { orderNo: order.orderNo, method: 'wechat' }, { token })).body).toMatchObject({ code: serverErrors.paymentParamsMissing.code, field: 'wechatCode' });
    const pay = await t.call('order', 'pay', { orderNo: order.orderNo, method: 'wechat', wechatCode: 'oauth-code' }, { token });
    expect(pay.body.data.wechat).toMatchObject({ appId: 'wx-app', package: 'prepay_id=wx_prepay_123', signType: 'RSA' });
    const w = pay.body.data.wechat!;
    expect(createVerify('RSA-SHA256').update(`${w.appId}\n${w.timeStamp}\n${w.nonceStr}\n${w.package}\n`).verify(merchant.publicKey, w.paySign!, 'base64')).toBe(true);
    const prepay = recorded.filter((r) => r.url === '/v3/pay/transactions/jsapi').at(-1)!;
    const auth = /signature="([^"]+)",timestamp="(\d+)",serial_no/.exec(String(prepay.headers.authorization))!;
    const nonceStr = /nonce_str="([^"]+)"/.exec(String(prepay.headers.authorization))![1];
    expect(createVerify('RSA-SHA256').update(`POST\n/v3/pay/transactions/jsapi\n${auth[2]}\n${nonceStr}\n${prepay.body}\n`).verify(merchant.publicKey, auth[1]!, 'base64')).toBe(true);
    const sent = JSON.parse(prepay.body) as { out_trade_no: string; amount: { total: number }; payer: { openid: string } };
    expect(sent).toMatchObject({ amount: { total: 5900 + 1200 }, payer: { openid: 'o-payer-openid' } });
    const paymentId = (await t.db.selectFrom('payments').select('id').where('method', '=', 'wechat').orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    expect(sent.out_trade_no).toBe(paymentId.replace(/-/g, ''));

    expect((await notification(paymentId, 7100, { key: merchant.privateKey })).statusCode).toBe(400);
    expect((await notification(paymentId, 7100, { timestamp: Math.floor(Date.now() / 1000) - 400 })).statusCode).toBe(400);
    expect(await status(token, order.orderNo)).toBe('unpaid');
    expect((await notification(paymentId, 7100)).json()).toEqual({ code: 'SUCCESS', message: 'OK' });
    expect(await status(token, order.orderNo)).toBe('paid');
    expect((await notification(paymentId, 7100)).statusCode).toBe(200);
    expect(await t.db.selectFrom('payment_events').select('outcome').where('provider', '=', 'wechat').execute()).toEqual([{ outcome: 'succeeded' }]);
  });
});
