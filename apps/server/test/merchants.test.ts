import { MerchantStatus, PLATFORM_MERCHANT_ID, serverErrors, type AdminActionName } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/** Merchants: applying from the shop, the owner's approvals, suspension and commission. */
const t = useTestApp();
let owner: string;
let nomadId: number;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  nomadId = (await t.db.selectFrom('merchants').select('id').where('name_en', '=', 'Nomad Wireless').executeTakeFirstOrThrow()).id;
});

const admin = <A extends AdminActionName<'adminMerchant'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminMerchant', action, body, { token });
const application = (over: Record<string, unknown> = {}) => ({
  nameEn: 'Harbour SIMs',
  nameZh: '港湾通信',
  description: 'SIM cards from the harbour.',
  contactEmail: 'Hello@Harbour.example',
  contactPhone: '+852 2000 0000',
  returnAddress: '1 Pier Road, Hong Kong',
  ...over,
});
const version = async (id: number) => (await t.db.selectFrom('merchants').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version;

describe('the platform and the demo merchant', () => {
  it('are active merchants; the shop lists them and shows who sells each product', async () => {
    const list = (await t.call('merchant', 'list', { i18n: 'zh-Hans' })).body.data!;
    expect(list.items.map((m) => m.name)).toEqual(['SimShop 自营', '游牧通信']);
    const products = (await t.call('product', 'list', { page: 1, size: 100, i18n: 'en' })).body.data!;
    const nomad = products.items.filter((p) => p.merchant.id === nomadId);
    expect(nomad.map((p) => p.name).sort()).toEqual(['Nomad Japan eSIM', 'Nomad Travel SIM card']);
    expect(nomad[0]!.merchant).toMatchObject({ id: nomadId, name: 'Nomad Wireless' });
    expect(products.items.filter((p) => p.merchant.id === PLATFORM_MERCHANT_ID).length).toBe(products.items.length - 2);

    const filtered = (await t.call('product', 'list', { page: 1, size: 100, merchantId: nomadId })).body.data!;
    expect(filtered.total).toBe(2);
    const page = (await t.call('merchant', 'detail', { id: nomadId, i18n: 'en' })).body.data!;
    expect(page).toMatchObject({ name: 'Nomad Wireless', logo: 'demo:esim-asia.webp' });
    expect(page.products.map((p) => p.name).sort()).toEqual(['Nomad Japan eSIM', 'Nomad Travel SIM card']);
    expect(page.labels.map((l) => l.text).sort()).toEqual(['Instant delivery', 'Shipped in 24 h']);
    expect(page.stores.map((s) => s.name)).toEqual(['Nomad Wireless Futian']);
    expect((await t.call('merchant', 'detail', { id: 999_999 })).body).toMatchObject({ code: serverErrors.merchantNotFound.code, field: 'id' });
  });
});

describe('applying to open a shop', () => {
  it('creates one application per customer, which the owner approves with an audit row', async () => {
    const { token, userId } = await t.signIn();
    expect((await t.call('merchant', 'my_application', {}, { token })).body.data).toEqual({ application: null });
    expect((await t.call('merchant', 'apply', application(), {})).http).toBe(401);
    const applied = (await t.call('merchant', 'apply', application(), { token })).body;
    expect(applied.code, JSON.stringify(applied)).toBe(0);
    expect(applied.data).toMatchObject({ name: { en: 'Harbour SIMs', zh: '港湾通信' }, status: MerchantStatus.applied });
    const id = applied.data!.id;
    expect((await t.call('merchant', 'apply', application({ nameEn: 'Again' }), { token })).body.code).toBe(serverErrors.merchantApplicationOpen.code);
    expect((await t.call('merchant', 'my_application', {}, { token })).body.data!.application).toMatchObject({ id, status: 'applied' });
    // Not in the shop until approved.
    expect((await t.call('merchant', 'detail', { id })).body.code).toBe(serverErrors.merchantNotFound.code);

    const listed = (await admin('list', { status: 'applied' })).body.data!;
    expect(listed.items.map((m) => m.id)).toContain(id);
    const row = listed.items.find((m) => m.id === id)!;
    expect(row).toMatchObject({ contactEmail: 'hello@harbour.example', applicant: { userId }, productCount: 0, staffCount: 0 });

    expect((await admin('approve', { id, version: 99 })).body).toMatchObject({ code: serverErrors.changedBySomeoneElse.code, field: 'version' });
    const approved = (await admin('approve', { id, version: row.version })).body.data!;
    expect(approved.status).toBe('active');
    expect((await admin('approve', { id, version: approved.version })).body).toMatchObject({ code: serverErrors.merchantStatusConflict.code });
    expect((await admin('reactivate', { id, version: approved.version })).body.code).toBe(serverErrors.merchantStatusConflict.code);
    expect((await t.call('merchant', 'my_application', {}, { token })).body.data!.application!.status).toBe('active');
    expect((await t.call('merchant', 'detail', { id, i18n: 'zh-Hans' })).body.data).toMatchObject({ name: '港湾通信', products: [], stores: [] });
    const audit = await t.auditOf('merchant', id);
    expect(audit.map((a) => a.action)).toEqual(['merchant.approve']);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 'active' });
  });

  it('refuses a bad application with its field and writes nothing', async () => {
    const { token } = await t.signIn();
    const before = await t.db.selectFrom('merchants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    for (const [over, field] of [
      [{ nameEn: '' }, 'nameEn'],
      [{ contactEmail: 'not-an-email' }, 'contactEmail'],
      [{ contactPhone: 'call me' }, 'contactPhone'],
      [{ returnAddress: 'x'.repeat(301) }, 'returnAddress'],
    ] as const) {
      expect((await t.call('merchant', 'apply', application(over), { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field });
    }
    const after = await t.db.selectFrom('merchants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

describe('suspending a merchant', () => {
  it('hides its products from the shop, its page, the cart; reactivating brings them back', async () => {
    const sku = await t.sku('NOMAD-SIM-20G');
    const { token } = await t.signIn();
    expect((await t.call('product', 'detail', { id: sku.productId })).body.code).toBe(0);

    const suspended = (await admin('suspend', { id: nomadId, version: await version(nomadId) })).body;
    expect(suspended.code, JSON.stringify(suspended)).toBe(0);
    expect(suspended.data!.status).toBe('suspended');
    const list = (await t.call('product', 'list', { page: 1, size: 100 })).body.data!;
    expect(list.items.some((p) => p.merchant.id === nomadId)).toBe(false);
    expect((await t.call('product', 'list', { page: 1, size: 100, merchantId: nomadId })).body.data!.total).toBe(0);
    expect((await t.call('product', 'detail', { id: sku.productId })).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'id' });
    expect((await t.call('merchant', 'detail', { id: nomadId })).body.code).toBe(serverErrors.merchantNotFound.code);
    expect((await t.call('merchant', 'list', {})).body.data!.items.some((m) => m.id === nomadId)).toBe(false);
    expect((await t.call('item', 'save', { proId: sku.productId, skuId: sku.id, quantity: 1 }, { token })).body.code).toBe(serverErrors.productNotFound.code);
    // Ordering it directly (a stale page or a script) is refused too, and nothing is written.
    const ordered = (await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, { token })).body;
    expect(ordered).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.0.skuId' });
    expect((await t.sku('NOMAD-SIM-20G')).stock).toBe(sku.stock);

    const back = (await admin('reactivate', { id: nomadId, version: suspended.data!.version })).body.data!;
    expect(back.status).toBe('active');
    expect((await t.call('product', 'detail', { id: sku.productId })).body.code).toBe(0);
    expect((await t.call('item', 'save', { proId: sku.productId, skuId: sku.id, quantity: 1 }, { token })).body.code).toBe(0);
    expect((await t.auditOf('merchant', nomadId)).map((a) => a.action)).toEqual(['merchant.suspend', 'merchant.reactivate']);
  });

  it('never suspends the platform itself', async () => {
    expect((await admin('suspend', { id: PLATFORM_MERCHANT_ID, version: await version(PLATFORM_MERCHANT_ID) })).body).toMatchObject({ code: serverErrors.merchantPlatformFixed.code });
    expect((await admin('set_commission', { id: PLATFORM_MERCHANT_ID, version: await version(PLATFORM_MERCHANT_ID), commissionBps: 100 })).body.code).toBe(serverErrors.merchantPlatformFixed.code);
  });
});

describe('the console', () => {
  it('creates a merchant, edits its profile and sets a commission within 0–100 %, each audited', async () => {
    const profile = { name: { en: 'Metro Mobile', zh: '都市移动' }, logo: null, description: { en: 'City SIMs', zh: '城市 SIM' }, contactEmail: 'ops@metro.example', contactPhone: '', returnAddress: '9 Metro Lane' };
    const created = (await admin('create', { ...profile, commissionBps: 500 })).body;
    expect(created.code, JSON.stringify(created)).toBe(0);
    const m = created.data!;
    expect(m).toMatchObject({ status: 'active', commissionBps: 500, applicant: null, version: 1 });

    for (const bps of [-1, 10_001]) {
      expect((await admin('set_commission', { id: m.id, version: 1, commissionBps: bps })).body).toMatchObject({ code: serverErrors.merchantCommissionInvalid.code, field: 'commissionBps' });
      expect((await admin('create', { ...profile, commissionBps: bps })).body).toMatchObject({ code: serverErrors.merchantCommissionInvalid.code, field: 'commissionBps' });
    }
    expect((await admin('set_commission', { id: m.id, version: 1, commissionBps: 12.5 })).body.code).toBe(serverErrors.paramInvalid.code);
    const set = (await admin('set_commission', { id: m.id, version: 1, commissionBps: 10_000 })).body.data!;
    expect(set).toMatchObject({ commissionBps: 10_000, version: 2 });
    const edited = (await admin('update', { id: m.id, version: 2, ...profile, returnAddress: '10 Metro Lane' })).body.data!;
    expect(edited).toMatchObject({ returnAddress: '10 Metro Lane', version: 3 });
    expect((await admin('update', { id: 999_999, version: 1, ...profile })).body.code).toBe(serverErrors.merchantNotFound.code);

    const audit = await t.auditOf('merchant', m.id);
    expect(audit.map((a) => a.action)).toEqual(['merchant.create', 'merchant.set_commission', 'merchant.update']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ commissionBps: 500 });
    expect(JSON.parse(audit[2]!.after_json!)).toEqual({ returnAddress: '10 Metro Lane' });
  });

  it('lets only platform staff with merchants.manage run merchants', async () => {
    const operator = (await t.staffSignIn('operator')).token;
    expect((await admin('list', {}, operator)).body.code).toBe(serverErrors.permissionDenied.code);
    const merchantStaff = (await t.staffSignIn('merchant' as 'owner')).token;
    expect((await admin('list', {}, merchantStaff)).body.code).toBe(serverErrors.permissionDenied.code);
  });

  it('makes staff for a merchant (never as owner); the product list filters by merchant', async () => {
    const made = (await t.call('adminStaff', 'create', { email: 'harbour-ops@simshop.local', name: 'Harbour ops', role: 'operator', merchantId: nomadId }, { token: owner })).body;
    expect(made.code, JSON.stringify(made)).toBe(0);
    expect(made.data!.staff.merchantId).toBe(nomadId);
    expect((await t.call('adminStaff', 'create', { email: 'x1@simshop.local', name: 'X', role: 'owner', merchantId: nomadId }, { token: owner })).body).toMatchObject({ code: serverErrors.merchantStaffOwner.code, field: 'role' });
    expect((await t.call('adminStaff', 'create', { email: 'x2@simshop.local', name: 'X', role: 'support', merchantId: 999_999 }, { token: owner })).body).toMatchObject({ code: serverErrors.merchantNotFound.code, field: 'merchantId' });

    const products = (await t.call('adminProduct', 'list', { merchantId: nomadId }, { token: owner })).body.data!;
    expect(products.items.map((p) => p.key).sort()).toEqual(['nomad-japan-esim', 'nomad-travel-sim']);
    expect(products.items[0]!.merchant).toEqual({ id: nomadId, name: { en: 'Nomad Wireless', zh: '游牧通信' } });
    const choices = (await t.call('adminMerchant', 'choices', {}, { token: owner })).body.data!;
    expect(choices.items.find((m) => m.id === nomadId)).toEqual({ id: nomadId, name: { en: 'Nomad Wireless', zh: '游牧通信' }, status: 'active' });
  });

  it("names each order's merchant in the order list, and platform staff filter by it (a merchant's staff keep their own)", async () => {
    const { token } = await t.signIn();
    const nomad = await t.buy(token, 'NOMAD-JP-3G', 1);
    const platform = await t.buy(token, 'ESIM-ASIA-5-7', 1);
    const all = (await t.call('adminOrder', 'list', { customer: '' }, { token: owner })).body.data!;
    expect(all.items.find((o) => o.orderNo === nomad)!.merchant).toEqual({ id: nomadId, name: { en: 'Nomad Wireless', zh: '游牧通信' } });
    expect(all.items.find((o) => o.orderNo === platform)!.merchant.id).toBe(PLATFORM_MERCHANT_ID);
    const nomadOnly = (await t.call('adminOrder', 'list', { merchantId: nomadId }, { token: owner })).body.data!;
    expect(nomadOnly.items.map((o) => o.merchant.id)).toEqual(nomadOnly.items.map(() => nomadId));
    expect(nomadOnly.items.map((o) => o.orderNo)).toContain(nomad);
    // A merchant's staff asking for another merchant's orders still get only their own.
    const merchantStaff = (await t.staffSignIn('merchant' as 'owner')).token;
    const theirs = (await t.call('adminOrder', 'list', { merchantId: PLATFORM_MERCHANT_ID }, { token: merchantStaff })).body.data!;
    expect(theirs.items.map((o) => o.orderNo)).toContain(nomad);
    expect(theirs.items.map((o) => o.orderNo)).not.toContain(platform);
  });
});
