import { ADMIN_MERCHANT_SCOPES, adminApi, roleCan, serverErrors, type MerchantResource, type MerchantScope, type Permission, type StaffRole } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_OF } from '../src/modules/merchants/merchant.service.ts';
import { aProduct, aSku } from './fixtures.ts';
import { useTestApp } from './harness.ts';

/**
 * The isolation of every admin action between two merchants, generated from the
 * contract's scope table (a new admin action is covered as soon as it is in the table, and it
 * cannot be left out of it). Merchant A is the demo's Nomad Wireless with its staff member
 * merchant@simshop.local; merchant B is made here with a staff member of its own. B's staff try
 * each action on A's objects; platform staff are never refused by the merchant check.
 */
const t = useTestApp();
let owner: string;
let staffA: string;
let staffB: string;
let staffBFinance: string;
let merchantA: number;
let merchantB: number;
/** A's object of each kind, and a key no object has. */
const objects = {} as Record<MerchantResource, { a: number | string; missing: number | string }>;
/** Text only A's objects carry: none of it may reach B's staff through a list. */
const markers: string[] = [];

// A member the owner added has replaced the one-time password (security-staff.test.ts checks that step).
const signInAs = async (email: string) => {
  await t.db.updateTable('staff').set({ must_change_password: 0 }).where('email', '=', email).execute();
  return (await t.staffSignIn(email.replace('@simshop.local', '') as StaffRole)).token;
};
const call = (endpoint: string, action: string, body: Record<string, unknown>, token: string) => t.call(endpoint as 'adminProduct', action as 'list', body, { token });

beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  staffA = await signInAs('merchant@simshop.local');
  merchantA = (await t.db.selectFrom('merchants').select('id').where('name_en', '=', 'Nomad Wireless').executeTakeFirstOrThrow()).id;
  const b = (await t.call('adminMerchant', 'create', { name: { en: 'Bay Telecom', zh: '海湾电信' }, logo: null, description: { en: '', zh: '' }, contactEmail: '', contactPhone: '', returnAddress: '', commissionBps: 700 }, { token: owner })).body;
  merchantB = b.data!.id;
  expect((await t.call('adminStaff', 'create', { email: 'bay@simshop.local', name: 'Bay operator', role: 'operator', merchantId: merchantB }, { token: owner })).body.code).toBe(0);
  staffB = await signInAs('bay@simshop.local');
  expect((await t.call('adminStaff', 'create', { email: 'bay-money@simshop.local', name: 'Bay finance', role: 'finance', merchantId: merchantB }, { token: owner })).body.code).toBe(0);
  staffBFinance = await signInAs('bay-money@simshop.local');

  const product = await t.sku('NOMAD-SIM-20G');
  // An order of A's: bought like any order, then owned by A (checkout's split is tested elsewhere).
  const { token: customer } = await t.signIn();
  const orderNo = await t.buy(customer, 'NOMAD-JP-3G', 1);
  await t.db.updateTable('orders').set({ merchant_id: merchantA }).where('order_no', '=', orderNo).execute();
  const store = await t.db.selectFrom('stores').select('id').where('merchant_id', '=', merchantA).executeTakeFirstOrThrow();
  const coupon = (await t.call('adminCoupon', 'create', { nameEn: 'Nomad only 5 off', nameZh: '游牧专享', kind: 'fixed', value: 500, currency: 'USD', startsAt: Date.now() - 1000, distribution: 'claim', productIds: [product.productId] }, { token: staffA })).body;
  expect(coupon.code, JSON.stringify(coupon)).toBe(0);
  const comment = await t.db
    .insertInto('product_comments')
    .values({ product_id: product.productId, user_id: null, nickname: 'Nomad fan', avatar: null, content: 'Nomad review marker', images: '', reply: null, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();

  objects.product = { a: product.productId, missing: 2_000_000_000 };
  objects.sku = { a: product.id, missing: 2_000_000_000 };
  objects.order = { a: orderNo, missing: 'ZZZZ0000000000000000ZZ' };
  objects.store = { a: store.id, missing: 2_000_000_000 };
  objects.coupon = { a: coupon.data!.id, missing: 2_000_000_000 };
  objects.comment = { a: comment.id, missing: 2_000_000_000 };
  markers.push('nomad-travel-sim', 'nomad-japan-esim', 'NOMAD-JP-3G', orderNo, 'Nomad Wireless Futian', 'Nomad only 5 off', 'Nomad review marker');
});

