import { api, OrderStatus } from '@simshop/contract';
import type { ParsedMail } from 'mailparser';
import { expect } from 'vitest';
import type { Database } from '../src/db/database.ts';
import { signedCall } from './nginx-process.ts';

/**
 * The eSIM checkout load of the deployment test, through nginx, and what it must leave behind.
 * Each checkout carries its own remark, so the database says which request made which order
 * whatever the client heard. An answer is "lost" when nginx answered 502 (the process died with
 * the request) or the connection failed: the client cannot know whether it was carried out.
 */
export interface Checkout {
  tag: string;
  buyer: number;
  create: 'ok' | 'lost';
  orderNo?: string;
  pay?: 'ok' | 'lost';
}

export interface Buyer {
  userId: number;
  token: string;
}

type Outcome = 'ok' | 'lost';

/** A call whose loss is a possible outcome: a refusal (HTTP 200 with an error code) is not, and throws. */
async function attempt<T>(call: () => Promise<{ http: number; code: number; data: unknown }>, read: (data: unknown) => T): Promise<{ outcome: Outcome; value?: T; status: number | string }> {
  try {
    const answer = await call();
    if (answer.http === 200 && answer.code === 0) return { outcome: 'ok', value: read(answer.data), status: 200 };
    if (answer.http >= 500) return { outcome: 'lost', status: answer.http };
    throw new Error(`refused: HTTP ${answer.http}, code ${answer.code}`);
  } catch (err) {
    if (err instanceof Error && err.message.startsWith('refused')) throw err;
    return { outcome: 'lost', status: err instanceof Error ? err.message : String(err) };
  }
}

/**
 * `workers` loops create and pay eSIM orders from the buyers' balances until `total` were
 * started; `onAcknowledged` hears each acknowledged payment (the test kills a process there).
 * Gives every checkout and the status of each lost answer.
 */
export async function runCheckouts(opts: { base: string; ca: Buffer; buyers: Buyer[]; skuId: number; total: number; workers: number; onAcknowledged(count: number): void }): Promise<{ checkouts: Checkout[]; lostStatuses: (number | string)[] }> {
  const checkouts: Checkout[] = [];
  const lostStatuses: (number | string)[] = [];
  let paid = 0;
  await Promise.all(
    Array.from({ length: opts.workers }, async () => {
      while (checkouts.length < opts.total) {
        const n = checkouts.length;
        const buyer = n % opts.buyers.length;
        const checkout: Checkout = { tag: `nginx-load-${n}`, buyer, create: 'lost' };
        checkouts.push(checkout);
        const { token } = opts.buyers[buyer]!;
        const created = await attempt(() => signedCall(opts.base, opts.ca, api.order.path, 'create', { items: [{ skuId: opts.skuId, quantity: 1, inputs: {} }], remark: checkout.tag }, token), (d) => (d as { orderNo: string }).orderNo);
        checkout.create = created.outcome;
        if (created.outcome === 'lost') {
          lostStatuses.push(created.status);
          continue;
        }
        checkout.orderNo = created.value!;
        const payment = await attempt(() => signedCall(opts.base, opts.ca, api.order.path, 'pay', { orderNo: checkout.orderNo, method: 'balance' }, token), () => true);
        checkout.pay = payment.outcome;
        if (payment.outcome === 'lost') lostStatuses.push(payment.status);
        else opts.onAcknowledged(++paid);
      }
    }),
  );
  return { checkouts, lostStatuses };
}

export interface LoadOrder {
  id: number;
  order_no: string;
  remark: string;
  status: OrderStatus;
  total: number;
  user_id: number;
}

/**
 * Orders as the client heard of them: every acknowledged create made exactly one order (its
 * number), a create whose answer was lost made none or one, nothing else made any; every
 * acknowledged payment paid its order once, a lost one paid it once or not at all, an order
 * never asked to pay is unpaid. Gives the orders that were paid.
 */
export async function expectOrdersAsHeard(db: Database, checkouts: Checkout[]): Promise<LoadOrder[]> {
  const orders = await db.selectFrom('orders').select(['id', 'order_no', 'remark', 'status', 'total', 'user_id']).where('remark', 'like', 'nginx-load-%').execute();
  const byTag = new Map(checkouts.map((c) => [c.tag, c]));
  const tags = orders.map((o) => o.remark);
  expect(new Set(tags).size, 'one order per request at most').toBe(tags.length);
  for (const order of orders) expect(byTag.has(order.remark), `${order.remark} was sent`).toBe(true);
  const payments = await db.selectFrom('payments').select(['order_id', 'amount']).where('status', '=', 'succeeded').where('order_id', 'in', orders.length ? orders.map((o) => o.id) : [0]).execute();
  const paid: LoadOrder[] = [];
  for (const checkout of checkouts) {
    const order = orders.find((o) => o.remark === checkout.tag);
    if (checkout.create === 'ok') expect(order?.order_no, checkout.tag).toBe(checkout.orderNo);
    if (!order) continue;
    const its = payments.filter((p) => p.order_id === order.id);
    expect(its.length, `${checkout.tag}: payments`).toBeLessThanOrEqual(1);
    if (checkout.pay === 'ok') expect(its, `${checkout.tag}: acknowledged payment`).toHaveLength(1);
    if (checkout.pay === undefined) expect(its, `${checkout.tag}: never asked to pay`).toHaveLength(0);
    if (its.length === 0) {
      expect(order.status).toBe(OrderStatus.unpaid);
      continue;
    }
    expect(its[0]!.amount).toBe(order.total);
    paid.push(order as LoadOrder);
  }
  return paid;
}

/** A shop mail's Message-ID without its brackets and domain: `n.esim_ready.order.SO…`. */
const messageKey = (mail: ParsedMail) => /^<(.+)@simshop>$/.exec(mail.messageId ?? '')?.[1] ?? '';

/**
 * Every paid order got its receipt and its eSIM mail once, each refunded order its two refund
 * mails once, and no mail went twice.
 */
export function expectMailsOnce(mails: ParsedMail[], paid: LoadOrder[], refunded: string[]): void {
  const keys = mails.map(messageKey);
  expect(keys.filter((k, i) => keys.indexOf(k) !== i), 'mails sent twice').toEqual([]);
  for (const order of paid) {
    for (const kind of ['payment_received', 'esim_ready']) expect(keys, `${kind} for ${order.order_no}`).toContain(`n.${kind}.order.${order.order_no}`);
  }
  for (const orderNo of refunded) {
    for (const kind of ['refund_approved', 'refund_paid']) expect(keys.filter((k) => k.startsWith(`n.${kind}.`) && k.includes(orderNo)), `${kind} for ${orderNo}`).toHaveLength(1);
  }
}
