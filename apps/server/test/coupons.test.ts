import { Role, serverErrors, UNPAID_TTL_MS, type AdminActionName } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireUnpaidOrders } from '../src/modules/orders/order-sweeps.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let rch: number;
let esim: number;
let asiaProductId: number;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  rch = (await t.sku('RCH-5')).id;
  const asia = await t.sku('ESIM-ASIA-5-7');
  esim = asia.id;
  asiaProductId = asia.productId;
});

const DAY = 86_400_000;
const admin = <A extends AdminActionName<'adminCoupon'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminCoupon', action, body, { token, ip: '192.0.2.77' });
let serial = 0;
/** A coupon made by the owner: by default US$1 off anything, claimable, no limits. */
async function coupon(over: Record<string, unknown> = {}) {
  serial += 1;
  const body = { nameEn: `Test coupon ${serial}`, nameZh: `测试券 ${serial}`, kind: 'fixed', value: 100, currency: 'USD', startsAt: Date.now() - DAY, distribution: 'claim', ...over };
  if (body.distribution === 'code' && !('code' in over)) Object.assign(body, { code: `TEST${serial}` });
  const res = await admin('create', body);
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data as { id: number; code: string | null; version: number };
}
/** A US$9.90 recharge (no stock counted, so any number of orders). */
const recharge = (quantity = 1) => ({ items: [{ skuId: rch, quantity, inputs: { rechargeNumber: '13800138000' } }] });
const create = (token: string, body: Record<string, unknown>) => t.call('order', 'create', body, { token });
const preview = (token: string, body: Record<string, unknown>) => t.call('order', 'preview', body, { token });
const usesOf = async (id: number) => (await t.db.selectFrom('coupons').select('uses').where('id', '=', id).executeTakeFirstOrThrow()).uses;
const ordersOf = async (userId: number) => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);

