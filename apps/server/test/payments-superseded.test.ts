import { Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { usePaymentProviders } from './payment-providers.ts';

/** Two payments for one order: the first is called off at its provider, money that still arrives for it goes back. */
const { t, recorded, paidSessions, webhook, esimOrder, status } = usePaymentProviders();

describe('a superseded payment (no double charge)', () => {
  const paidEvent = (id: string, paymentId: string, amount: number, type = 'checkout.session.completed') => ({
    id,
    type,
    data: { object: { object: 'checkout.session', id: 'cs_x', metadata: { paymentId }, amount_total: amount, currency: 'usd', payment_status: 'paid', payment_intent: `pi_${paymentId.slice(0, 8)}` } },
  });
  async function payCard(token: string, orderNo: string) {
    const pay = await t.call('order', 'pay', { orderNo, method: 'card' }, { token });
    expect(pay.body.code, JSON.stringify(pay.body)).toBe(0);
    const request = recorded.filter((r) => r.url === '/v1/checkout/sessions').at(-1)!;
    const paymentId = new URLSearchParams(request.body).get('metadata[paymentId]')!;
    const row = await t.db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirstOrThrow();
    return { paymentId, sessionId: row.provider_ref! };
  }
  const paymentRow = (id: string) => t.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const expiresOf = (sessionId: string) => recorded.filter((r) => r.method === 'POST' && r.url === `/v1/checkout/sessions/${sessionId}/expire`);
  const refundsOf = (intent: string) => recorded.filter((r) => r.url === '/v1/refunds' && new URLSearchParams(r.body).get('payment_intent') === intent);
  const staffList = async (q: string) => (await t.call('adminPayment', 'payment_list', { q }, { token: (await t.staffSignIn('finance')).token })).body.data.items;

  it('a second card pay expires the first Checkout Session at Stripe, once, and the console shows it', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const first = await payCard(token, order.orderNo);
    const second = await payCard(token, order.orderNo);
    expect((await paymentRow(first.paymentId)).status).toBe('cancelled');
    await t.drain();
    const expire = expiresOf(first.sessionId);
    expect(expire).toHaveLength(1);
    expect(expire[0]!.headers['idempotency-key']).toBe(`expire-${first.sessionId}`);
    expect(expiresOf(second.sessionId)).toHaveLength(0);
    expect((await paymentRow(first.paymentId)).session_closed_at).toEqual(expect.any(Number));
    await t.drain();
    expect(expiresOf(first.sessionId)).toHaveLength(1);
    const listed = await staffList(first.paymentId);
    expect(listed).toEqual([expect.objectContaining({ id: first.paymentId, status: 'cancelled', sessionClosedAt: expect.any(Number), autoRefund: null })]);
  });

  it('paying from the balance expires an open card session too', async () => {
    const reseller = await t.signIn(Role.reseller);
    const { creditBalance } = await import('../src/modules/balance/balance.service.ts');
    await creditBalance(t.db, { userId: reseller.userId, currency: 'USD', amount: 10_000, reason: 'top-up', orderId: null }, Date.now());
    const order = await esimOrder(reseller.token);
    const card = await payCard(reseller.token, order.orderNo);
    expect((await t.call('order', 'pay', { orderNo: order.orderNo, method: 'balance' }, { token: reseller.token })).body.data).toMatchObject({ paid: true });
    await t.drain();
    expect(expiresOf(card.sessionId)).toHaveLength(1);
    expect((await paymentRow(card.paymentId)).session_closed_at).toEqual(expect.any(Number));
  });

  it('money that arrives for a superseded payment is refunded once: a replay or a second event refunds nothing more', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const first = await payCard(token, order.orderNo);
    // The customer completes the first session while the second is being opened.
    paidSessions.add(first.sessionId);
    const second = await payCard(token, order.orderNo);
    await t.drain();
    // Stripe refuses to expire a paid session; the job asks, learns it is complete, and stops.
    expect(expiresOf(first.sessionId)).toHaveLength(1);
    expect(recorded.filter((r) => r.method === 'GET' && r.url === `/v1/checkout/sessions/${first.sessionId}`)).toHaveLength(1);

    const late = paidEvent(`evt_late_${first.paymentId}`, first.paymentId, 2089);
    expect((await webhook(late)).json()).toMatchObject({ outcome: 'refunded_superseded' });
    expect((await webhook(late)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await webhook(paidEvent(`evt_async_${first.paymentId}`, first.paymentId, 2089, 'checkout.session.async_payment_succeeded'))).json()).toMatchObject({ outcome: 'already_refunded' });
    await t.drain();
    await t.drain();

    const intent = `pi_${first.paymentId.slice(0, 8)}`;
    const refunds = refundsOf(intent);
    expect(refunds).toHaveLength(1);
    expect(new URLSearchParams(refunds[0]!.body).get('amount')).toBe('2089');
    expect(refunds[0]!.headers['idempotency-key']).toBe(`auto-refund-${first.paymentId}`);
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: 'cancelled', provider_ref: intent, auto_refund_amount: 2089, auto_refund_reason: 'superseded', auto_refund_at: expect.any(Number) });
    // The order is still unpaid, waiting on the second payment, which still works.
    expect(await status(token, order.orderNo)).toBe('unpaid');
    expect((await webhook(paidEvent(`evt_second_${second.paymentId}`, second.paymentId, 2089))).json()).toMatchObject({ outcome: 'succeeded' });
    expect(await status(token, order.orderNo)).toBe('delivered');
    expect(await staffList(first.paymentId)).toEqual([expect.objectContaining({ status: 'cancelled', autoRefund: { amount: 2089, reason: 'superseded', at: expect.any(Number) } })]);
  });

  it('a declined or expired session of a superseded payment changes nothing and refunds nothing', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const first = await payCard(token, order.orderNo);
    await payCard(token, order.orderNo);
    const expired = { id: `evt_exp_${first.paymentId}`, type: 'checkout.session.expired', data: { object: { object: 'checkout.session', metadata: { paymentId: first.paymentId }, amount_total: 2089, currency: 'usd', payment_status: 'unpaid', payment_intent: null } } };
    expect((await webhook(expired)).json()).toMatchObject({ outcome: 'already_settled' });
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: 'cancelled', auto_refund_at: null });
  });

  it('money for an order no longer payable is refunded once and recorded on the payment', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    const card = await payCard(token, order.orderNo);
    await t.call('order', 'cancel', { orderNo: order.orderNo }, { token });
    expect((await webhook(paidEvent(`evt_np_${card.paymentId}`, card.paymentId, 2089))).json()).toMatchObject({ outcome: 'refunded_not_payable' });
    await t.drain();
    expect(refundsOf(`pi_${card.paymentId.slice(0, 8)}`)).toHaveLength(1);
    expect(await paymentRow(card.paymentId)).toMatchObject({ status: 'succeeded', auto_refund_amount: 2089, auto_refund_reason: 'order_not_payable' });
  });

  it('a second WeChat Pay order closes the first at WeChat Pay', async () => {
    const { token } = await t.signIn();
    const order = await esimOrder(token);
    await t.call('order', 'pay', { orderNo: order.orderNo, method: 'wechat', wechatCode: 'oauth-code' }, { token });
    const first = (await t.db.selectFrom('payments').select('payments.id').innerJoin('orders', 'orders.id', 'payments.order_id').where('orders.order_no', '=', order.orderNo).executeTakeFirstOrThrow()).id;
    await payCard(token, order.orderNo);
    await t.drain();
    const close = recorded.filter((r) => r.url === `/v3/pay/transactions/out-trade-no/${first.replace(/-/g, '')}/close`);
    expect(close).toHaveLength(1);
    expect(JSON.parse(close[0]!.body)).toEqual({ mchid: '1900000001' });
    expect((await paymentRow(first)).session_closed_at).toEqual(expect.any(Number));
  });
});
