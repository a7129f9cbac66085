import type { Currency, ReportBucket } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import * as direct from '../src/modules/reports/reports-direct.repository.ts';
import * as reports from '../src/modules/reports/reports.service.ts';
import { useTestApp } from './harness.ts';
import { assignedEsimRow, orderItemRow, orderRow } from './order-rows.ts';

/**
 * The reports read summary tables that database triggers keep (migration 0064): for random
 * periods and time zones (a quarter-hour zone, half-hour ones, daylight-saving ones) every report
 * gives exactly what the direct queries over the orders give, after orders were paid, changed,
 * moved, refunded, deleted and given eSIMs and installs in every way the triggers handle; a
 * rolled-back change leaves the summaries as they were.
 */
const t = useTestApp();

const DAY = 86_400_000;
const H = 3_600_000;
const START = Date.parse('2024-01-01T00:00:00Z');
const SPAN_DAYS = 500;
const ZONES = ['Asia/Kathmandu', 'Asia/Kolkata', 'Australia/Adelaide', 'America/New_York', 'Europe/London', 'Asia/Shanghai', 'UTC'];
const SEED = Number(process.env.REPORT_SUMMARIES_SEED ?? 20261203);

/** A deterministic pseudo-random sequence (mulberry32): the same shop every run of a seed. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rnd = random(SEED);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
const chance = (p: number) => rnd() < p;

let skus: Array<{ skuId: number; productId: number; kind: string; code: string }> = [];
let merchantIds: number[] = [];
const couponIds: number[] = [];
const buyers: number[] = [];
let seq = 0;
const esimOrders: number[] = [];
const plainOrders: number[] = [];

async function seedOrder() {
  seq += 1;
  const paidAt = chance(0.85) ? START + Math.floor(rnd() * SPAN_DAYS * DAY) : null;
  const currency: Currency = chance(0.6) ? 'CNY' : 'USD';
  const lines = Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => ({ sku: pick(skus), quantity: 1 + Math.floor(rnd() * 3), price: 100 + Math.floor(rnd() * 5000) }));
  // Two lines of one product now and then: the order counts once for it.
  if (chance(0.15)) lines.push({ ...lines[0]!, quantity: 1 });
  const total = lines.reduce((s, l) => s + l.price * l.quantity, 0);
  const refunded = paidAt !== null && chance(0.15);
  const buyer = pick(buyers);
  const order = await t.db
    .insertInto('orders')
    .values(
      orderRow({
        order_no: `RS${SEED}${String(seq).padStart(8, '0')}`,
        user_id: buyer,
        status: refunded ? 'partial_refunded' : paidAt === null ? 'unpaid' : 'delivered',
        reseller: buyer === buyers[0] ? 1 : 0,
        currency,
        total,
        pay_method: paidAt === null ? null : 'card',
        paid_at: paidAt,
        refund_reason: refunded ? pick(['not_working', 'no_longer_needed', null]) : null,
        refund_amount: refunded ? Math.floor(total / 2) : null,
        created_at: (paidAt ?? START) - 60_000,
        merchant_id: pick(merchantIds),
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = await t.db
    .insertInto('order_items')
    .values(lines.map((l) => orderItemRow({ order_id: order.id, product_id: l.sku.productId, sku_id: l.sku.skuId, kind: l.sku.kind as 'esim', code: l.sku.code, unit_price: l.price, quantity: l.quantity })))
    .returning(['id', 'kind'])
    .execute();
  if (chance(0.2)) await t.db.insertInto('coupon_uses').values({ coupon_id: pick(couponIds), user_id: buyer, order_id: order.id, code_id: null, discount: 50 + Math.floor(rnd() * 500), active_slot: null, active_code_id: null, created_at: START, returned_at: null }).execute();
  if (refunded) {
    const event = chance(0.5) ? 'approve_refund' : 'approve_partial_refund';
    await t.db.insertInto('order_events').values({ order_id: order.id, event, from_status: 'to_be_refunded', to_status: 'partial_refunded', actor: 'staff:1', reason: '', created_at: paidAt + Math.floor(rnd() * 10 * DAY) }).execute();
  }
  const esimLines = items.filter((i) => i.kind === 'esim');
  (esimLines.length > 0 ? esimOrders : plainOrders).push(order.id);
  if (paidAt === null) return;
  for (const item of esimLines) {
    if (chance(0.3)) continue;
    seq += 1;
    const esim = await t.db
      .insertInto('esims')
      .values(assignedEsimRow({ userId: buyer, orderId: order.id, orderItemId: item.id, activationCode: `RS-${SEED}-${seq}`, unitIndex: seq, paidAt }))
      .returning('id')
      .executeTakeFirstOrThrow();
    if (chance(0.7)) await t.db.insertInto('esim_install_logs').values({ esim_id: esim.id, type: 'success_install', eid: null, created_at: paidAt + Math.floor(rnd() * 48 * H) }).execute();
    if (chance(0.2)) await t.db.insertInto('esim_install_logs').values({ esim_id: esim.id, type: 'eid_mismatch', eid: null, created_at: paidAt + Math.floor(rnd() * 4 * H) }).execute();
  }
}

/** Changes to orders after the fact, each through the path a trigger must follow. */
async function changeOrders() {
  const some = (ids: number[], k: number) => Array.from({ length: k }, () => pick(ids));
  // Paid later, unpaid again, re-priced, moved to another merchant, currency or buyer.
  for (const id of some(plainOrders, 15)) await t.db.updateTable('orders').set({ paid_at: START + Math.floor(rnd() * SPAN_DAYS * DAY) }).where('id', '=', id).execute();
  for (const id of some(plainOrders, 5)) await t.db.updateTable('orders').set({ paid_at: null }).where('id', '=', id).execute();
  for (const id of some([...plainOrders, ...esimOrders], 10)) await t.db.updateTable('orders').set({ total: 999 + Math.floor(rnd() * 999) }).where('id', '=', id).execute();
  for (const id of some(plainOrders, 8)) await t.db.updateTable('orders').set({ merchant_id: pick(merchantIds), currency: chance(0.5) ? 'CNY' : 'USD' }).where('id', '=', id).execute();
  for (const id of some(plainOrders, 5)) await t.db.updateTable('orders').set({ user_id: buyers[0]!, reseller: 1 }).where('id', '=', id).execute();
  // An eSIM order paid at another time: its eSIMs move with it.
  for (const id of some(esimOrders, 5)) await t.db.updateTable('orders').set({ paid_at: START + Math.floor(rnd() * SPAN_DAYS * DAY) }).where('id', '=', id).execute();
  // Refunds raised later: the approval reads the order's current amount.
  for (const id of some(plainOrders, 5)) await t.db.updateTable('orders').set({ refund_amount: 77, refund_reason: 'not_working' }).where('id', '=', id).execute();
  // Lines added, changed and removed; orders deleted with their lines (a cascade).
  for (const id of some(plainOrders, 5)) {
    const s = pick(skus.filter((x) => x.kind !== 'esim'));
    await t.db.insertInto('order_items').values({ order_id: id, product_id: s.productId, sku_id: s.skuId, kind: s.kind as 'sim', name_en: s.code, name_zh: s.code, options: '[]', images: '', unit_price: 10, quantity: 2, amount: 20, inputs: '{}', required_inputs: '[]', stock_reserved: 0 }).execute();
  }
  for (const id of some(plainOrders, 5)) await t.db.updateTable('order_items').set({ quantity: 9, amount: 9999 }).where('order_id', '=', id).execute();
  const gone = [...new Set(some(plainOrders, 6))];
  for (const id of gone.slice(0, 3)) {
    const first = await t.db.selectFrom('order_items').select('id').where('order_id', '=', id).orderBy('id').executeTakeFirst();
    if (first) await t.db.deleteFrom('order_items').where('id', '=', first.id).execute();
  }
  for (const id of gone.slice(3)) {
    await t.db.deleteFrom('coupon_uses').where('order_id', '=', id).execute();
    await t.db.deleteFrom('orders').where('id', '=', id).execute();
  }
  plainOrders.splice(0, plainOrders.length, ...plainOrders.filter((id) => !gone.slice(3).includes(id)));
  // Pool eSIMs given to paid eSIM lines, and installs that come later (an earlier one wins).
  const lines = await t.db.selectFrom('order_items').select('id').where('order_id', 'in', esimOrders).where('kind', '=', 'esim').execute();
  const pool = await t.db.selectFrom('esims').select('id').where('order_item_id', 'is', null).limit(4).execute();
  for (const e of pool) await t.db.updateTable('esims').set({ order_item_id: pick(lines).id }).where('id', '=', e.id).execute();
  const issued = await t.db.selectFrom('esims').select(['id', 'assigned_at']).where('order_item_id', 'in', lines.map((l) => l.id)).execute();
  for (const e of [...issued].sort(() => rnd() - 0.5).slice(0, 10)) {
    await t.db.insertInto('esim_install_logs').values({ esim_id: e.id, type: 'success_install', eid: null, created_at: (e.assigned_at ?? START) + Math.floor(rnd() * 30 * H) }).execute();
  }
  for (const e of issued.slice(0, 3)) await t.db.deleteFrom('esim_install_logs').where('esim_id', '=', e.id).execute();
}

