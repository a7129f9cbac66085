import { serverErrors, type AdminActionName, type StaffRole } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let merchantStaff: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  await t.db.updateTable('staff').set({ must_change_password: 0 }).where('email', '=', 'merchant@simshop.local').execute();
  merchantStaff = (await t.staffSignIn('merchant' as StaffRole)).token;
});

const call = <A extends AdminActionName<'adminProductBulk'>>(action: A, body: Record<string, unknown>, token = owner) => t.call('adminProductBulk', action, body, { token, ip: '192.0.2.46' });
const product = async (id: number) => t.db.selectFrom('products').select(['on_sale', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
const skuOf = async (code: string) => t.db.selectFrom('product_skus').select(['price', 'prices', 'wholesale_price']).where('code', '=', code).executeTakeFirstOrThrow();
const lastSummary = async () => t.db.selectFrom('audit_log').select(['action', 'target_id', 'after_json']).where('target_type', '=', 'bulk').orderBy('id', 'desc').executeTakeFirstOrThrow();
const topupId = async () => (await t.db.selectFrom('products').select('id').where('kind', '=', 'topup').executeTakeFirstOrThrow()).id;

describe('bulk on/off sale (adminProductBulk.set_on_sale)', () => {
  it('switches each product in its own audited transaction; a top-up or missing id fails alone', async () => {
    const sim = (await t.sku('SIM-CU-30')).productId;
    const recharge = (await t.sku('RCH-5')).productId;
    const topup = await topupId();
    const res = await call('set_on_sale', { ids: [sim, topup, recharge, 2_000_000_000], onSale: false });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.data).toMatchObject({ done: 2, failed: 2 });
    expect(res.body.data.results.map((r: { ref: string; ok: boolean; error: { code: number } | null }) => [r.ref, r.ok, r.error?.code ?? null])).toEqual([
      [String(sim), true, null],
      [String(topup), false, serverErrors.productNotFound.code],
      [String(recharge), true, null],
      ['2000000000', false, serverErrors.productNotFound.code],
    ]);
    expect((await product(sim)).on_sale).toBe(0);
    expect((await product(recharge)).on_sale).toBe(0);
    expect((await t.auditOf('product', sim)).at(-1)).toMatchObject({ action: 'product.set_on_sale', actor: 'owner@simshop.local', ip: '192.0.2.46' });
    expect(await lastSummary()).toMatchObject({ action: 'product.bulk_set_on_sale', target_id: '2/4' });
    expect((await call('set_on_sale', { ids: [sim, recharge], onSale: true })).body.data).toMatchObject({ done: 2, failed: 0 });
    expect((await product(sim)).on_sale).toBe(1);
  });
});

describe('bulk price change (adminProductBulk.change_price)', () => {
  it('moves every price of each product by the percentage, rounded to the minor unit, never to zero', async () => {
    const { productId } = await t.sku('RCH-5');
    const codes = (await t.db.selectFrom('product_skus').select(['code', 'price']).where('product_id', '=', productId).orderBy('sort').execute());
    await t.db.updateTable('product_skus').set({ price: 999, prices: JSON.stringify({ USD: { price: 150, wholesalePrice: null } }) }).where('code', '=', codes[0]!.code).execute();
    const wholesale = (await skuOf(codes[0]!.code)).wholesale_price;
    const before = (await product(productId)).version;
    const up = await call('change_price', { ids: [productId], percent: 10 });
    expect(up.body.data, JSON.stringify(up.body)).toMatchObject({ done: 1, failed: 0 });
    // 999 × 1.10 = 1098.9 → 1099; 150 × 1.10 = 165.
    expect(await skuOf(codes[0]!.code)).toEqual({ price: 1099, prices: JSON.stringify({ USD: { price: 165, wholesalePrice: null } }), wholesale_price: wholesale });
    expect((await product(productId)).version).toBe(before + 1);
    const row = (await t.auditOf('product', productId)).at(-1)!;
    expect(row.action).toBe('product.update');
    expect(JSON.parse(row.before_json!)[`sku ${codes[0]!.code}`]).toEqual({ price: 999, prices: { USD: { price: 150, wholesalePrice: null } } });
    expect(JSON.parse(row.after_json!)).toMatchObject({ percent: 10, [`sku ${codes[0]!.code}`]: { price: 1099 } });

    await t.db.updateTable('product_skus').set({ price: 1, prices: '{}' }).where('code', '=', codes[0]!.code).execute();
    expect((await call('change_price', { ids: [productId], percent: -99 })).body.data.done).toBe(1);
    expect((await skuOf(codes[0]!.code)).price).toBe(1);
    expect((await call('change_price', { ids: [productId], percent: -12.345 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'percent' });
    expect((await call('change_price', { ids: [productId], percent: -100 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'percent' });
    expect((await call('change_price', { ids: [productId], percent: 0 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'percent' });
  });

  it("answers a platform product as a missing one to a merchant's staff member, and refuses a role without the permission", async () => {
    const sim = (await t.sku('SIM-CU-30')).productId;
    const own = (await t.sku('NOMAD-SIM-20G')).productId;
    const price = (await skuOf('SIM-CU-30')).price;
    const res = await call('change_price', { ids: [sim, own], percent: 5 }, merchantStaff);
    expect(res.body.data.results.map((r: { ok: boolean; error: { code: number } | null }) => [r.ok, r.error?.code ?? null])).toEqual([
      [false, serverErrors.productNotFound.code],
      [true, null],
    ]);
    expect((await skuOf('SIM-CU-30')).price).toBe(price);
    const support = (await t.staffSignIn('support')).token;
    expect((await call('set_on_sale', { ids: [sim], onSale: false }, support)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await call('label', { ids: [sim], labelId: 1, add: true }, support)).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await product(sim)).on_sale).toBe(1);
  });
});

describe('bulk labels (adminProductBulk.label)', () => {
  it('adds a label to each product and takes it off; an unknown label fails each product', async () => {
    const label = (await t.call('adminLabel', 'create', { text: { en: 'Bulk pick', zh: '批量精选' }, color: '#1f6f43' }, { token: owner })).body.data.id as number;
    const sim = (await t.sku('SIM-CU-30')).productId;
    const recharge = (await t.sku('RCH-5')).productId;
    const labelsOf = async (id: number) => (await t.db.selectFrom('product_labels').select('label_id').where('product_id', '=', id).execute()).map((r) => r.label_id);
    const had = await labelsOf(sim);
    expect((await call('label', { ids: [sim, recharge], labelId: label, add: true })).body.data).toMatchObject({ done: 2, failed: 0 });
    expect(await labelsOf(sim)).toContain(label);
    expect(await labelsOf(recharge)).toContain(label);
    expect(JSON.parse((await t.auditOf('product', sim)).at(-1)!.after_json!)).toEqual({ labelIds: [...had, label] });
    expect(await lastSummary()).toMatchObject({ action: 'product.bulk_add_label', target_id: '2/2' });
    expect((await call('label', { ids: [sim], labelId: label, add: false })).body.data.done).toBe(1);
    expect(await labelsOf(sim)).toEqual(had);
    const unknown = await call('label', { ids: [sim], labelId: 2_000_000_000, add: false });
    expect(unknown.body.data.results[0]).toMatchObject({ ok: false, error: { code: serverErrors.labelNotFound.code, field: 'labelId' } });
    expect(await lastSummary()).toMatchObject({ action: 'product.bulk_remove_label', target_id: '0/1' });
  });
});
