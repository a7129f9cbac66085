import { REPORT_MAX_DAYS, serverErrors, type StaffRole } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { assignedEsimRow, orderItemRow, orderRow } from './order-rows.ts';

/**
 * The console's reports on orders seeded with known totals and times (March 2025, before
 * anything the demo shop or other tests sell): each figure per bucket, currencies apart,
 * refunds on the day they were approved, days cut at midnight in the asked time zone.
 */
const t = useTestApp();

const H = 3_600_000;
const at = (iso: string) => Date.parse(iso);
let owner: string;
let userId: number;
let resellerId: number;
let seq = 0;

interface Seed {
  currency: 'USD' | 'CNY';
  paidAt: number | null;
  items: Array<{ sku: string; quantity: number; amount: number }>;
  buyer?: number;
  reseller?: boolean;
  refund?: { at: number; amount: number; reason: string | null };
}

/** Writes an order as checkout and payment would leave it, with its items and refund approval. */
async function seedOrder(s: Seed) {
  seq += 1;
  const total = s.items.reduce((sum, i) => sum + i.amount, 0);
  const created = (s.paidAt ?? at('2025-03-01T00:00:00Z')) - 60_000;
  const order = await t.db
    .insertInto('orders')
    .values(
      orderRow({
        order_no: `RP${String(seq).padStart(20, '0')}`,
        user_id: s.buyer ?? userId,
        status: s.refund ? 'partial_refunded' : s.paidAt === null ? 'unpaid' : 'delivered',
        reseller: s.reseller ? 1 : 0,
        currency: s.currency,
        total,
        pay_method: s.paidAt === null ? null : 'card',
        paid_at: s.paidAt,
        refund_id: s.refund ? `RF${seq}` : null,
        refund_reason: s.refund?.reason ?? null,
        refund_amount: s.refund?.amount ?? null,
        created_at: created,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const itemIds: number[] = [];
  for (const item of s.items) {
    const sku = await t.db.selectFrom('product_skus').innerJoin('products', 'products.id', 'product_skus.product_id').select(['product_skus.id', 'products.id as productId', 'products.kind']).where('code', '=', item.sku).executeTakeFirstOrThrow();
    const row = await t.db
      .insertInto('order_items')
      .values(orderItemRow({ order_id: order.id, product_id: sku.productId, sku_id: sku.id, kind: sku.kind, code: item.sku, unit_price: item.amount / item.quantity, quantity: item.quantity, amount: item.amount }))
      .returning('id')
      .executeTakeFirstOrThrow();
    itemIds.push(row.id);
  }
  if (s.refund) {
    await t.db.insertInto('order_events').values({ order_id: order.id, event: 'approve_partial_refund', from_status: 'to_be_refunded', to_status: 'partial_refunded', actor: 'staff:1', reason: '', created_at: s.refund.at }).execute();
  }
  return { id: order.id, itemIds, total };
}

/** An eSIM given to an order item, installed (first success) this long after payment, or never. */
async function seedEsim(orderItemId: number, orderId: number, paidAt: number, installedAfter: number | null) {
  seq += 1;
  const esim = await t.db
    .insertInto('esims')
    .values(assignedEsimRow({ userId, orderId, orderItemId, activationCode: `RPT-${seq}`, unitIndex: seq, paidAt }))
    .returning('id')
    .executeTakeFirstOrThrow();
  if (installedAfter !== null) {
    // A failed attempt first: only the first successful install counts.
    await t.db.insertInto('esim_install_logs').values({ esim_id: esim.id, type: 'eid_mismatch', eid: null, created_at: paidAt + installedAfter - 60_000 }).execute();
    await t.db.insertInto('esim_install_logs').values({ esim_id: esim.id, type: 'success_install', eid: null, created_at: paidAt + installedAfter }).execute();
    await t.db.insertInto('esim_install_logs').values({ esim_id: esim.id, type: 'success_install', eid: null, created_at: paidAt + installedAfter + 5 * H }).execute();
  }
}

const report = async (action: string, body: Record<string, unknown>, token = owner) => {
  const res = await t.call('adminReports', action as 'sales', body, { token });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { rows: Array<Record<string, unknown>> } & Record<string, unknown>;
};

const march = { from: '2025-03-01', to: '2025-03-31', timeZone: 'Asia/Shanghai' };

beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  userId = (await t.signIn()).userId;
  resellerId = (await t.signIn()).userId;
  await t.db.updateTable('users').set({ email: 'agent@example.com' }).where('id', '=', resellerId).execute();
  // Shanghai is UTC+8: 15:59:59Z is the last second of a day there, 16:00Z the first of the next.
  await seedOrder({ currency: 'CNY', paidAt: at('2025-03-10T15:59:59Z'), items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 7100 }] });
  await seedOrder({ currency: 'CNY', paidAt: at('2025-03-10T16:00:00Z'), items: [{ sku: 'SIM-CU-30', quantity: 2, amount: 14200 }], refund: { at: at('2025-03-12T02:00:00Z'), amount: 3000, reason: 'not_working' } });
  // Paid in February, refunded in March: the refund counts in March, the sale does not.
  await seedOrder({ currency: 'CNY', paidAt: at('2025-02-20T02:00:00Z'), items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 7100 }], refund: { at: at('2025-03-20T02:00:00Z'), amount: 7100, reason: null } });
  // Never paid: not a sale.
  await seedOrder({ currency: 'CNY', paidAt: null, items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 7100 }] });
  // USD, the same days: never added to the CNY figures.
  const usd1 = await seedOrder({ currency: 'USD', paidAt: at('2025-03-10T01:00:00Z'), items: [{ sku: 'ESIM-ASIA-5-7', quantity: 2, amount: 1980 }, { sku: 'ESIM-GLOBAL-3', quantity: 1, amount: 1290 }], reseller: true, buyer: resellerId });
  const usd2 = await seedOrder({ currency: 'USD', paidAt: at('2025-03-24T01:00:00Z'), items: [{ sku: 'ESIM-ASIA-5-7', quantity: 1, amount: 990 }], refund: { at: at('2025-03-25T01:00:00Z'), amount: 990, reason: 'no_longer_needed' } });
  // eSIMs: installed after 1 h and 30 h; one never; the last order's after 2 h.
  await seedEsim(usd1.itemIds[0]!, usd1.id, at('2025-03-10T01:00:00Z'), 1 * H);
  await seedEsim(usd1.itemIds[0]!, usd1.id, at('2025-03-10T01:00:00Z'), 30 * H);
  await seedEsim(usd1.itemIds[1]!, usd1.id, at('2025-03-10T01:00:00Z'), null);
  await seedEsim(usd2.itemIds[0]!, usd2.id, at('2025-03-24T01:00:00Z'), 2 * H);
});

