import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { api } from '@simshop/contract';
import { expect } from 'vitest';
import { anAddress } from '../test/fixtures.ts';
import type { Database } from '../src/db/database.ts';
import { adminCli, type ServerProcess } from './server-process.ts';
import { until } from './shop-db.ts';

/** The demo resellers, who pay from their balances without a payment page. */
export const BALANCE_BUYERS = ['reseller@simshop.local', 'foreign@simshop.local'];
/** A SIM card whose stock the load counts. */
export const LOAD_SKU = 'SIM-CU-30';

export interface Buyer {
  account: string;
  token: string;
  addressId: number;
}

/** Stock for the load, money on both resellers' balances, and each signed in with an address. */
export async function balanceBuyers(server: ServerProcess, env: NodeJS.ProcessEnv, stock = 1000): Promise<Buyer[]> {
  const stockFile = join(env.DATA_DIR!, 'stock.csv');
  writeFileSync(stockFile, `sku,stock\n${LOAD_SKU},${stock}\n`);
  adminCli(env, 'stock', 'import', stockFile);
  const buyers: Buyer[] = [];
  for (const account of BALANCE_BUYERS) {
    adminCli(env, 'balance', 'credit', account, '50000', 'CNY', 'fault test');
    const login = await server.call(api.resellerLogin.path, 'password', { account, password: 'demo1234', foreign: account.startsWith('foreign') });
    expect(login.code).toBe(0);
    const token = (login.data as { token: string }).token;
    const address = await server.call(api.address.path, 'save', anAddress, token);
    buyers.push({ account, token, addressId: (address.data as { id: number }).id });
  }
  return buyers;
}

/** A demo SKU's id by its code (the load's SIM card unless named; the eSIM tests buy ESIM-GLOBAL-3, issued by the SM-DP+ simulator). */
export async function loadSkuId(db: Database, code = LOAD_SKU): Promise<number> {
  return (await db.selectFrom('product_skus').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export type CheckoutOutcome = { orderNo: string; refused?: undefined } | { refused: number; step: 'create' } | { refused: number; step: 'pay'; orderNo: string };

/**
 * One checkout paid from the balance: the order number once the payment was acknowledged, or the
 * first refusal's code (with the order number when the create was acknowledged and the payment refused).
 */
export async function checkoutOnce(server: ServerProcess, buyer: Buyer, skuId: number): Promise<CheckoutOutcome> {
  const order = await server.call(api.order.path, 'create', { items: [{ skuId, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId: buyer.addressId }, buyer.token);
  if (order.code !== 0) return { refused: order.code, step: 'create' };
  const orderNo = (order.data as { orderNo: string }).orderNo;
  const pay = await server.call(api.order.path, 'pay', { orderNo, method: 'balance' }, buyer.token);
  return pay.code === 0 ? { orderNo } : { refused: pay.code, step: 'pay', orderNo };
}

/** One unit of a SKU without inputs (an eSIM) ordered and paid from the buyer's balance; the order number. Throws on any refusal. */
export async function balanceCheckout(via: Pick<ServerProcess, 'call'>, token: string, skuId: number): Promise<string> {
  const created = await via.call(api.order.path, 'create', { items: [{ skuId, quantity: 1, inputs: {} }] }, token);
  if (created.code !== 0) throw new Error(`order.create answered ${created.code} (HTTP ${created.http})`);
  const { orderNo } = created.data as { orderNo: string };
  const paid = await via.call(api.order.path, 'pay', { orderNo, method: 'balance' }, token);
  if (paid.code !== 0) throw new Error(`order.pay of ${orderNo} answered ${paid.code} (HTTP ${paid.http})`);
  return orderNo;
}

/**
 * Checkouts without pause, two at a time per buyer, until stopped: each acknowledged order with
 * when its checkout was sent (`sentAt`) and acknowledged (`at`), a wait for `count` more, and the
 * stop (resolves once the last is answered). An order acknowledged before a moment was committed
 * before it; only one *sent* after a moment was surely committed after it (a busy server can
 * commit and answer late).
 */
export function checkoutLoad(server: ServerProcess, buyers: readonly Buyer[], skuId: number) {
  const acknowledged: { orderNo: string; sentAt: number; at: number }[] = [];
  let loading = true;
  const load = Promise.all(
    [...buyers, ...buyers].map(async (buyer) => {
      while (loading) {
        const sentAt = Date.now();
        const outcome = await checkoutOnce(server, buyer, skuId);
        if (outcome.refused === undefined) acknowledged.push({ orderNo: outcome.orderNo, sentAt, at: Date.now() });
      }
    }),
  );
  return {
    acknowledged,
    afterMore(count: number, ms = 30_000): Promise<true> {
      const goal = acknowledged.length + count;
      return until(`${count} more checkouts`, () => acknowledged.length >= goal, ms, 20);
    },
    /** Waits for `count` acknowledged orders whose checkout was sent after `moment`. */
    sentAfter(moment: number, count: number, ms = 30_000): Promise<true> {
      return until(`${count} checkouts sent after ${moment}`, () => acknowledged.filter((a) => a.sentAt > moment).length >= count, ms, 20);
    },
    async stop(): Promise<void> {
      loading = false;
      await load;
    },
  };
}

/** Every acknowledged order exists, once, paid by one successful payment of its total. */
export async function expectAcknowledgedPaid(db: Database, acknowledged: readonly string[]): Promise<void> {
  const paid = await db
    .selectFrom('orders')
    .innerJoin('payments', 'payments.order_id', 'orders.id')
    .select(['orders.order_no', 'orders.status', 'orders.total', 'payments.amount'])
    .where('payments.status', '=', 'succeeded')
    .where('orders.order_no', 'in', acknowledged.length ? [...acknowledged] : ['none'])
    .execute();
  for (const no of acknowledged) expect(paid.filter((p) => p.order_no === no), no).toHaveLength(1);
  for (const p of paid) expect(p.amount).toBe(p.total);
}