beforeAll(async () => {
  skus = (await t.db.selectFrom('product_skus').innerJoin('products', 'products.id', 'product_skus.product_id').select(['product_skus.id as skuId', 'products.id as productId', 'products.kind', 'product_skus.code']).execute()).map((s) => ({ ...s, kind: String(s.kind) }));
  merchantIds = (await t.db.selectFrom('merchants').select('id').execute()).map((m) => m.id);
  for (const name of ['Spring', 'Summer']) {
    const c = await t.db
      .insertInto('coupons')
      .values({ name_en: name, name_zh: name, kind: 'fixed', value: 500, max_discount: null, currency: 'CNY', min_spend: 0, starts_at: 0, ends_at: null, product_kinds: '[]', product_ids: '[]', audience: 'both', max_uses: null, per_customer: 1, with_wholesale: 0, distribution: 'claim', code: null, created_at: START, updated_at: START })
      .returning('id')
      .executeTakeFirstOrThrow();
    couponIds.push(c.id);
  }
  for (let i = 0; i < 4; i++) buyers.push((await t.signIn()).userId);
  for (let i = 0; i < 300; i++) await seedOrder();
  await changeOrders();
}, 120_000);

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Every report for one period, zone and currency, from the summaries and straight from the orders. */
async function allReports(input: { from: string; to: string; timeZone: string }, currency: Currency, bucket: ReportBucket, figures?: reports.ReportFigures) {
  const money = { ...input, currency };
  return {
    sales: await reports.salesReport(t.db, { ...money, bucket }, figures),
    products: await reports.productsReport(t.db, money, figures),
    destinations: await reports.destinationsReport(t.db, money, figures),
    coupons: await reports.couponsReport(t.db, money, figures),
    resellers: await reports.resellersReport(t.db, money, figures),
    merchants: await reports.merchantsReport(t.db, money, figures),
    refunds: await reports.refundsReport(t.db, money, figures),
    esims: await reports.esimInstallsReport(t.db, { ...input, bucket }, figures),
    stock: await reports.stockForecast(t.db, input, figures),
  };
}

