import { serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { secondMerchantSelling } from './second-merchant.ts';

/**
 * A checkout reads its SKUs, their products and those products' merchants together (on
 * PostgreSQL one statement). What that read finds decides as before: a SKU that is unknown, off
 * sale or sold by a merchant that no longer sells is refused with nothing written, and a checkout
 * of two merchants names each from the rows it priced with.
 */

const t = useTestApp();
let merchantB: number;
let esimB: { id: number; productId: number };

beforeAll(async () => {
  // The demo eSIM's product again, sold by a second merchant.
  const second = await secondMerchantSelling(t, 'ESIM-ASIA-10-30', 'ESIM-HB-10-30');
  merchantB = second.merchantId;
  esimB = { id: second.skuId, productId: second.productId };
});

/** Rows a refused checkout must not have written. */
async function written() {
  const count = async (table: 'orders' | 'order_items' | 'order_events' | 'checkouts') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { orders: await count('orders'), items: await count('order_items'), events: await count('order_events'), checkouts: await count('checkouts') };
}

describe('what a checkout reads to price (order.do create)', () => {
  it('refuses an unknown SKU, a product off sale and a suspended merchant\'s product, writing nothing', async () => {
    const { token } = await t.signIn();
    const esim = await t.sku('ESIM-ASIA-10-30');
    const create = (skuIds: number[]) => t.call('order', 'create', { items: skuIds.map((skuId) => ({ skuId, quantity: 1, inputs: {} })) }, { token });
    const before = await written();

    expect((await create([esim.id, 999999])).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.1.skuId' });

    await t.db.updateTable('merchants').set({ status: 'suspended' }).where('id', '=', merchantB).execute();
    expect((await create([esimB.id])).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.0.skuId' });
    expect((await create([esim.id, esimB.id])).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.1.skuId' });
    await t.db.updateTable('merchants').set({ status: 'active' }).where('id', '=', merchantB).execute();

    await t.db.updateTable('products').set({ on_sale: 0 }).where('id', '=', esimB.productId).execute();
    expect((await create([esimB.id])).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.0.skuId' });
    await t.db.updateTable('products').set({ on_sale: 1 }).where('id', '=', esimB.productId).execute();

    expect(await written()).toEqual(before);
  });

  it('names each merchant of a two-merchant checkout as the orders\' pages then do', async () => {
    const { token } = await t.signIn();
    const esim = await t.sku('ESIM-ASIA-10-30');
    const res = await t.call('order', 'create', { items: [{ skuId: esimB.id, quantity: 1, inputs: {} }, { skuId: esim.id, quantity: 2, inputs: {} }] }, { token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    const created = res.body.data;
    const names = Object.fromEntries(created.checkout!.orders.map((o) => [o.orderNo, o.merchant.name]));
    expect(Object.values(names).sort()).toEqual(['Harbour SIMs', 'SimShop']);
    for (const o of created.checkout!.orders) {
      const detail = (await t.call('order', 'detail', { orderNo: o.orderNo }, { token })).body.data;
      expect(detail.merchant.name).toBe(names[o.orderNo]);
      expect(detail.checkout).toEqual(created.checkout);
    }
    expect(created.items.map((i) => i.skuId)).toEqual(created.merchant.id === merchantB ? [esimB.id] : [esim.id]);
  });
});