// Signing in needs no session; signing out would end the session the other cases use.
const cases = Object.entries(ADMIN_MERCHANT_SCOPES).flatMap(([endpoint, scopes]) =>
  Object.entries(scopes as Record<string, MerchantScope>)
    .filter(([action]) => !(endpoint === 'adminAuth' && (action === 'login' || action === 'logout')))
    .map(([action, scope]) => ({ name: `${endpoint}.${action}`, endpoint, action, scope, permission: (adminApi as unknown as Record<string, { actions: Record<string, { permission: Permission | null }> }>)[endpoint]!.actions[action]!.permission })),
);
/** B's staff member whose role has the permission (the role check comes first and would hide the merchant check). */
const bFor = (permission: Permission | null) => (permission === null || roleCan('operator', permission) ? staffB : staffBFinance);
const aCan = (permission: Permission | null) => permission === null || roleCan('operator', permission);
/** Lists whose request has required filters: the last thirty days. */
const listBody = (name: string): Record<string, unknown> => (name.startsWith('adminSettlement.') ? { from: Date.now() - 30 * 86_400_000, to: Date.now() + 60_000 } : {});
const kind = (s: MerchantScope) => (typeof s === 'string' ? s : 'object');

/** Everything a response says, CSV and file exports included. */
const textOf = (data: unknown) => {
  const json = JSON.stringify(data);
  const base64 = (data as { base64?: string } | null)?.base64;
  return base64 ? json + Buffer.from(base64, 'base64').toString('utf8') : json;
};

