import { serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffSession } from '../src/modules/staff/staff.service.ts';
import { useTestApp } from './harness.ts';
import { cloneSku } from './second-merchant.ts';

/**
 * What one merchant could reach of another's, and what a suspended merchant's staff kept: the
 * console (sessions and sign-in), pickup at another merchant's store, and a pool import that
 * told whether an activation code or an ICCID was in another merchant's pool.
 */
const t = useTestApp();
let owner: string;
/** The demo merchant Nomad Wireless, its staff member (merchant@simshop.local) and a session of theirs. */
let nomad: number;
let nomadStaffId: number;
let nomadToken: string;

const sessionOf = async (staffId: number) => createStaffSession(t.db, staffId, '127.0.0.1', Date.now());
const storeId = async (name: string) => (await t.db.selectFrom('stores').select('id').where('name_en', '=', name).executeTakeFirstOrThrow()).id;
const countOrders = async (userId: number) => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
const newMerchant = async (en: string, zh: string) => {
  const res = await t.call('adminMerchant', 'create', { name: { en, zh }, logo: null, description: { en: '', zh: '' }, contactEmail: '', contactPhone: '', returnAddress: '', commissionBps: 800 }, { token: owner });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return res.body.data!.id;
};

beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  nomad = (await t.db.selectFrom('merchants').select('id').where('name_en', '=', 'Nomad Wireless').executeTakeFirstOrThrow()).id;
  nomadStaffId = (await t.db.selectFrom('staff').select('id').where('email', '=', 'merchant@simshop.local').executeTakeFirstOrThrow()).id;
  nomadToken = await sessionOf(nomadStaffId);
});

describe('a suspended merchant\'s staff', () => {
  let bay: number;
  let bayStaffId: number;
  let bayPassword: string;
  const login = (password = bayPassword) => t.call('adminAuth', 'login', { account: 'bay-ops@simshop.local', password });
  const step = async (action: 'suspend' | 'reactivate', id = bay) => {
    const version = (await t.call('adminMerchant', 'detail', { id }, { token: owner })).body.data!.version;
    const res = await t.call('adminMerchant', action, { id, version }, { token: owner });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data!;
  };

  beforeAll(async () => {
    bay = await newMerchant('Bay Telecom', '海湾电信');
    const created = await t.call('adminStaff', 'create', { email: 'bay-ops@simshop.local', name: 'Bay operator', role: 'operator', merchantId: bay }, { token: owner });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    bayStaffId = created.body.data!.staff.id;
    // A one-time password is changed at once; the new one is this member's.
    const first = await login(created.body.data!.password);
    expect(first.body.code, JSON.stringify(first.body)).toBe(0);
    bayPassword = 'bay-telecom-password-1';
    const changed = await t.call('adminAuth', 'change_password', { oldPassword: created.body.data!.password, newPassword: bayPassword }, { token: first.body.data!.token });
    expect(changed.body.code, JSON.stringify(changed.body)).toBe(0);
  });

  it('lose their sessions when it is suspended, and cannot sign in until it is reactivated', async () => {
    expect((await login()).body.code).toBe(0);
    const tokens = [await sessionOf(bayStaffId), await sessionOf(bayStaffId)];
    for (const token of tokens) expect((await t.call('adminAuth', 'me', {}, { token })).body.data).toMatchObject({ merchantId: bay });
    expect((await t.call('adminOrder', 'list', {}, { token: tokens[0]! })).body.code).toBe(0);

    const suspended = await step('suspend');
    expect(suspended.status).toBe('suspended');
    // The sessions end with the suspension itself, in its transaction.
    const open = await t.db.selectFrom('staff_sessions').select('id').where('staff_id', '=', bayStaffId).where('revoked_at', 'is', null).execute();
    expect(open).toEqual([]);
    for (const token of tokens) {
      expect((await t.call('adminAuth', 'me', {}, { token })).http).toBe(401);
      expect((await t.call('adminOrder', 'list', {}, { token })).http).toBe(401);
      expect((await t.call('adminCoupon', 'create', { nameEn: 'Bay 5 off', nameZh: '海湾减5', kind: 'fixed', value: 500, currency: 'USD', startsAt: Date.now() - 1000, distribution: 'claim' }, { token })).http).toBe(401);
    }
    // Signing in is refused, told only once the password is right.
    const refused = await login();
    expect(refused.body).toMatchObject({ code: serverErrors.merchantSuspended.code });
    expect(refused.body.data).toBeFalsy();
    const wrong = (await login('not-the-password')).body.code;
    expect([0, serverErrors.merchantSuspended.code]).not.toContain(wrong);
    // A session that exists anyway (made around the suspension) opens nothing either.
    expect((await t.call('adminAuth', 'me', {}, { token: await sessionOf(bayStaffId) })).http).toBe(401);

    // Platform staff and other merchants' staff keep their sessions.
    expect((await t.call('adminAuth', 'me', {}, { token: owner })).body.code).toBe(0);
    expect((await t.call('adminAuth', 'me', {}, { token: nomadToken })).body.code).toBe(0);

    expect((await step('reactivate')).status).toBe('active');
    const again = await login();
    expect(again.body.code, JSON.stringify(again.body)).toBe(0);
    expect((await t.call('adminAuth', 'me', {}, { token: again.body.data!.token })).body.data).toMatchObject({ merchantId: bay });
    // What the suspension ended stays ended.
    for (const token of tokens) expect((await t.call('adminAuth', 'me', {}, { token })).http).toBe(401);
    // Audited as before.
    expect((await t.auditOf('merchant', bay)).map((a) => a.action)).toEqual(expect.arrayContaining(['merchant.suspend', 'merchant.reactivate']));
  });
});

