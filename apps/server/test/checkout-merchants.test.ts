import type { IncomingMessage } from 'node:http';
import { Role, serverErrors } from '@simshop/contract';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFakeUpstream } from './fake-upstream.ts';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';
import { cloneSku, newMerchant } from './second-merchant.ts';

/**
 * Merchants, the money side: a cart with items of two merchants is one checkout — one order per
 * merchant, one payment for all of them — and each order then lives on its own: shipped,
 * refunded (only its own amount, from the shared payment), settled per merchant and period.
 */

// A stand-in for Stripe's API on loopback: opens Checkout Sessions and takes refunds, recording what the shop sent.
const recorded: { url: string; body: string; headers: IncomingMessage['headers'] }[] = [];
const STRIPE_WEBHOOK_SECRET = 'whsec_checkout_merchants';
const stripe = new Stripe('sk_test_simshop');

const stripeApi = useFakeUpstream((req, body, res) => {
  recorded.push({ url: req.url ?? '', body, headers: req.headers });
  res.setHeader('content-type', 'application/json');
  if (req.url === '/v1/checkout/sessions') return res.end(JSON.stringify({ id: `cs_test_${recorded.length}`, object: 'checkout.session', url: `https://checkout.stripe.com/c/pay/cs_test_${recorded.length}` }));
  if (req.url === '/v1/refunds') return res.end(JSON.stringify({ id: `re_${recorded.length}`, object: 'refund', status: 'succeeded' }));
  res.statusCode = 404;
  res.end('{}');
});

const t = useTestApp(() => ({ STRIPE_SECRET_KEY: 'sk_test_simshop', STRIPE_WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.base }));
let owner: string;
/** The start of this file's activity: settlement windows from here leave the demo data out. */
let fileStart: number;
let merchantB: number;
let simA: { id: number };
let simB: { id: number; productId: number };

beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  fileStart = Date.now() - 1;
  merchantB = await newMerchant(t, 'Harbour SIMs', '港湾电话卡', 1000);
  simA = await t.sku('SIM-CU-30');
  simB = await cloneSku(t, 'SIM-CU-30', merchantB, 'SIM-HB-30', 500);
});

async function shopper(role: Role = Role.normal) {
  const user = await t.signIn(role);
  const addressId = (await t.call('address', 'save', anAddress, { token: user.token })).body.data.id as number;
  return { ...user, addressId };
}

const paperCard = { paperCard: 'with_card' };
/** One SIM of the platform and one of merchant B, in one checkout. */
async function twoMerchantOrder(c: { token: string; addressId: number }, extra: Record<string, unknown> = {}) {
  const res = await t.call('order', 'create', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }, { skuId: simB.id, quantity: 2, inputs: paperCard }], addressId: c.addressId, ...extra }, { token: c.token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  const first = res.body.data;
  const orderNos = first.checkout!.orders.map((o) => o.orderNo);
  return { first, orderNos };
}