describe('every admin action between two merchants', () => {
  it.each(cases.filter((c) => kind(c.scope) === 'platform'))('$name: platform-only, refused to merchant staff', async ({ endpoint, action, permission }) => {
    expect((await call(endpoint, action, {}, bFor(permission))).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await call(endpoint, action, {}, staffA)).body.code).toBe(serverErrors.permissionDenied.code);
    expect((await call(endpoint, action, {}, owner)).body.code).not.toBe(serverErrors.permissionDenied.code);
  });

  it.each(cases.filter((c) => kind(c.scope) === 'object'))("$name: another merchant's object is not found, exactly like a missing one", async ({ endpoint, action, scope, permission }) => {
    const { object, field } = scope as { object: MerchantResource; field: string };
    const notFound = { code: NOT_FOUND_OF[object].code, field };
    expect((await call(endpoint, action, { [field]: objects[object].a }, bFor(permission))).body).toMatchObject(notFound);
    expect((await call(endpoint, action, { [field]: objects[object].missing }, bFor(permission))).body).toMatchObject(notFound);
    // The owning merchant's staff and platform staff pass the merchant check (the request may still be incomplete).
    for (const token of aCan(permission) ? [staffA, owner] : [owner]) {
      const res = (await call(endpoint, action, { [field]: objects[object].a }, token)).body;
      expect(res.code === notFound.code && res.field === field, `${endpoint}.${action}: ${JSON.stringify(res)}`).toBe(false);
      expect(res.code).not.toBe(serverErrors.permissionDenied.code);
    }
  });

  it.each(cases.filter((c) => kind(c.scope) === 'list'))("$name: a list shows none of another merchant's objects", async ({ name, endpoint, action, permission }) => {
    const res = (await call(endpoint, action, listBody(name), bFor(permission))).body;
    // An export of nothing says so: what B sees of its own is then empty, which is the point.
    expect([0, serverErrors.noDataToExport.code], JSON.stringify(res)).toContain(res.code);
    const text = textOf(res.data);
    for (const marker of markers) expect(text, `${endpoint}.${action} shows ${marker}`).not.toContain(marker);
    expect((await call(endpoint, action, listBody(name), owner)).body.code).toBe(0);
  });

  /** Bulk actions: a body naming one object, and what the answer says of that object (an export: whether it has a row). */
  const eachBody: Record<string, (key: string | number) => Record<string, unknown>> = {
    'adminOrderBulk.ship_preview': (orderNo) => ({ orderNos: [orderNo], text: 'SF4000000001', carrier: 'sf' }),
    'adminOrderBulk.ship': (orderNo) => ({ items: [{ orderNo, carrier: 'sf', trackingNo: 'SF4000000001' }] }),
    'adminOrderBulk.packing_slips': (orderNo) => ({ orderNos: [orderNo] }),
    'adminOrderBulk.export': (orderNo) => ({ orderNos: [orderNo] }),
    'adminProductBulk.set_on_sale': (id) => ({ ids: [id], onSale: true }),
    'adminProductBulk.change_price': (id) => ({ ids: [id], percent: 1 }),
    // An unknown label: the product's own merchant gets the label's error, not the product's.
    'adminProductBulk.label': (id) => ({ ids: [id], labelId: 2_000_000_000, add: true }),
  };
  const outcomeOf = (data: { results?: Array<{ error: { code: number } | null }>; lines?: Array<{ error: { code: number } | null }>; rows?: number }) =>
    data.rows !== undefined ? (data.rows === 0 ? 'no rows' : 'rows') : ((data.results ?? data.lines)?.[0]?.error?.code ?? 'done');

  it.each(cases.filter((c) => kind(c.scope) === 'each'))("$name: another merchant's object fails alone, exactly like a missing one", async ({ name, endpoint, action, permission }) => {
    const resource: MerchantResource = endpoint === 'adminOrderBulk' ? 'order' : 'product';
    const body = eachBody[name]!;
    const outcome = async (key: string | number, token: string) => {
      const res = (await call(endpoint, action, body(key), token)).body;
      expect(res.code, JSON.stringify(res)).toBe(0);
      return outcomeOf(res.data as never);
    };
    const refused = name === 'adminOrderBulk.export' ? 'no rows' : NOT_FOUND_OF[resource].code;
    expect(await outcome(objects[resource].a, bFor(permission))).toBe(refused);
    // A well-formed order number no order has (bulk requests check the form of each).
    expect(await outcome(resource === 'order' ? 'SS00000000000000ZZZZZZ' : objects[resource].missing, bFor(permission))).toBe(refused);
    // The owning merchant's staff reach it (a price change would move A's prices: its own test covers it).
    if (name !== 'adminProductBulk.change_price') expect(await outcome(objects[resource].a, aCan(permission) ? staffA : owner)).not.toBe(refused);
  });

  it.each(cases.filter((c) => kind(c.scope) === 'shared'))('$name: shared, answered to merchant staff', async ({ endpoint, action }) => {
    expect((await call(endpoint, action, {}, staffB)).body.code).not.toBe(serverErrors.permissionDenied.code);
  });

  it('lists show the own merchant their objects (the filters above are not empty by accident)', async () => {
    const text = async (endpoint: string, action: string) => textOf((await call(endpoint, action, {}, staffA)).body.data);
    expect(await text('adminProduct', 'list')).toContain('nomad-travel-sim');
    expect(await text('adminOrder', 'list')).toContain(objects.order.a);
    expect(await text('adminStore', 'list')).toContain('Nomad Wireless Futian');
    expect(await text('adminCoupon', 'list')).toContain('Nomad only 5 off');
    expect(await text('adminMessage', 'comments')).toContain('Nomad review marker');
    expect(await text('adminInventory', 'pools')).toContain('NOMAD-JP-3G');
    const products = (await call('adminProduct', 'list', {}, staffA)).body.data as { items: Array<{ merchant: { id: number } }> };
    expect(products.items.every((p) => p.merchant.id === merchantA)).toBe(true);
  });

  it.each(cases.filter((c) => kind(c.scope) === 'create'))("$name: what merchant staff create is their merchant's", async ({ endpoint }) => {
    const week = Array.from({ length: 7 }, () => [{ open: '09:00', close: '18:00' }]);
    const bodies: Record<string, Record<string, unknown>> = {
      adminProduct: {
        ...aProduct({ key: 'bay-sim', name: { en: 'Bay SIM', zh: '海湾卡' }, sort: 0, skus: [aSku({ code: 'BAY-SIM-1', price: 100, stock: 5 })] }),
        // Asking for another merchant is ignored for merchant staff: their own always applies.
        merchantId: merchantA,
      },
      adminStore: { name: { en: 'Bay store', zh: '海湾店' }, address: { en: '1 Bay Rd', zh: '海湾路1号' }, city: { en: 'Xiamen', zh: '厦门' }, phone: '+86 592 000 0000', timeZone: 'Asia/Shanghai', hours: week, lat: 24.48, lng: 118.09, services: ['sim_sales'] },
      adminCoupon: { nameEn: 'Bay deal', nameZh: '海湾券', kind: 'fixed', value: 100, currency: 'USD', startsAt: Date.now() - 1000, distribution: 'claim' },
    };
    const tables = { adminProduct: 'products', adminStore: 'stores', adminCoupon: 'coupons' } as const;
    const res = (await call(endpoint, 'create', bodies[endpoint]!, staffB)).body;
    expect(res.code, JSON.stringify(res)).toBe(0);
    const id = (res.data as unknown as { id: number }).id;
    const row = await t.db.selectFrom(tables[endpoint as keyof typeof tables]).select('merchant_id').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.merchant_id).toBe(merchantB);
    // ...and now out of A's reach.
    const read = { adminProduct: ['get', objects.product], adminStore: ['detail', objects.store], adminCoupon: ['detail', objects.coupon] } as const;
    const [action] = read[endpoint as keyof typeof read];
    expect((await call(endpoint, action, { id }, staffA)).body.code).toBe(NOT_FOUND_OF[endpoint === 'adminProduct' ? 'product' : endpoint === 'adminStore' ? 'store' : 'coupon'].code);
    expect((await call(endpoint, action, { id }, staffB)).body.code).toBe(0);
  });

  it("refuses a merchant's coupon on another merchant's product", async () => {
    const res = (await call('adminCoupon', 'create', { nameEn: 'Sneaky', nameZh: '偷偷', kind: 'fixed', value: 100, currency: 'USD', startsAt: 0, distribution: 'claim', productIds: [objects.product.a] }, staffB)).body;
    expect(res).toMatchObject({ code: serverErrors.productNotFound.code, field: 'productIds.0' });
  });
});