describe('sales over time (adminReports.sales)', () => {
  it('gives each day its paid orders and refunds, at midnight in the asked zone, one currency at a time', async () => {
    const { rows } = await report('sales', { ...march, currency: 'CNY', bucket: 'day' });
    expect(rows).toHaveLength(31);
    const day = (d: string) => rows.find((r) => r.bucket === d);
    expect(day('2025-03-10')).toEqual({ bucket: '2025-03-10', orders: 1, gross: 7100, refunds: 0, net: 7100 });
    expect(day('2025-03-11')).toEqual({ bucket: '2025-03-11', orders: 1, gross: 14200, refunds: 0, net: 14200 });
    expect(day('2025-03-12')).toEqual({ bucket: '2025-03-12', orders: 0, gross: 0, refunds: 3000, net: -3000 });
    expect(day('2025-03-20')).toMatchObject({ orders: 0, refunds: 7100 });
    expect(rows.reduce((s, r) => s + (r.gross as number), 0)).toBe(21300);
    // In UTC both CNY orders fall on the 10th.
    const utc = (await report('sales', { ...march, timeZone: 'UTC', currency: 'CNY' })).rows;
    expect(utc.find((r) => r.bucket === '2025-03-10')).toMatchObject({ orders: 2, gross: 21300 });
    const usd = (await report('sales', { ...march, currency: 'USD' })).rows;
    expect(usd.find((r) => r.bucket === '2025-03-10')).toEqual({ bucket: '2025-03-10', orders: 1, gross: 3270, refunds: 0, net: 3270 });
    expect(usd.reduce((s, r) => s + (r.refunds as number), 0)).toBe(990);
  });

  it('adds days up into weeks from Monday and months, the first and last cut by the period', async () => {
    const weeks = (await report('sales', { ...march, currency: 'CNY', bucket: 'week' })).rows;
    expect(weeks.map((w) => w.bucket)).toEqual(['2025-02-24', '2025-03-03', '2025-03-10', '2025-03-17', '2025-03-24', '2025-03-31']);
    expect(weeks[2]).toEqual({ bucket: '2025-03-10', orders: 2, gross: 21300, refunds: 3000, net: 18300 });
    expect(weeks[3]).toMatchObject({ refunds: 7100, net: -7100 });
    const months = (await report('sales', { from: '2025-02-01', to: '2025-03-31', timeZone: 'Asia/Shanghai', currency: 'CNY', bucket: 'month' })).rows;
    expect(months).toEqual([
      { bucket: '2025-02-01', orders: 1, gross: 7100, refunds: 0, net: 7100 },
      { bucket: '2025-03-01', orders: 2, gross: 21300, refunds: 10100, net: 11200 },
    ]);
  });

  it('follows daylight saving: New York days are 23 hours long on the day clocks go forward', async () => {
    // 2025-03-09 02:00 EST became 03:00 EDT: 04:30Z on the 9th is 23:30 on the 8th, 04:30Z on the 10th is 00:30 on the 10th.
    await seedOrder({ currency: 'USD', paidAt: at('2025-03-09T04:30:00Z'), items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 100 }] });
    await seedOrder({ currency: 'USD', paidAt: at('2025-03-10T04:30:00Z'), items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 200 }] });
    await seedOrder({ currency: 'USD', paidAt: at('2025-03-10T03:59:59Z'), items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 400 }] });
    const rows = (await report('sales', { from: '2025-03-08', to: '2025-03-10', timeZone: 'America/New_York', currency: 'USD' })).rows;
    // The 01:00Z order of the 10th (21:00 EDT on the 9th) and the 03:59:59Z one (23:59:59 EDT) fall on the 9th.
    expect(rows.map((r) => [r.bucket, r.gross])).toEqual([
      ['2025-03-08', 100],
      ['2025-03-09', 3270 + 400],
      ['2025-03-10', 200],
    ]);
  });
});