describe('public codes at checkout', () => {
  it('prices TOKYO10 (seeded: 10% off eSIMs in USD), creates the order with the discount, and asks the payment for the lower total', async () => {
    const c = await t.signIn();
    const draft = { items: [{ skuId: esim, quantity: 2, inputs: {} }], couponCode: 'tokyo10' };
    const p = await preview(c.token, draft);
    expect(p.body.data).toMatchObject({ subtotal: 1980, discount: 198, total: 1782, coupon: { code: 'TOKYO10', kind: 'percent', discount: 198, problem: null }, couponProblem: null });
    const order = (await create(c.token, draft)).body.data;
    expect(order).toMatchObject({ subtotal: 1980, discount: 198, total: 1782 });
    const methods = await t.call('order', 'payment_methods', { orderNo: order.orderNo }, { token: c.token });
    const sandbox = methods.body.data.options.find((m: { method: string }) => m.method === 'sandbox')!;
    expect(sandbox.total).toBe(1782 + sandbox.serviceFee);
    await t.paySandbox(c.token, order.orderNo);
    const paid = await t.db.selectFrom('payments').select('amount').where('order_id', '=', (await t.db.selectFrom('orders').select('id').where('order_no', '=', order.orderNo).executeTakeFirstOrThrow()).id).executeTakeFirstOrThrow();
    expect(Number(paid.amount)).toBe(1782 + sandbox.serviceFee);
  });

  it('says why a code does not apply in the preview, prices without it, and refuses the order with that message', async () => {
    const c = await t.signIn();
    const p = await preview(c.token, { ...recharge(), couponCode: 'TOKYO10' });
    expect(p.body.data).toMatchObject({ discount: 0, total: 990, coupon: null, couponProblem: { code: serverErrors.couponNotForProducts.code, i18n: serverErrors.couponNotForProducts.i18n } });
    expect((await create(c.token, { ...recharge(), couponCode: 'TOKYO10' })).body).toMatchObject({ code: serverErrors.couponNotForProducts.code, field: 'couponCode' });
    expect((await create(c.token, { ...recharge(), couponCode: 'NOSUCHCODE' })).body).toMatchObject({ code: serverErrors.couponNotFound.code, field: 'couponCode' });
    expect((await create(c.token, { ...recharge(), couponCode: 'a b' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'couponCode' });
    expect((await create(c.token, { ...recharge(), couponCode: 'TOKYO10', couponId: 1 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'couponId' });
    expect(await ordersOf(c.userId)).toBe(0);
  });

  it('refuses each broken rule with its own catalogue message, writing nothing', async () => {
    const c = await t.signIn();
    const reseller = await t.signIn(Role.reseller);
    const cases: Array<[Record<string, unknown>, { code: number }, string?]> = [
      [{ startsAt: Date.now() + DAY }, serverErrors.couponNotStarted],
      [{ startsAt: Date.now() - 2 * DAY, endsAt: Date.now() - DAY }, serverErrors.couponExpired],
      [{ minSpend: 5000 }, serverErrors.couponMinSpend],
      [{ maxUses: 1 }, serverErrors.couponUsedUp, 'used-once'],
      [{}, serverErrors.couponAlreadyUsed, 'used-by-me'],
      [{ productKinds: ['sim'] }, serverErrors.couponNotForProducts],
      [{ productIds: [asiaProductId] }, serverErrors.couponNotForProducts],
      [{ audience: 'resellers' }, serverErrors.couponNotForAccount],
      [{ currency: 'CNY' }, serverErrors.couponWrongCurrency],
      [{ kind: 'free_shipping', value: 0 }, serverErrors.couponNothingToShip],
      [{ paused: true }, serverErrors.couponPaused],
    ];
    for (const [rules, error, setup] of cases) {
      const { paused, ...rest } = rules;
      const k = await coupon({ distribution: 'code', ...rest });
      if (paused) expect((await admin('pause', { id: k.id, paused: true })).body.code).toBe(0);
      if (setup) {
        const other = setup === 'used-by-me' ? c : await t.signIn();
        expect((await create(other.token, { ...recharge(), couponCode: k.code })).body.code).toBe(0);
      }
      const before = { orders: await ordersOf(c.userId), uses: await usesOf(k.id) };
      const res = await create(c.token, { ...recharge(), couponCode: k.code });
      expect(res.body, JSON.stringify(rules)).toMatchObject({ code: error.code, field: 'couponCode' });
      expect({ orders: await ordersOf(c.userId), uses: await usesOf(k.id) }).toEqual(before);
    }
    const min = await coupon({ distribution: 'code', minSpend: 5000 });
    expect((await create(c.token, { ...recharge(), couponCode: min.code })).body.data).toMatchObject({ minSpend: '$50.00' });
    // A reseller's wholesale price (10 Asia eSIMs and more) does not combine unless the coupon says so.
    const wholesaleDraft = { items: [{ skuId: esim, quantity: 10, inputs: {} }] };
    const strict = await coupon({ distribution: 'code' });
    expect((await create(reseller.token, { ...wholesaleDraft, couponCode: strict.code })).body).toMatchObject({ code: serverErrors.couponNotWithWholesale.code });
    const combines = await coupon({ distribution: 'code', withWholesale: true });
    expect((await create(reseller.token, { ...wholesaleDraft, couponCode: combines.code })).body.data).toMatchObject({ subtotal: 7900, discount: 100, total: 7800 });
  });
});

describe('claimable coupons (coupon.claimable, claim, mine)', () => {
  it('lists, claims once, shows in my coupons, suggests the best at checkout and uses it by id', async () => {
    const c = await t.signIn();
    const small = await coupon({ value: 100 });
    const big = await coupon({ value: 300 });
    const notYet = await coupon({ value: 900, minSpend: 100_000 });
    const anon = await t.call('coupon', 'claimable', {});
    expect(anon.body.data.items.map((i: { id: number }) => i.id)).toEqual(expect.arrayContaining([small.id, big.id]));
    expect(anon.body.data.items.find((i: { id: number }) => i.id === small.id)!.state).toBe('claimable');
    for (const k of [small, big, notYet]) expect((await t.call('coupon', 'claim', { couponId: k.id }, { token: c.token })).body.data).toMatchObject({ id: k.id, state: 'claimed' });
    expect((await t.call('coupon', 'claim', { couponId: small.id }, { token: c.token })).body).toMatchObject({ code: serverErrors.couponAlreadyClaimed.code, field: 'couponId' });
    expect((await t.call('coupon', 'claim', { couponId: 999_999 }, { token: c.token })).body).toMatchObject({ code: serverErrors.couponNotFound.code });
    const code = await coupon({ distribution: 'code' });
    expect((await t.call('coupon', 'claim', { couponId: code.id }, { token: c.token })).body).toMatchObject({ code: serverErrors.couponNotClaimable.code });
    expect((await t.call('coupon', 'claim', { couponId: small.id })).body.code).toBe(serverErrors.unauthenticated.code);
    const signedIn = await t.call('coupon', 'claimable', {}, { token: c.token });
    expect(signedIn.body.data.items.find((i: { id: number }) => i.id === small.id)!.state).toBe('claimed');
    const mine = await t.call('coupon', 'mine', {}, { token: c.token });
    expect(mine.body.data.items.map((i: { id: number }) => i.id)).toEqual([notYet.id, big.id, small.id]);

    const p = await preview(c.token, recharge());
    expect(p.body.data).toMatchObject({ discount: 0, coupon: null, suggestedCouponId: big.id });
    expect(p.body.data.coupons.find((k: { couponId: number }) => k.couponId === notYet.id)).toMatchObject({ discount: 0, problem: { code: serverErrors.couponMinSpend.code } });
    const order = (await create(c.token, { ...recharge(), couponId: big.id })).body.data;
    expect(order).toMatchObject({ discount: 300, total: 690 });
    expect((await t.call('coupon', 'mine', { tab: 'used' }, { token: c.token })).body.data.items.map((i: { id: number }) => i.id)).toEqual([big.id]);
    expect((await create(c.token, { ...recharge(), couponId: big.id })).body).toMatchObject({ code: serverErrors.couponAlreadyUsed.code, field: 'couponId' });
  });

  it("refuses another customer's claimed coupon, and a coupon by id that is not claimable", async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const k = await coupon();
    await t.call('coupon', 'claim', { couponId: k.id }, { token: a.token });
    expect((await create(b.token, { ...recharge(), couponId: k.id })).body).toMatchObject({ code: serverErrors.couponNotClaimed.code, field: 'couponId' });
    const pub = await coupon({ distribution: 'code' });
    expect((await create(b.token, { ...recharge(), couponId: pub.id })).body).toMatchObject({ code: serverErrors.couponNotClaimed.code });
    expect((await create(b.token, { ...recharge(), couponId: 999_999 })).body).toMatchObject({ code: serverErrors.couponNotFound.code });
    expect(await ordersOf(b.userId)).toBe(0);
    expect((await t.call('coupon', 'mine', {}, { token: b.token })).body.data.items).toEqual([]);
  });

  it('filters claimable coupons by product', async () => {
    const sims = await coupon({ productKinds: ['sim'], currency: 'CNY' });
    const anyUsd = await coupon();
    const ids = (await t.call('coupon', 'claimable', { productId: asiaProductId })).body.data.items.map((i: { id: number }) => i.id);
    expect(ids).toContain(anyUsd.id);
    expect(ids).not.toContain(sims.id);
    expect((await t.call('coupon', 'claimable', { productId: 999_999 })).body.code).toBe(serverErrors.productNotFound.code);
  });
});

describe('giving a use back', () => {
  it('gives the use back once when the customer cancels, and again only after a new use', async () => {
    const c = await t.signIn();
    const k = await coupon({ distribution: 'code', maxUses: 1 });
    const first = (await create(c.token, { ...recharge(), couponCode: k.code })).body.data;
    expect(await usesOf(k.id)).toBe(1);
    expect((await t.call('order', 'cancel', { orderNo: first.orderNo }, { token: c.token })).body.code).toBe(0);
    expect(await usesOf(k.id)).toBe(0);
    expect((await t.call('order', 'cancel', { orderNo: first.orderNo }, { token: c.token })).body.code).toBe(serverErrors.orderStatusConflict.code);
    expect(await usesOf(k.id)).toBe(0);
    const again = (await create(c.token, { ...recharge(), couponCode: k.code })).body.data;
    expect(again).toMatchObject({ discount: 100 });
    expect(await usesOf(k.id)).toBe(1);
    const rows = await t.db.selectFrom('coupon_uses').select(['returned_at', 'active_slot']).where('coupon_id', '=', k.id).orderBy('id').execute();
    expect(rows).toEqual([{ returned_at: expect.any(Number), active_slot: null }, { returned_at: null, active_slot: 1 }]);
  });

  it('gives the use back when an unpaid order expires', async () => {
    const c = await t.signIn();
    const k = await coupon({ distribution: 'code', maxUses: 5 });
    await create(c.token, { ...recharge(), couponCode: k.code });
    expect(await usesOf(k.id)).toBe(1);
    await expireUnpaidOrders(t.db, Date.now() + UNPAID_TTL_MS + 1000);
    await expireUnpaidOrders(t.db, Date.now() + UNPAID_TTL_MS + 2000);
    expect(await usesOf(k.id)).toBe(0);
  });

  it('gives the use back on a full refund, not on a partial one', async () => {
    const k = await coupon({ distribution: 'code', maxUses: 5, perCustomer: 2 });
    const c = await t.signIn();
    const draft = { items: [{ skuId: esim, quantity: 1, inputs: {} }], couponCode: k.code };
    const full = (await create(c.token, draft)).body.data;
    const part = (await create(c.token, draft)).body.data;
    for (const o of [full, part]) {
      await t.paySandbox(c.token, o.orderNo);
      expect((await t.call('order', 'refund', { orderNo: o.orderNo, reason: 'other' }, { token: c.token })).body.code).toBe(0);
    }
    expect(await usesOf(k.id)).toBe(2);
    const finance = (await t.staffSignIn('finance')).token;
    expect((await t.call('adminOrder', 'refund_approve', { orderNo: part.orderNo, amount: 100 }, { token: finance })).body.code).toBe(0);
    expect(await usesOf(k.id)).toBe(2);
    expect((await t.call('adminOrder', 'refund_approve', { orderNo: full.orderNo }, { token: finance })).body.code).toBe(0);
    expect(await usesOf(k.id)).toBe(1);
    const uses = (await admin('uses', { id: k.id })).body.data;
    expect(uses.total).toBe(2);
    expect(uses.items.find((u: { orderNo: string }) => u.orderNo === full.orderNo)).toMatchObject({ orderStatus: 'refunded', returnedAt: expect.any(Number), discount: 100 });
    expect(uses.items.find((u: { orderNo: string }) => u.orderNo === part.orderNo)).toMatchObject({ returnedAt: null });
  });
});

describe('single-use codes', () => {
  it('generates codes for a bulk coupon only, exports them, and lets each be used once', async () => {
    const k = await coupon({ distribution: 'bulk' });
    const res = await admin('generate_codes', { id: k.id, count: 25 });
    expect(res.body.data).toEqual({ generated: 25, codes: 25 });
    expect(await t.auditOf('coupon', k.id)).toEqual(expect.arrayContaining([expect.objectContaining({ action: 'coupon.generate_codes' })]));
    expect((await admin('generate_codes', { id: k.id, count: 0 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'count' });
    expect((await admin('generate_codes', { id: k.id, count: 10_001 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'count' });
    const other = await coupon();
    expect((await admin('generate_codes', { id: other.id, count: 5 })).body).toMatchObject({ code: serverErrors.couponNotBulk.code });
    expect((await admin('export_codes', { id: other.id })).body.code).toBe(serverErrors.noDataToExport.code);
    expect((await admin('generate_codes', { id: 999_999, count: 5 })).body.code).toBe(serverErrors.notFound.code);

    const exported = (await admin('export_codes', { id: k.id })).body.data;
    expect(exported.rows).toBe(25);
    const lines = exported.csv.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('code,coupon,created (UTC),used by order,used at (UTC)');
    const code = lines[1]!.split(',')[0]!;
    expect(code).toMatch(/^[2-9A-Z]{10}$/);

    const a = await t.signIn();
    const b = await t.signIn();
    const order = (await create(a.token, { ...recharge(), couponCode: code })).body.data;
    expect(order.discount).toBe(100);
    expect((await create(b.token, { ...recharge(), couponCode: code })).body).toMatchObject({ code: serverErrors.couponUsedUp.code, field: 'couponCode' });
    const after = (await admin('export_codes', { id: k.id })).body.data.csv as string;
    expect(after).toContain(`${code},Test coupon`);
    expect(after).toContain(order.orderNo);
    // A cancelled order frees its code for someone else.
    await t.call('order', 'cancel', { orderNo: order.orderNo }, { token: a.token });
    expect((await create(b.token, { ...recharge(), couponCode: code })).body.data.discount).toBe(100);
    expect((await admin('detail', { id: k.id })).body.data).toMatchObject({ codes: 25, codesUsed: 1, uses: 1 });
  });
});

describe('the order names its coupon', () => {
  it('on the customer\'s detail (in their language) and the console\'s (both, and whether the use was given back)', async () => {
    const c = await t.signIn();
    const support = (await t.staffSignIn('support')).token;
    const consoleCoupon = async (orderNo: string) => (await t.call('adminOrder', 'detail', { orderNo }, { token: support })).body.data.coupon;
    const typed = await coupon({ distribution: 'code' });
    const byCode = (await create(c.token, { ...recharge(), couponCode: typed.code!.toLowerCase(), i18n: 'zh-Hans' })).body.data;
    expect(byCode.coupon).toEqual({ id: typed.id, name: `测试券 ${serial}`, code: typed.code });
    expect((await t.call('order', 'detail', { orderNo: byCode.orderNo, i18n: 'en' }, { token: c.token })).body.data.coupon).toEqual({ id: typed.id, name: `Test coupon ${serial}`, code: typed.code });

    const claimed = await coupon();
    await t.call('coupon', 'claim', { couponId: claimed.id }, { token: c.token });
    const byClaim = (await create(c.token, { ...recharge(), couponId: claimed.id })).body.data;
    expect(byClaim.coupon).toEqual({ id: claimed.id, name: `Test coupon ${serial}`, code: null });

    const bulk = await coupon({ distribution: 'bulk' });
    await admin('generate_codes', { id: bulk.id, count: 1 });
    const single = (await admin('export_codes', { id: bulk.id })).body.data.csv.replace(/^\uFEFF/, '').trim().split('\r\n')[1]!.split(',')[0]!;
    const bySingle = (await create(c.token, { ...recharge(), couponCode: single })).body.data;
    expect(bySingle.coupon).toMatchObject({ id: bulk.id, code: single });

    const none = (await create(c.token, recharge())).body.data;
    expect(none).toMatchObject({ discount: 0, coupon: null });
    expect(await consoleCoupon(none.orderNo)).toBeNull();

    expect(await consoleCoupon(bySingle.orderNo)).toEqual({ id: bulk.id, name: { en: `Test coupon ${serial}`, zh: `测试券 ${serial}` }, code: single, returned: false });
    await t.call('order', 'cancel', { orderNo: bySingle.orderNo }, { token: c.token });
    // Cancelled, the order still names the coupon it was priced with; the console says the use came back.
    expect(await consoleCoupon(bySingle.orderNo)).toMatchObject({ id: bulk.id, code: single, returned: true });
    expect((await t.call('order', 'detail', { orderNo: bySingle.orderNo }, { token: c.token })).body.data.coupon).toMatchObject({ id: bulk.id, code: single });
    // Another customer's order stays unknown, coupon and all.
    const stranger = await t.signIn();
    expect((await t.call('order', 'detail', { orderNo: byCode.orderNo }, { token: stranger.token })).body).toMatchObject({ code: serverErrors.orderNotFound.code });
  });
});

describe('the race for the last use', () => {
  it('lets exactly one of 100 concurrent checkouts take a coupon with one use left', async () => {
    const k = await coupon({ distribution: 'code', maxUses: 2, perCustomer: 1 });
    const first = await t.signIn();
    expect((await create(first.token, { ...recharge(), couponCode: k.code })).body.code).toBe(0);
    const customers = [];
    for (let i = 0; i < 100; i++) customers.push(await t.signIn());
    const results = await Promise.all(customers.map((c) => create(c.token, { ...recharge(), couponCode: k.code })));
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    expect(codes.filter((c) => c === serverErrors.couponUsedUp.code)).toHaveLength(99);
    expect(await usesOf(k.id)).toBe(2);
    const active = await t.db.selectFrom('coupon_uses').select('id').where('coupon_id', '=', k.id).where('returned_at', 'is', null).execute();
    expect(active).toHaveLength(2);
    const orders = await t.db.selectFrom('orders').select('id').where('user_id', 'in', customers.map((c) => c.userId)).execute();
    expect(orders).toHaveLength(1);
  });

  it('lets one customer spend a once-per-customer coupon once even with parallel checkouts', async () => {
    const k = await coupon({ distribution: 'code' });
    const c = await t.signIn();
    const results = await Promise.all(Array.from({ length: 10 }, () => create(c.token, { ...recharge(), couponCode: k.code })));
    expect(results.filter((r) => r.body.code === 0)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === serverErrors.couponAlreadyUsed.code)).toHaveLength(9);
    expect(await usesOf(k.id)).toBe(1);
  });
});

describe('the console (adminCoupon)', () => {
  it('creates, checks rules that depend on each other, and audits', async () => {
    const k = await coupon({ kind: 'percent', value: 15, maxDiscount: 500, distribution: 'code', code: 'spring-15' });
    expect(k).toMatchObject({ code: 'SPRING-15', status: 'active', version: 1, uses: 0 });
    const [row] = await t.auditOf('coupon', k.id);
    expect(row).toMatchObject({ action: 'coupon.create', ip: '192.0.2.77' });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ kind: 'percent', value: 15, code: 'SPRING-15' });
    const base = { nameEn: 'X', nameZh: 'X', kind: 'fixed', value: 100, currency: 'USD', startsAt: Date.now(), distribution: 'claim' };
    const refused: Array<[Record<string, unknown>, { code: number }, string]> = [
      [{ kind: 'percent', value: 150 }, serverErrors.couponValueInvalid, 'value'],
      [{ kind: 'fixed', value: 0 }, serverErrors.couponValueInvalid, 'value'],
      [{ kind: 'free_shipping', value: 100 }, serverErrors.couponValueInvalid, 'value'],
      // Before the start whatever the clock did meanwhile (Date.now() here would pass once a millisecond went by).
      [{ endsAt: base.startsAt - 1 }, serverErrors.couponEndsBeforeStart, 'endsAt'],
      [{ distribution: 'code' }, serverErrors.couponCodeRule, 'code'],
      [{ code: 'CLAIMCODE' }, serverErrors.couponCodeRule, 'code'],
      [{ distribution: 'code', code: 'SPRING-15' }, serverErrors.alreadyExists, 'code'],
      [{ productIds: [999_999] }, serverErrors.productNotFound, 'productIds.0'],
      [{ nameEn: '' }, serverErrors.paramInvalid, 'nameEn'],
      [{ kind: 'half' }, serverErrors.paramInvalid, 'kind'],
      [{ currency: 'EUR' }, serverErrors.paramInvalid, 'currency'],
      [{ surprise: 1 }, serverErrors.paramInvalid, ''],
    ];
    const before = Number((await t.db.selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    for (const [over, error, field] of refused) {
      const res = await admin('create', { ...base, ...over });
      expect(res.body.code, JSON.stringify(over)).toBe(error.code);
      if (field) expect(res.body.field, JSON.stringify(over)).toBe(field);
    }
    expect(Number((await t.db.selectFrom('coupons').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
  });

  it('edits with a version, refuses a stale or empty edit, pauses and resumes', async () => {
    const k = await coupon();
    const full = (await admin('detail', { id: k.id })).body.data;
    const { id, version, nameEn, nameZh, kind, value, maxDiscount, currency, minSpend, startsAt, endsAt, productKinds, productIds, audience, maxUses, perCustomer, withWholesale, code } = full;
    const edit = { id, version, nameEn, nameZh, kind, value, maxDiscount, currency, minSpend, startsAt, endsAt, productKinds, productIds, audience, maxUses, perCustomer, withWholesale, code };
    expect((await admin('update', edit)).body.code).toBe(serverErrors.nothingChanged.code);
    const saved = (await admin('update', { ...edit, value: 250 })).body.data;
    expect(saved).toMatchObject({ value: 250, version: version + 1 });
    expect((await admin('update', { ...edit, value: 300 })).body.code).toBe(serverErrors.changedBySomeoneElse.code);
    expect((await admin('update', { ...edit, id: 999_999 })).body.code).toBe(serverErrors.notFound.code);
    expect((await admin('pause', { id: k.id, paused: true })).body.data).toMatchObject({ paused: true, status: 'paused' });
    expect((await admin('pause', { id: k.id, paused: true })).body.code).toBe(serverErrors.nothingChanged.code);
    expect((await admin('list', { status: 'paused' })).body.data.items.map((i: { id: number }) => i.id)).toContain(k.id);
    expect((await admin('pause', { id: k.id, paused: false })).body.data).toMatchObject({ paused: false, status: 'active' });
    const audit = await t.auditOf('coupon', k.id);
    expect(audit.map((a) => a.action)).toEqual(['coupon.create', 'coupon.update', 'coupon.pause', 'coupon.resume']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ value: 100 });
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ value: 250 });
  });

  it('lists by status and text, and lets support and finance read but not write', async () => {
    const k = await coupon({ nameEn: 'Findable Winter Deal', distribution: 'code', code: 'WINTER-77' });
    const ended = await coupon({ startsAt: Date.now() - 3 * DAY, endsAt: Date.now() - DAY });
    const soon = await coupon({ startsAt: Date.now() + DAY });
    expect((await admin('list', { q: 'winter deal' })).body.data).toMatchObject({ total: 1, items: [{ id: k.id }] });
    expect((await admin('list', { q: 'winter-77' })).body.data.items.map((i: { id: number }) => i.id)).toEqual([k.id]);
    expect((await admin('list', { status: 'ended', pageSize: 100 })).body.data.items.map((i: { id: number }) => i.id)).toContain(ended.id);
    const scheduled = (await admin('list', { status: 'scheduled', pageSize: 100 })).body.data.items.map((i: { id: number }) => i.id);
    expect(scheduled).toContain(soon.id);
    expect(scheduled).not.toContain(k.id);
    expect((await admin('list', { status: 'active', pageSize: 100 })).body.data.items.map((i: { id: number }) => i.id)).not.toContain(ended.id);
    expect((await admin('list', { status: 'gone' })).body.code).toBe(serverErrors.paramInvalid.code);
    for (const role of ['support', 'finance'] as const) {
      const token = (await t.staffSignIn(role)).token;
      expect((await admin('list', {}, token)).body.code).toBe(0);
      expect((await admin('uses', { id: k.id }, token)).body.code).toBe(0);
      expect((await admin('pause', { id: k.id, paused: true }, token)).body.code).toBe(serverErrors.permissionDenied.code);
      expect((await admin('create', { nameEn: 'x', nameZh: 'x', kind: 'fixed', value: 1, currency: 'USD', startsAt: 0, distribution: 'claim' }, token)).body.code).toBe(serverErrors.permissionDenied.code);
    }
    const operator = (await t.staffSignIn('operator')).token;
    expect((await admin('pause', { id: k.id, paused: true }, operator)).body.code).toBe(0);
    expect((await t.call('adminCoupon', 'list', {}, {})).body.code).toBe(serverErrors.unauthenticated.code);
  });
});
