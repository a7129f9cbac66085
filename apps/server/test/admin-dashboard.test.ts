import { LOW_STOCK_THRESHOLD, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { importPool } from '../src/modules/esim/esim-pool.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const DAY = 86_400_000;
const address = { name: 'Li Lei', tel: '13800138000', country: 'China', province: 'Beijing', city: 'Beijing', district: 'Chaoyang', detail: 'Chaoyang 1' };

const summary = async (role: 'owner' | 'support' = 'owner', body: Record<string, unknown> = {}) => {
  const res = await t.call('adminDashboard', 'summary', body, { token: (await t.staffSignIn(role)).token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data;
};

async function paidSim(token: string, addressId: number) {
  const sim = await t.sku('SIM-CU-30');
  const order = (await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token })).body.data;
  await t.paySandbox(token, order.orderNo);
  return order;
}

describe('dashboard (adminDashboard.summary)', () => {
  it('starts empty on a new shop', async () => {
    const d = await summary();
    expect(d).toMatchObject({ sales: [], byStatus: [], toShip: 0, refundRequested: 0, failedJobs: 0, lowStock: [], lowStockThreshold: LOW_STOCK_THRESHOLD });
    // Every on-sale pool SKU shows, emptiest first.
    expect(d.pools.map((p: { productKey: string }) => p.productKey)).toEqual(expect.arrayContaining(['asia-esim']));
    const free = d.pools.map((p: { free: number }) => p.free);
    expect(free).toEqual([...free].sort((a, b) => a - b));
  });

  it('sums paid orders per currency and period, refunds beside them, and counts the queues', async () => {
    const { token } = await t.signIn();
    const addressId = (await t.call('address', 'save', address, { token })).body.data.id;
    const now = Date.now();
    const today = await paidSim(token, addressId); // CNY 71.00, paid now
    const refunded = await paidSim(token, addressId);
    const older = await paidSim(token, addressId);
    const ancient = await paidSim(token, addressId);
    await paidSim(token, addressId); // stays to ship
    const unpaid = (await t.call('order', 'create', { items: [{ skuId: (await t.sku('SIM-CU-30')).id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token })).body.data;
    const usd = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    const usdTotal = (await t.call('order', 'detail', { orderNo: usd }, { token })).body.data.total;
    // Paid 10 days ago: in the 30 days, not the 7; paid 40 days ago: in neither.
    await t.db.updateTable('orders').set({ paid_at: now - 10 * DAY }).where('order_no', '=', older.orderNo).execute();
    await t.db.updateTable('orders').set({ paid_at: now - 40 * DAY }).where('order_no', '=', ancient.orderNo).execute();
    // A refund approved today of the order paid 40 days ago counts today, though its sale does not.
    const owner = (await t.staffSignIn('owner')).token;
    for (const [orderNo, amount] of [[refunded.orderNo, 1000], [ancient.orderNo, 500]] as const) {
      await t.call('order', 'refund', { orderNo, reason: 'not_working' }, { token });
      expect((await t.call('adminOrder', 'refund_approve', { orderNo, amount }, { token: owner })).body.code).toBe(0);
    }
    await t.call('order', 'refund', { orderNo: today.orderNo, reason: 'no_longer_needed' }, { token });
    expect((await t.call('adminOrder', 'ship', { orderNo: older.orderNo, carrier: 'sf', trackingNo: 'SF2000000001', partial: true }, { token: owner })).body.code).toBe(0);

    const d = await summary('owner', { timeZone: 'Asia/Shanghai' });
    const sale = (period: string, currency: string) => d.sales.find((s) => s.period === period && s.currency === currency)!;
    // Today: 3 CNY orders paid (71.00 each); refunds of 10.00 and 5.00 approved today.
    expect(sale('today', 'CNY')).toMatchObject({ orders: 3, gross: 3 * 7100, refunds: 1500, net: 3 * 7100 - 1500 });
    expect(sale('days7', 'CNY')).toMatchObject({ orders: 3, gross: 3 * 7100 });
    expect(sale('days30', 'CNY')).toMatchObject({ orders: 4, gross: 4 * 7100, refunds: 1500 });
    expect(sale('today', 'USD')).toMatchObject({ orders: 1, gross: usdTotal, refunds: 0, net: usdTotal });
    // Periods start at midnight in the asked zone (Shanghai has no daylight saving: UTC+8).
    const midnight = Math.floor((d.generatedAt + 8 * 3_600_000) / DAY) * DAY - 8 * 3_600_000;
    expect(sale('today', 'CNY').from).toBe(midnight);
    expect(sale('days7', 'CNY').from).toBe(midnight - 6 * DAY);
    expect(sale('days30', 'CNY').from).toBe(midnight - 29 * DAY);

    const count = (status: string) => d.byStatus.find((s: { status: string }) => s.status === status)?.count ?? 0;
    expect(count('unpaid')).toBe(1);
    expect(count('to_be_refunded')).toBe(1);
    expect(count('partial_refunded')).toBe(2);
    expect(count('partial_shipped')).toBe(1);
    expect(d).toMatchObject({ toShip: 2, refundRequested: 1 });
    // The counts match what the order list shows for the same filters (the dashboard links there).
    const list = await t.call('adminOrder', 'list', { status: ['paid', 'partial_shipped'], kind: 'sim' }, { token: owner });
    expect(list.body.data.total).toBe(2);
    expect(unpaid.status).toBe('unpaid');
  });

  it('lists low stock, pool levels and failed jobs', async () => {
    await t.db.updateTable('product_skus').set({ stock: 3 }).where('code', '=', 'SIM-CU-100').execute();
    const before = (await summary()).pools.find((p) => p.skuCode === 'ESIM-ASIA-5-7')!.free;
    await t.db.transaction().execute((tx) =>
      importPool(tx, 'ESIM-ASIA-5-7', Array.from({ length: 12 }, (_, i) => ({ activationCode: `DASH-${i}-${Date.now()}`, dpAddress: 'smdp.example.com' })), Date.now()),
    );
    await t.db.insertInto('outbox').values({ topic: 'mail.send', payload: '{}', run_after: Date.now(), attempts: 8, failed_at: Date.now(), last_error: 'smtp down', created_at: Date.now() }).execute();
    const d = await summary('support');
    expect(d.lowStock).toEqual([{ skuId: (await t.sku('SIM-CU-100')).id, skuCode: 'SIM-CU-100', productKey: 'china-unicom-sim', productName: { en: 'China Unicom prepaid SIM', zh: '中国联通预付费电话卡' }, stock: 3 }]);
    // A pool SKU's stock is its pool: it shows under pools, not as low stock.
    expect(d.pools.find((p: { skuCode: string }) => p.skuCode === 'ESIM-ASIA-5-7')).toMatchObject({ free: before + 12, productKey: 'asia-esim', productName: { en: 'Asia eSIM' } });
    expect(d.failedJobs).toBe(1);
    // A product taken off sale is nobody's emergency.
    await t.db.updateTable('products').set({ on_sale: 0 }).where('key', '=', 'china-unicom-sim').execute();
    expect((await summary()).lowStock).toEqual([]);
    await t.db.updateTable('products').set({ on_sale: 1 }).where('key', '=', 'china-unicom-sim').execute();
  });

  it('refuses an unknown time zone', async () => {
    const res = await t.call('adminDashboard', 'summary', { timeZone: 'Atlantis/Capital' }, { token: (await t.staffSignIn('owner')).token });
    expect(res.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'timeZone' });
    expect((await t.call('adminDashboard', 'summary', { extra: true }, { token: (await t.staffSignIn('owner')).token })).body.code).toBe(serverErrors.paramInvalid.code);
  });
});