describe('report summaries', () => {
  it('give the same figures as the orders for random periods and time zones', async () => {
    const buckets: ReportBucket[] = ['day', 'week', 'month'];
    const cases = [
      // A daylight-saving change inside, and a period of one day.
      { from: '2024-03-01', to: '2024-11-30', timeZone: 'America/New_York' },
      { from: '2024-04-06', to: '2024-04-07', timeZone: 'Australia/Adelaide' },
      { from: '2024-06-15', to: '2024-06-15', timeZone: 'Asia/Kathmandu' },
      { from: '2024-01-01', to: '2024-12-31', timeZone: 'Asia/Kolkata' },
      ...Array.from({ length: 16 }, () => {
        const first = Math.floor(rnd() * SPAN_DAYS);
        const days = chance(0.3) ? 1 + Math.floor(rnd() * 3) : 1 + Math.floor(rnd() * 366);
        return { from: day(START + first * DAY), to: day(START + (first + days - 1) * DAY), timeZone: pick(ZONES) };
      }),
    ];
    let compared = 0;
    for (const input of cases) {
      for (const currency of ['CNY', 'USD'] as const) {
        const bucket = pick(buckets);
        const summed = await allReports(input, currency, bucket);
        const straight = await allReports(input, currency, bucket, direct as reports.ReportFigures);
        expect(summed, `${JSON.stringify(input)} ${currency} ${bucket} (seed ${SEED})`).toEqual(straight);
        compared += Object.values(summed).reduce((s, r) => s + r.rows.length, 0);
      }
    }
    // The comparison saw figures, not empty reports.
    expect(compared).toBeGreaterThan(1000);
    const year = await allReports(cases[3]!, 'CNY', 'month');
    expect(year.sales.rows.some((r) => r.orders > 0)).toBe(true);
    expect(year.esims.installed).toBeGreaterThan(0);
    expect(year.coupons.rows.length).toBeGreaterThan(0);
  }, 300_000);

  it('follow orders bought and paid the way customers do', async () => {
    const { token } = await t.signIn();
    const today = Date.now();
    const before = await reports.esimInstallsReport(t.db, { from: day(today - DAY), to: day(today + DAY), timeZone: 'UTC', bucket: 'day' });
    await t.buy(token, 'ESIM-ASIA-5-7', 2);
    await t.buy(token, 'ESIM-GLOBAL-3', 1);
    for (const timeZone of ['Asia/Kathmandu', 'America/New_York']) {
      const input = { from: day(today - 2 * DAY), to: day(today + 2 * DAY), timeZone };
      for (const currency of ['CNY', 'USD'] as const) expect(await allReports(input, currency, 'day')).toEqual(await allReports(input, currency, 'day', direct as reports.ReportFigures));
    }
    const after = await reports.esimInstallsReport(t.db, { from: day(today - DAY), to: day(today + DAY), timeZone: 'UTC', bucket: 'day' });
    expect(after.paidUnits).toBe(before.paidUnits + 3);
    // The two pool eSIMs are given at payment and count as issued (a provider's may come later).
    expect(after.issued).toBeGreaterThanOrEqual(before.issued + 2);
  });

  it('are left as they were by a change that is rolled back', async () => {
    const tables = ['report_sales_quarters', 'report_merchant_days', 'report_reseller_days', 'report_coupon_days', 'report_product_days', 'report_sku_days', 'report_esim_quarters', 'report_esims'] as const;
    const snapshot = async (db: typeof t.db = t.db) => Promise.all(tables.map((name) => db.selectFrom(name).selectAll().execute().then((rows) => rows.map((r) => JSON.stringify(r)).sort())));
    const before = await snapshot();
    const order = pick(esimOrders);
    await expect(
      t.db.transaction().execute(async (tx) => {
        await tx.updateTable('orders').set({ paid_at: START + 3 * DAY, total: 1 }).where('id', '=', order).execute();
        await tx.updateTable('orders').set({ paid_at: START + 4 * DAY }).where('id', 'in', plainOrders.slice(0, 20)).execute();
        const esim = await tx.selectFrom('esims').select('id').where('order_id', '=', order).executeTakeFirst();
        if (esim) await tx.insertInto('esim_install_logs').values({ esim_id: esim.id, type: 'success_install', eid: null, created_at: START }).execute();
        // The change happened inside the transaction...
        expect(await snapshot(tx)).not.toEqual(before);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // ...and is gone with it.
    expect(await snapshot()).toEqual(before);
  });
});