describe('breakdowns', () => {
  it('per product, destination, coupon, reseller, merchant and refund reason', async () => {
    const products = (await report('products', { ...march, currency: 'USD' })).rows;
    const asia = products.find((p) => p.productKey === 'asia-esim');
    expect(asia).toMatchObject({ orders: 2, units: 3, amount: 2970, name: { en: 'Asia eSIM', zh: '亚洲eSIM' } });
    expect((await report('products', { ...march, currency: 'CNY' })).rows).toEqual([expect.objectContaining({ productKey: 'china-unicom-sim', orders: 2, units: 3, amount: 21300 })]);

    // Asia eSIM covers five destinations, Global eSIM many: their sales count in each, apart from single-destination plans.
    const destinations = (await report('destinations', { ...march, currency: 'USD' })).rows;
    expect(destinations.find((d) => d.country === 'JP')).toMatchObject({ units: 0, amount: 0, multiUnits: 3 + 1, multiAmount: 2970 + 1290 });
    expect(destinations.find((d) => d.country === 'TH')).toMatchObject({ multiUnits: 3 + 1 });
    const cn = (await report('destinations', { ...march, currency: 'CNY' })).rows;
    expect(cn).toEqual([{ country: 'CN', units: 3, amount: 21300, multiUnits: 0, multiAmount: 0 }]);

    const resellers = (await report('resellers', { ...march, currency: 'USD' })).rows;
    expect(resellers).toEqual([{ userId: resellerId, account: 'agent@example.com', orders: 1, gross: 3270, refunds: 0 }]);
    expect((await report('resellers', { ...march, currency: 'CNY' })).rows).toEqual([]);

    const merchants = (await report('merchants', { ...march, currency: 'CNY' })).rows;
    expect(merchants).toEqual([expect.objectContaining({ merchantId: 1, orders: 2, gross: 21300, refunds: 10100 })]);

    const refunds = (await report('refunds', { ...march, currency: 'CNY' })).rows;
    expect(refunds).toEqual([
      { reason: 'unknown', refunds: 1, amount: 7100 },
      { reason: 'not_working', refunds: 1, amount: 3000 },
    ]);
    expect((await report('refunds', { ...march, currency: 'USD' })).rows).toEqual([{ reason: 'no_longer_needed', refunds: 1, amount: 990 }]);
  });

  it('per coupon: orders paid with it, their totals and the discount', async () => {
    const now = Date.now();
    const coupon = await t.db
      .insertInto('coupons')
      .values({ name_en: 'Spring 5', name_zh: '春季5元', kind: 'fixed', value: 500, max_discount: null, currency: 'CNY', min_spend: 0, starts_at: 0, ends_at: null, product_kinds: '[]', product_ids: '[]', audience: 'both', max_uses: null, per_customer: 1, with_wholesale: 0, distribution: 'claim', code: null, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const order = await seedOrder({ currency: 'CNY', paidAt: at('2025-03-15T02:00:00Z'), items: [{ sku: 'SIM-CU-30', quantity: 1, amount: 6600 }] });
    await t.db.insertInto('coupon_uses').values({ coupon_id: coupon.id, user_id: userId, order_id: order.id, code_id: null, discount: 500, active_slot: 1, active_code_id: null, created_at: now, returned_at: null }).execute();
    expect((await report('coupons', { ...march, currency: 'CNY' })).rows).toEqual([{ couponId: coupon.id, name: { en: 'Spring 5', zh: '春季5元' }, orders: 1, gross: 6600, discount: 500 }]);
    expect((await report('coupons', { ...march, currency: 'USD' })).rows).toEqual([]);
    await t.db.deleteFrom('coupon_uses').where('order_id', '=', order.id).execute();
    await t.db.deleteFrom('order_items').where('order_id', '=', order.id).execute();
    await t.db.deleteFrom('orders').where('id', '=', order.id).execute();
  });
});

describe('eSIMs', () => {
  it('counts paid, issued and installed within 24 h, and the median time to install', async () => {
    const d = await report('esim_installs', { ...march, bucket: 'week' });
    // Paid: 3 eSIM units on the 10th (2 Asia + 1 Global), 1 on the 24th; issued 3 and 1.
    expect(d).toMatchObject({ paidUnits: 4, issued: 4, installed24h: 2, installed: 3 });
    // Delays 1 h, 2 h, 30 h: the median is 2 h.
    expect(d.medianMinutes).toBe(120);
    expect(d.rows.find((r) => r.bucket === '2025-03-10')).toEqual({ bucket: '2025-03-10', paidUnits: 3, issued: 3, installed24h: 1 });
    expect(d.rows.find((r) => r.bucket === '2025-03-24')).toEqual({ bucket: '2025-03-24', paidUnits: 1, issued: 1, installed24h: 1 });
    const empty = await report('esim_installs', { from: '2024-01-01', to: '2024-01-31', timeZone: 'UTC' });
    expect(empty).toMatchObject({ paidUnits: 0, issued: 0, installed: 0, medianMinutes: null });
  });

  it('forecasts when each pool runs out from its daily sales in the period', async () => {
    const rows = (await report('stock_forecast', march)).rows;
    const asia = rows.find((r) => r.skuCode === 'ESIM-ASIA-5-7')!;
    // 3 sold in 31 days.
    expect(asia).toMatchObject({ sold: 3, perDay: 0.1, daysLeft: Math.floor((asia.free as number) / (3 / 31)) });
    const idle = rows.find((r) => r.skuCode === 'ESIM-ASIA-10-30');
    expect(idle).toMatchObject({ sold: 0, perDay: 0, daysLeft: null });
    expect(rows.indexOf(asia)).toBeLessThan(rows.indexOf(idle!));
    // An empty pool has run out, whatever it sold: it comes first.
    await t.db.updateTable('esims').set({ record_status: 'removed' }).where('sku_id', '=', (await t.sku('ESIM-ASIA-10-7')).id).where('record_status', '=', 'unassigned').execute();
    const after = (await report('stock_forecast', march)).rows;
    expect(after.find((r) => r.skuCode === 'ESIM-ASIA-10-7')).toMatchObject({ free: 0, sold: 0, daysLeft: 0 });
    const runOut = after.filter((r) => r.daysLeft === 0);
    expect(after.slice(0, runOut.length)).toEqual(runOut);
  });
});

describe('export (adminReports.export)', () => {
  it('writes the shown report as CSV in the reader\'s language, and xlsx', async () => {
    const res = await report('export', { report: 'sales', ...march, currency: 'CNY', bucket: 'week', format: 'csv', lang: 'zh-Hans' });
    expect(res).toMatchObject({ fileName: 'sales-CNY-2025-03-01-2025-03-31.csv', contentType: expect.stringContaining('text/csv'), rows: 6 });
    const csv = Buffer.from(res.base64 as string, 'base64').toString('utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe('时段开始,已付订单,销售额（CNY）,退款（CNY）,净销售额（CNY）');
    expect(csv).toContain('2025-03-10,2,213.00,30.00,183.00');
    const xlsx = await report('export', { report: 'refunds', ...march, currency: 'USD', format: 'xlsx' });
    expect(xlsx).toMatchObject({ fileName: 'refunds-USD-2025-03-01-2025-03-31.xlsx', rows: 1 });
    expect(Buffer.from(xlsx.base64 as string, 'base64').subarray(0, 2).toString()).toBe('PK');
    const stock = await report('export', { report: 'stock_forecast', ...march });
    expect(Buffer.from(stock.base64 as string, 'base64').toString('utf8')).toContain('ESIM-ASIA-5-7,Asia eSIM');
  });

  it('says there is nothing to export for a period without sales, and asks for the currency of a money report', async () => {
    const none = await t.call('adminReports', 'export', { report: 'sales', from: '2024-01-01', to: '2024-01-31', currency: 'CNY' }, { token: owner });
    expect(none.body.code).toBe(serverErrors.noDataToExport.code);
    const noCurrency = await t.call('adminReports', 'export', { report: 'products', ...march }, { token: owner });
    expect(noCurrency.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'currency' });
  });
});

describe('who may ask, and what is refused', () => {
  it('answers every staff role that sees the dashboard; refuses merchant staff, customers and strangers', async () => {
    for (const role of ['operator', 'support', 'finance'] as StaffRole[]) {
      const token = (await t.staffSignIn(role)).token;
      expect((await t.call('adminReports', 'sales', { ...march, currency: 'CNY' }, { token })).body.code).toBe(0);
    }
    await t.db.updateTable('staff').set({ must_change_password: 0 }).where('email', '=', 'merchant@simshop.local').execute();
    const merchantStaff = (await t.staffSignIn('merchant' as StaffRole)).token;
    for (const action of ['sales', 'export'] as const) {
      expect((await t.call('adminReports', action, { ...march, currency: 'CNY', report: 'sales' }, { token: merchantStaff })).body.code).toBe(serverErrors.permissionDenied.code);
    }
    const customer = (await t.signIn()).token;
    expect((await t.call('adminReports', 'sales', { ...march, currency: 'CNY' }, { token: customer })).body.code).not.toBe(0);
    expect((await t.call('adminReports', 'sales', { ...march, currency: 'CNY' })).body.code).not.toBe(0);
  });

  it('refuses a period that ends before it starts or is too long, and malformed input', async () => {
    const ask = (body: Record<string, unknown>) => t.call('adminReports', 'sales', body, { token: owner });
    expect((await ask({ from: '2025-03-10', to: '2025-03-09', currency: 'CNY' })).body).toMatchObject({ code: serverErrors.reportPeriodInvalid.code, field: 'to' });
    const long = await ask({ from: '2024-01-01', to: '2025-01-01', currency: 'CNY' });
    expect(long.body).toMatchObject({ code: serverErrors.reportPeriodTooLong.code, field: 'to', data: { days: REPORT_MAX_DAYS } });
    // A leap year is exactly the maximum.
    expect((await ask({ from: '2024-01-01', to: '2024-12-31', currency: 'CNY' })).body.code).toBe(0);
    for (const body of [
      { from: '2025-02-30', to: '2025-03-01', currency: 'CNY' },
      { from: '2025-03-01', to: '2025-03-02', currency: 'EUR' },
      { from: '2025-03-01', to: '2025-03-02', currency: 'CNY', timeZone: 'Atlantis/Capital' },
      { from: '2025-03-01', to: '2025-03-02', currency: 'CNY', bucket: 'year' },
    ]) {
      expect((await ask(body)).body.code, JSON.stringify(body)).toBe(serverErrors.paramInvalid.code);
    }
    expect((await ask({ from: '2025-03-01', to: '2025-03-02' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'currency' });
    expect((await t.call('adminReports', 'esim_installs', { ...march, to: '2025-02-01' }, { token: owner })).body.code).toBe(serverErrors.reportPeriodInvalid.code);
  });
});