const orderRow = (orderNo: string) => t.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
const stockOf = async (skuId: number) => (await t.db.selectFrom('product_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock;
const admin = (action: string, body: Record<string, unknown>, token = owner) => t.call('adminOrder', action as 'detail', body, { token });

function webhook(event: object) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  return t.app.inject({ method: 'POST', url: '/fetch/pay/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
}
const completed = (id: string, paymentId: string, amount: number, intent: string) => ({
  id,
  type: 'checkout.session.completed',
  data: { object: { object: 'checkout.session', id: 'cs_1', metadata: { paymentId }, amount_total: amount, currency: 'cny', payment_status: 'paid', payment_intent: intent } },
});

describe('a two-merchant checkout', () => {
  it('previews one part per merchant, each with its own freight, and one total', async () => {
    const c = await shopper();
    const res = await t.call('order', 'preview', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }, { skuId: simB.id, quantity: 2, inputs: paperCard }], i18n: 'zh-Hans' }, { token: c.token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const p = res.body.data;
    expect(p.parts.map((x) => x.merchant)).toEqual([
      { id: 1, name: 'SimShop 自营' },
      { id: merchantB, name: '港湾电话卡' },
    ]);
    expect(p.parts.map((x) => [x.subtotal, x.freight, x.total])).toEqual([
      [5900, 1200, 7100],
      [11800, 1200, 13000],
    ]);
    expect([p.subtotal, p.freight, p.total]).toEqual([17700, 2400, 20100]);
    expect(p.canPickUp).toBe(false);
    // Store pickup is for one shop at a time.
    const pickup = await t.call('order', 'preview', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }, { skuId: simB.id, quantity: 1, inputs: paperCard }], pickupStoreId: 1 }, { token: c.token });
    expect(pickup.body.code).toBe(serverErrors.pickupOneMerchant.code);
  });

  it('is paid once by card: one Stripe session for the sum, one webhook pays both orders, each then shipped on its own', async () => {
    const c = await shopper();
    const cartA = (await t.call('item', 'save', { proId: (await t.sku('SIM-CU-30')).productId, skuId: simA.id, quantity: 1 }, { token: c.token })).body.data.id;
    const cartB = (await t.call('item', 'save', { proId: simB.productId, skuId: simB.id, quantity: 2 }, { token: c.token })).body.data.id;
    // The cart names each line's merchant (the shop groups them).
    const cart = (await t.call('item', 'list', { i18n: 'en' }, { token: c.token })).body.data.items;
    expect(cart.map((l) => l.merchant.name).sort()).toEqual(['Harbour SIMs', 'SimShop']);
    const { first, orderNos } = await twoMerchantOrder(c, { cartItemIds: [cartA, cartB] });
    expect(orderNos).toHaveLength(2);
    expect(first.checkout!.total).toBe(20100);
    const [a, b] = await Promise.all(orderNos.map(orderRow));
    expect([a!.merchant_id, b!.merchant_id]).toEqual([1, merchantB]);
    expect(a!.checkout_id).toBe(b!.checkout_id);
    expect((await t.call('item', 'list', {}, { token: c.token })).body.data.items).toHaveLength(0);

    const options = (await t.call('order', 'payment_methods', { orderNo: orderNos[1]! }, { token: c.token })).body.data.options;
    // 4.5 % on each order, rounded each: 320 + 585.
    expect(options.find((o) => o.method === 'card')).toMatchObject({ serviceFee: 320 + 585, total: 20100 + 905 });
    expect(options.find((o) => o.method === 'sandbox')).toMatchObject({ serviceFee: 0, total: 20100 });

    const pay = await t.call('order', 'pay', { orderNo: orderNos[0]!, method: 'card' }, { token: c.token });
    expect(pay.body.code, JSON.stringify(pay.body)).toBe(0);
    const session = new URLSearchParams(recorded.filter((r) => r.url === '/v1/checkout/sessions').at(-1)!.body);
    expect(session.get('line_items[0][price_data][unit_amount]')).toBe('21005');
    const paymentId = session.get('metadata[paymentId]')!;
    expect((await webhook(completed(`evt_${paymentId}`, paymentId, 21005, 'pi_two'))).json()).toMatchObject({ outcome: 'succeeded' });
    expect((await webhook(completed(`evt_${paymentId}`, paymentId, 21005, 'pi_two'))).json()).toMatchObject({ outcome: 'duplicate' });
    const paid = await Promise.all(orderNos.map(orderRow));
    expect(paid.map((o) => [o.status, o.payment_trans_id, o.total])).toEqual([
      ['paid', paymentId, 7100 + 320],
      ['paid', paymentId, 13000 + 585],
    ]);
    const payments = await t.db.selectFrom('payments').select(['id', 'amount', 'status', 'checkout_id']).where('checkout_id', '=', a!.checkout_id).execute();
    expect(payments).toEqual([{ id: paymentId, amount: 21005, status: 'succeeded', checkout_id: a!.checkout_id }]);
    const paidEvents = await t.db.selectFrom('order_events').select('order_id').where('order_id', 'in', paid.map((o) => o.id)).where('to_status', '=', 'paid').execute();
    expect(paidEvents).toHaveLength(2);

    // Each order is fulfilled on its own.
    expect((await admin('ship', { orderNo: orderNos[0], carrier: 'sf', trackingNo: 'SF1000000101' })).body.data).toMatchObject({ status: 'shipped' });
    expect(await orderRow(orderNos[1]!)).toMatchObject({ status: 'paid', tracking_no: null });
    expect((await admin('ship', { orderNo: orderNos[1], carrier: 'sf', trackingNo: 'SF1000000102' })).body.data).toMatchObject({ status: 'shipped' });

    // The customer sees both, grouped by their checkout, and each names its merchant.
    const list = (await t.call('order', 'list', { tab: 'all', i18n: 'en' }, { token: c.token })).body.data.items;
    expect(list.map((o) => [o.checkoutNo, o.merchant.name]).sort()).toEqual([
      [first.checkoutNo, 'Harbour SIMs'],
      [first.checkoutNo, 'SimShop'],
    ]);
    // A page of one still says the checkout made two (the other is on the next page).
    expect(list.map((o) => o.checkoutOrderCount)).toEqual([2, 2]);
    const pageOfOne = (await t.call('order', 'list', { tab: 'all', i18n: 'en', page: 1, size: 1 }, { token: c.token })).body.data.items;
    expect(pageOfOne.map((o) => [o.checkoutNo, o.checkoutOrderCount])).toEqual([[first.checkoutNo, 2]]);
    const detailB = (await t.call('order', 'detail', { orderNo: orderNos[1]!, i18n: 'en' }, { token: c.token })).body.data;
    expect(detailB.merchant).toEqual({ id: merchantB, name: 'Harbour SIMs' });
    expect(detailB.checkout!.orders.map((o) => o.orderNo)).toEqual(orderNos);

    // Refunding merchant B's order gives back only its amount, from the shared payment.
    await t.call('order', 'refund', { orderNo: orderNos[1]!, reason: 'no_longer_needed' }, { token: c.token });
    const approved = await admin('refund_approve', { orderNo: orderNos[1] });
    expect(approved.body.code, JSON.stringify(approved.body)).toBe(0);
    await t.drain();
    const refunds = recorded.filter((r) => r.url === '/v1/refunds');
    expect(refunds).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(refunds[0]!.body))).toMatchObject({ payment_intent: 'pi_two', amount: String(13000 + 585) });
    expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${orderNos[1]}`);
    const after = await Promise.all(orderNos.map(orderRow));
    expect(after.map((o) => [o.status, o.refund_amount])).toEqual([
      ['shipped', null],
      ['refunded', 13585],
    ]);
  });

  it('is paid once from a reseller balance: one payment, one debit per order; a refund credits back only its order', async () => {
    const r = await shopper(Role.reseller);
    const { creditBalance } = await import('../src/modules/balance/balance.service.ts');
    await creditBalance(t.db, { userId: r.userId, currency: 'CNY', amount: 100_000, reason: 'top-up', orderId: null }, Date.now());
    const { orderNos } = await twoMerchantOrder(r);
    const rows = await Promise.all(orderNos.map(orderRow));
    const sum = rows.reduce((n, o) => n + o.total, 0);
    const pay = await t.call('order', 'pay', { orderNo: orderNos[1]!, method: 'balance' }, { token: r.token });
    expect(pay.body.data).toEqual({ paid: true, redirectUrl: null, wechat: null });
    expect((await Promise.all(orderNos.map(orderRow))).map((o) => o.status)).toEqual(['paid', 'paid']);
    expect(await t.db.selectFrom('payments').select(['amount', 'method']).where('checkout_id', '=', rows[0]!.checkout_id).execute()).toEqual([{ amount: sum, method: 'balance' }]);
    const ledger = await t.db.selectFrom('balance_ledger').select(['amount', 'order_id', 'balance_after']).where('user_id', '=', r.userId).orderBy('id').execute();
    expect(ledger.map((l) => [l.amount, l.order_id])).toEqual([
      [100_000, null],
      [-rows[0]!.total, rows[0]!.id],
      [-rows[1]!.total, rows[1]!.id],
    ]);
    await t.call('order', 'refund', { orderNo: orderNos[0]!, reason: 'no_longer_needed' }, { token: r.token });
    expect((await admin('refund_approve', { orderNo: orderNos[0], amount: 1000 })).body.code).toBe(0);
    const last = await t.db.selectFrom('balance_ledger').select(['amount', 'order_id', 'balance_after']).where('user_id', '=', r.userId).orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();
    expect(last).toEqual({ amount: 1000, order_id: rows[0]!.id, balance_after: 100_000 - sum + 1000 });
    expect(await orderRow(orderNos[1]!)).toMatchObject({ status: 'paid', refund_amount: null });
  });

  it('refuses a short balance for the whole checkout and changes nothing', async () => {
    const r = await shopper(Role.reseller);
    const { creditBalance } = await import('../src/modules/balance/balance.service.ts');
    await creditBalance(t.db, { userId: r.userId, currency: 'CNY', amount: 10_000, reason: 'top-up', orderId: null }, Date.now());
    const { orderNos } = await twoMerchantOrder(r);
    const pay = await t.call('order', 'pay', { orderNo: orderNos[0]!, method: 'balance' }, { token: r.token });
    expect(pay.body).toMatchObject({ code: serverErrors.balanceInsufficient.code, data: { balance: 10_000, needed: 20_100 } });
    expect((await Promise.all(orderNos.map(orderRow))).map((o) => o.status)).toEqual(['unpaid', 'unpaid']);
    expect(await t.db.selectFrom('balance_ledger').select('id').where('user_id', '=', r.userId).execute()).toHaveLength(1);
  });

  it('is cancelled as a whole before payment, and every merchant gets its stock back', async () => {
    const c = await shopper();
    const before = [await stockOf(simA.id), await stockOf(simB.id)];
    const { orderNos } = await twoMerchantOrder(c);
    expect([await stockOf(simA.id), await stockOf(simB.id)]).toEqual([before[0]! - 1, before[1]! - 2]);
    expect((await t.call('order', 'cancel', { orderNo: orderNos[1]! }, { token: c.token })).body.code).toBe(0);
    expect((await Promise.all(orderNos.map(orderRow))).map((o) => o.status)).toEqual(['invalid', 'invalid']);
    expect([await stockOf(simA.id), await stockOf(simB.id)]).toEqual(before);
    // Neither order of the cancelled checkout can be paid any more.
    expect((await t.call('order', 'pay', { orderNo: orderNos[0]!, method: 'sandbox' }, { token: c.token })).body.code).toBe(serverErrors.orderStatusConflict.code);
  });

  it('pays by the sandbox: one approval pays both orders', async () => {
    const c = await shopper();
    const { orderNos } = await twoMerchantOrder(c);
    const res = await t.paySandbox(c.token, orderNos[1]!);
    expect(res.status).toBe(303);
    expect((await Promise.all(orderNos.map(orderRow))).map((o) => o.status)).toEqual(['paid', 'paid']);
  });

  it('sells the last unit once when 20 checkouts race for it', async () => {
    const last = await cloneSku(t, 'SIM-CU-30', merchantB, 'SIM-HB-LAST', 1);
    const buyers = await Promise.all(Array.from({ length: 20 }, () => shopper()));
    const beforeA = await stockOf(simA.id);
    const results = await Promise.all(
      buyers.map((c) => t.call('order', 'create', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }, { skuId: last.id, quantity: 1, inputs: paperCard }], addressId: c.addressId }, { token: c.token })),
    );
    const won = results.filter((r) => r.body.code === 0);
    expect(won).toHaveLength(1);
    expect(results.filter((r) => r.body.code !== 0).every((r) => [serverErrors.stockInsufficient.code, serverErrors.soldOut.code].includes(r.body.code))).toBe(true);
    expect(await stockOf(last.id)).toBe(0);
    // The losers took nothing of the platform's stock either: their whole checkout rolled back.
    expect(await stockOf(simA.id)).toBe(beforeA! - 1);
  });
});

describe('coupons over a checkout', () => {
  let serial = 0;
  /** A public-code coupon in CNY; `merchantId` makes it that merchant's own (set as the merchants console does). */
  async function codeCoupon(kind: 'fixed' | 'free_shipping', value: number, merchantId: number | null = null) {
    serial += 1;
    const code = `CHK${serial}${Date.now() % 100000}`;
    const res = await t.call('adminCoupon', 'create', { nameEn: `Checkout coupon ${serial}`, nameZh: `结算券 ${serial}`, kind, value, currency: 'CNY', startsAt: Date.now() - 60_000, distribution: 'code', code }, { token: owner });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    if (merchantId !== null) await t.db.updateTable('coupons').set({ merchant_id: merchantId }).where('id', '=', res.body.data.id).execute();
    return code;
  }

  it('splits a platform-wide coupon over the orders in proportion, the shares adding up exactly', async () => {
    const c = await shopper();
    // ¥10.01 over 5900 : 11800 → 333.67 : 667.33 → 334 + 667.
    const code = await codeCoupon('fixed', 1001);
    const { orderNos } = await twoMerchantOrder(c, { couponCode: code });
    const rows = await Promise.all(orderNos.map(orderRow));
    expect(rows.map((o) => o.discount)).toEqual([334, 667]);
    expect(rows.map((o) => o.total)).toEqual([7100 - 334, 13000 - 667]);
    // Free shipping takes each order's own freight.
    const free = await codeCoupon('free_shipping', 0);
    const shipped = await Promise.all((await twoMerchantOrder(await shopper(), { couponCode: free })).orderNos.map(orderRow));
    expect(shipped.map((o) => [o.discount, o.total])).toEqual([
      [1200, 5900],
      [1200, 11800],
    ]);
  });

  it('answers a checkout with the order exactly as its page then shows it (built from the rows written, not read back)', async () => {
    const detailOf = async (token: string, orderNo: string, i18n: string) => {
      const res = await t.call('order', 'detail', { orderNo, i18n }, { token });
      expect(res.body.code, JSON.stringify(res.body)).toBe(0);
      return res.body.data;
    };
    // Two merchants, a platform-wide coupon on both, in Chinese.
    const c = await shopper();
    const code = await codeCoupon('fixed', 1001);
    const res = await t.call('order', 'create', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }, { skuId: simB.id, quantity: 2, inputs: paperCard }], addressId: c.addressId, couponCode: code, i18n: 'zh-Hans' }, { token: c.token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data.coupon).not.toBeNull();
    expect(res.body.data.checkout!.orders).toHaveLength(2);
    expect(res.body.data).toEqual(await detailOf(c.token, res.body.data.orderNo, 'zh-Hans'));
    // One merchant, no coupon, in English.
    const single = await t.call('order', 'create', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }], addressId: c.addressId, i18n: 'en' }, { token: c.token });
    expect(single.body.code, JSON.stringify(single.body)).toBe(0);
    expect(single.body.data.checkout).toBeNull();
    expect(single.body.data).toEqual(await detailOf(c.token, single.body.data.orderNo, 'en'));
  });

  it('applies a merchant\'s own coupon to that merchant\'s order only, and refuses it without that merchant\'s items', async () => {
    const code = await codeCoupon('fixed', 500, merchantB);
    const { orderNos } = await twoMerchantOrder(await shopper(), { couponCode: code });
    expect((await Promise.all(orderNos.map(orderRow))).map((o) => o.discount)).toEqual([0, 500]);
    const c = await shopper();
    const onlyPlatform = await t.call('order', 'create', { items: [{ skuId: simA.id, quantity: 1, inputs: paperCard }], addressId: c.addressId, couponCode: code }, { token: c.token });
    expect(onlyPlatform.body.code).toBe(serverErrors.couponNotForProducts.code);
  });
});

describe('settlement', () => {
  const settlement = (action: 'list' | 'export' | 'settle', body: Record<string, unknown>, token = owner) => t.call('adminSettlement', action, body, { token });
  const list = async (body: Record<string, unknown>) => {
    const res = await t.call('adminSettlement', 'list', body, { token: owner });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data;
  };

  it('adds up to the payments, locks a settled period and counts a later refund in the next one', async () => {
    // One more paid checkout, so merchant B has a paid order that is refunded after the lock.
    const c = await shopper();
    const { orderNos } = await twoMerchantOrder(c);
    await t.paySandbox(c.token, orderNos[0]!);
    const to = Date.now() + 1;
    await new Promise((r) => setTimeout(r, 5));

    const listed = { body: { data: await list({ from: fileStart, to }) } };
    const payments = await t.db.selectFrom('payments').select(['amount']).where('status', '=', 'succeeded').where('created_at', '>=', fileStart).where('created_at', '<', to).execute();
    const lines = listed.body.data.items.flatMap((m) => m.lines);
    expect(lines.reduce((n, l) => n + l.gross, 0)).toBe(payments.reduce((n, p) => n + p.amount, 0));
    const refunded = await t.db.selectFrom('orders').select(['refund_amount']).where('refund_amount', 'is not', null).where('updated_at', '>=', fileStart).execute();
    expect(lines.reduce((n, l) => n + l.refunds, 0)).toBe(refunded.reduce((n, o) => n + o.refund_amount!, 0));

    // Merchant B: commission 10 % rounded per order, less the refunded order's own commission.
    const b = listed.body.data.items.find((m) => m.merchant.id === merchantB)!;
    const bOrders = await t.db.selectFrom('orders').select(['total', 'refund_amount']).where('merchant_id', '=', merchantB).where('paid_at', 'is not', null).execute();
    const round = (x: number) => Math.floor((x * 1000 + 5000) / 10000);
    const gross = bOrders.reduce((n, o) => n + o.total, 0);
    const refunds = bOrders.reduce((n, o) => n + (o.refund_amount ?? 0), 0);
    const commission = bOrders.reduce((n, o) => n + round(o.total) - round(o.refund_amount ?? 0), 0);
    expect(b.lines).toEqual([{ currency: 'CNY', orders: bOrders.length, gross, refunds, commission, payable: gross - refunds - commission }]);
    expect(b.settled).toBeNull();

    // Only an ended period, and once.
    expect((await settlement('settle', { merchantId: merchantB, from: fileStart, to: Date.now() + 60_000 })).body.code).toBe(serverErrors.settlementPeriodOpen.code);
    const support = (await t.staffSignIn('support')).token;
    expect((await settlement('settle', { merchantId: merchantB, from: fileStart, to }, support)).body.code).toBe(serverErrors.permissionDenied.code);
    const { token: finance, staffId } = await t.staffSignIn('finance');
    const settled = await settlement('settle', { merchantId: merchantB, from: fileStart, to }, finance);
    expect(settled.body.code, JSON.stringify(settled.body)).toBe(0);
    expect(settled.body.data as object).toMatchObject({ lines: b.lines, settled: { by: 'finance@simshop.local' }, commissionBps: 1000 });
    const audit = await t.auditOf('merchant', merchantB);
    expect(audit.at(-1)).toMatchObject({ action: 'settlement.settle', staff_id: staffId });
    expect((await settlement('settle', { merchantId: merchantB, from: fileStart, to })).body.code).toBe(serverErrors.settlementPeriodLocked.code);
    expect((await settlement('settle', { merchantId: merchantB, from: fileStart + 1, to: to - 1 })).body.code).toBe(serverErrors.settlementPeriodLocked.code);

    // A refund now of an order paid in the locked period: the locked figures stay, the next period has it.
    await t.call('order', 'refund', { orderNo: orderNos[1]!, reason: 'no_longer_needed' }, { token: c.token });
    expect((await admin('refund_approve', { orderNo: orderNos[1] })).body.code).toBe(0);
    const refundedB = (await orderRow(orderNos[1]!)).refund_amount!;
    const locked = (await list({ from: fileStart, to, merchantId: merchantB })).items[0]!;
    expect(locked.lines).toEqual(b.lines);
    expect(locked.settled).toMatchObject({ id: (settled.body.data as { settled: { id: number } }).settled.id });
    const next = (await list({ from: to, to: Date.now() + 1, merchantId: merchantB })).items[0]!;
    expect(next.lines).toEqual([{ currency: 'CNY', orders: 0, gross: 0, refunds: refundedB, commission: -round(refundedB), payable: -refundedB + round(refundedB) }]);
    expect(next.overlapsSettled).toBe(false);
  });

  it('settles only one of two overlapping periods asked for at the same moment', async () => {
    const day = 86_400_000;
    const start = fileStart - 60 * day;
    const { token: finance } = await t.staffSignIn('finance');
    for (let round = 0; round < 3; round++) {
      const from = start + round * 20 * day;
      const answers = await Promise.all([
        settlement('settle', { merchantId: merchantB, from, to: from + 10 * day }, finance),
        settlement('settle', { merchantId: merchantB, from: from + 5 * day, to: from + 15 * day }),
      ]);
      expect(answers.map((a) => a.body.code).sort()).toEqual([0, serverErrors.settlementPeriodLocked.code].sort());
    }
    const rows = await t.db.selectFrom('settlements').select(['period_from', 'period_to']).where('merchant_id', '=', merchantB).where('period_from', '<', fileStart).orderBy('period_from').execute();
    expect(rows).toHaveLength(3);
    for (let i = 1; i < rows.length; i++) expect(Number(rows[i]!.period_from)).toBeGreaterThanOrEqual(Number(rows[i - 1]!.period_to));
  });

  it('exports CSV and xlsx, in both languages', async () => {
    const from = fileStart;
    const to = Date.now() + 1;
    const csv = await t.call('adminSettlement', 'export', { from, to, format: 'csv', lang: 'zh-Hans' }, { token: owner });
    expect(csv.body.code, JSON.stringify(csv.body)).toBe(0);
    const text = Buffer.from(csv.body.data.base64, 'base64').toString('utf8');
    expect(text).toContain('应付金额');
    expect(text).toContain('港湾电话卡');
    expect(csv.body.data.fileName).toMatch(/^settlement-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const xlsx = await t.call('adminSettlement', 'export', { from, to, format: 'xlsx', lang: 'en' }, { token: owner });
    expect(Buffer.from(xlsx.body.data.base64, 'base64').subarray(0, 2).toString()).toBe('PK');
    expect((await settlement('list', { from: to, to: from })).body.code).toBe(serverErrors.settlementPeriodInvalid.code);
  });
});