describe('store pickup across merchants', () => {
  const nomadSim = async () => [{ skuId: (await t.sku('NOMAD-SIM-20G')).id, quantity: 1, inputs: {} }];
  const platformSim = async () => [{ skuId: (await t.sku('SIM-CU-30')).id, quantity: 1, inputs: { paperCard: 'with_card' } }];
  let nomadStore: number;
  beforeAll(async () => {
    nomadStore = await storeId('Nomad Wireless Futian');
    await t.db.updateTable('stores').set({ services: JSON.stringify(['sim_sales', 'parcel_pickup']) }).where('id', '=', nomadStore).execute();
  });

  it('refuses a pickup store of another merchant, writing nothing', async () => {
    const user = await t.signIn();
    const stockBefore = (await t.sku('NOMAD-SIM-20G')).stock;
    const pudong = await storeId('SimShop Pudong Airport T2');
    for (const body of [
      { items: await nomadSim(), pickupStoreId: pudong },
      { items: await platformSim(), pickupStoreId: nomadStore },
    ]) {
      for (const action of ['preview', 'create'] as const) {
        const res = await t.call('order', action, body, { token: user.token });
        expect(res.body, JSON.stringify([action, body])).toMatchObject({ code: serverErrors.pickupStoreOtherMerchant.code, field: 'pickupStoreId' });
      }
    }
    expect(await countOrders(user.userId)).toBe(0);
    expect((await t.sku('NOMAD-SIM-20G')).stock).toBe(stockBefore);
  });

  it('lists a merchant\'s pickup stores for its order at checkout, the platform\'s by default', async () => {
    const names = async (body: Record<string, unknown>) => (await t.call('store', 'list', { pickup: true, ...body })).body.data!.items.map((s) => s.name);
    expect(await names({ merchantId: nomad })).toEqual(['Nomad Wireless Futian']);
    expect(await names({})).toContain('SimShop Pudong Airport T2');
    expect(await names({})).not.toContain('Nomad Wireless Futian');
  });

  it('collects at the order\'s own merchant\'s store', async () => {
    const user = await t.signIn();
    const created = await t.call('order', 'create', { items: await nomadSim(), pickupStoreId: nomadStore }, { token: user.token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    expect(created.body.data).toMatchObject({ freight: 0, pickupStore: { id: nomadStore } });
  });
});

describe('pool import scoped to the merchant', () => {
  let nomadSku: number;
  let baySku: number;
  const importAs = (token: string, skuId: number, rows: string) => t.call('adminInventory', 'import_pool', { skuId, csv: `activation_code,dp_address,iccid\n${rows}` }, { token });
  const poolSize = async (skuId: number) => Number((await t.db.selectFrom('esims').select((eb) => eb.fn.countAll<number>().as('n')).where('sku_id', '=', skuId).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    nomadSku = (await t.sku('NOMAD-JP-3G')).id;
    const other = await newMerchant('Coral Mobile', '珊瑚移动');
    baySku = (await cloneSku(t, 'NOMAD-JP-3G', other, 'CORAL-JP-3G', null)).id;
    // The other merchant's pool, loaded by the platform.
    const loaded = await importAs(owner, baySku, 'CORAL-SECRET-0001,smdp.example.com,89852000000000000017\n');
    expect(loaded.body).toMatchObject({ code: 0, data: { added: 1, skipped: 0 } });
  });

  it('refuses another merchant\'s activation code exactly as an invalid one, naming nobody', async () => {
    const before = { pool: await poolSize(nomadSku), stock: (await t.sku('NOMAD-JP-3G')).stock };
    const foreign = (await importAs(nomadToken, nomadSku, 'NOMAD-NEW-0001,smdp.example.com,\nCORAL-SECRET-0001,smdp.example.com,\n')).body;
    const invalid = (await importAs(nomadToken, nomadSku, 'NOMAD-NEW-0001,smdp.example.com,\nNOT*A*CODE,smdp.example.com,\n')).body;
    expect(foreign).toMatchObject({ code: serverErrors.importRowInvalid.code, field: 'csv', data: { line: 3, reason: 'activation_code: CORAL-SECRET-0001' } });
    expect({ ...foreign, data: { ...foreign.data, reason: '' } }).toEqual({ ...invalid, data: { ...invalid.data, reason: '' } });
    expect(JSON.stringify(foreign).replace('CORAL-SECRET-0001', '')).not.toMatch(/coral|珊瑚|exist|known|already/i);
    // Nothing written: the good first row went with the refused one.
    expect(await poolSize(nomadSku)).toBe(before.pool);
    expect((await t.sku('NOMAD-JP-3G')).stock).toBe(before.stock);
    expect(await poolSize(baySku)).toBe(1);
  });

  it('refuses another merchant\'s ICCID exactly as an invalid one', async () => {
    const before = await poolSize(nomadSku);
    const foreign = (await importAs(nomadToken, nomadSku, 'NOMAD-NEW-0002,smdp.example.com,89852000000000000017\n')).body;
    const invalid = (await importAs(nomadToken, nomadSku, 'NOMAD-NEW-0002,smdp.example.com,12345\n')).body;
    expect(foreign).toMatchObject({ code: serverErrors.importRowInvalid.code, field: 'csv', data: { line: 2, reason: 'iccid: 89852000000000000017' } });
    expect({ ...foreign, data: { ...foreign.data, reason: '' } }).toEqual({ ...invalid, data: { ...invalid.data, reason: '' } });
    expect(await poolSize(nomadSku)).toBe(before);
  });

  it('still skips the merchant\'s own known codes and takes its own ICCIDs', async () => {
    const rows = 'NOMAD-NEW-0003,smdp.example.com,89852000000000000025\n';
    expect((await importAs(nomadToken, nomadSku, rows)).body).toMatchObject({ code: 0, data: { added: 1, skipped: 0 } });
    expect((await importAs(nomadToken, nomadSku, rows)).body).toMatchObject({ code: 0, data: { added: 0, skipped: 1 } });
    // A demo code of its own pool, and a new code on an ICCID its pool already has.
    expect((await importAs(nomadToken, nomadSku, 'DEMO-NOMAD-JP-3G-0001,smdp.demo.simshop.local,\nNOMAD-NEW-0004,smdp.example.com,89852000000000000025\n')).body).toMatchObject({ code: 0, data: { added: 1, skipped: 1 } });
  });
});
