import { Role, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('catalogue (product.do)', () => {
  it('lists every product kind of the demo catalogue, in both languages', async () => {
    const en = await t.call('product', 'list', { i18n: 'en' });
    // ECodes are sold to resellers only: not in a regular customer's list.
    expect(new Set(en.body.data.items.map((p) => p.kind))).toEqual(new Set(['sim', 'esim', 'recharge', 'service']));
    expect(en.body.data.items[0]).toMatchObject({ name: 'Asia eSIM', currency: 'USD', price: 990, wholesalePrice: null, soldOut: false });
    // The platform's own SIM card (the demo merchant Nomad Wireless sells one too).
    const zh = await t.call('product', 'list', { i18n: 'zh-Hans', kind: 'sim', merchantId: 1 });
    expect(zh.body.data.items).toHaveLength(1);
    expect(zh.body.data.items[0]!.name).toBe('中国联通预付费电话卡');
  });

  it('pages the list', async () => {
    const page = await t.call('product', 'list', { page: 2, size: 2, merchantId: 1 });
    // The platform's seven products less its ECodes, which only resellers see.
    expect(page.body.data).toMatchObject({ page: 2, size: 2, total: 6 });
    expect(page.body.data.items).toHaveLength(2);
    expect((await t.call('product', 'list', { size: 101 })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'size' });
  });

  it('shows a product with SKUs, inputs and agreement; wholesale prices to resellers only', async () => {
    const sim = await t.sku('SIM-CU-30');
    const regular = await t.call('product', 'detail', { id: sim.productId, i18n: 'en' });
    expect(regular.body.data).toMatchObject({ kind: 'sim', freight: 1200, requiredInputs: ['paperCard'], wholesalePrice: null, wholesaleMinQty: null });
    expect(regular.body.data.skus.every((s) => s.wholesalePrice === null)).toBe(true);
    expect(regular.body.data.specs[0]).toMatchObject({ name: 'Plan', values: ['30 GB + 100 min', '100 GB + 300 min'] });
    expect(regular.body.data.agreement).toContain('7 days');
    const reseller = await t.signIn(Role.reseller);
    const wholesale = await t.call('product', 'detail', { id: sim.productId }, { token: reseller.token });
    expect(wholesale.body.data).toMatchObject({ wholesalePrice: 4500, wholesaleMinQty: 20 });
    // A reseller account signed in as a regular customer sees regular prices.
    const asRegular = await t.signIn(Role.reseller, 'regular');
    expect((await t.call('product', 'detail', { id: sim.productId }, { token: asRegular.token })).body.data.wholesalePrice).toBeNull();
  });

  it('marks sold-out products', async () => {
    const eu = await t.sku('ESIM-EU-15');
    expect((await t.call('product', 'detail', { id: eu.productId })).body.data.soldOut).toBe(true);
  });

  it('answers an unknown product with "product does not exist"', async () => {
    expect((await t.call('product', 'detail', { id: 99999 })).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'id' });
    expect((await t.call('product', 'detail', { id: 'one' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'id' });
  });

  // Writing goes through product.review only (once per order item): reviews.test.ts.
  it('lists comments with replies', async () => {
    const asia = await t.sku('ESIM-ASIA-5-7');
    const comments = await t.call('product', 'comments', { id: asia.productId });
    expect(comments.body.data.total).toBe(2);
    expect(comments.body.data.items.find((c) => c.reply)?.reply).toContain('Thank you');
  });
});

describe('cart (item.do)', () => {
  it('adds with proId and quantity and returns the new cart count in total', async () => {
    const { token } = await t.signIn();
    const asia = await t.sku('ESIM-ASIA-5-7');
    const first = await t.call('item', 'save', { proId: asia.productId, quantity: 2, with: 'total' }, { token });
    expect(first.body).toMatchObject({ code: 0, data: { quantity: 2 }, total: { cart: 1 } });
    const again = await t.call('item', 'save', { proId: asia.productId, quantity: 1, with: 'total' }, { token });
    expect(again.body).toMatchObject({ data: { quantity: 3 }, total: { cart: 1 } });
    const other = await t.sku('ESIM-ASIA-10-30');
    expect((await t.call('item', 'save', { proId: other.productId, skuId: other.id, quantity: 1 }, { token })).body.total).toEqual({ cart: 2 });
    const list = await t.call('item', 'list', { i18n: 'zh-Hans' }, { token });
    expect(list.body.total).toEqual({ cart: 2 });
    expect(list.body.data.items.map((i) => i.options.join(' '))).toEqual(['10GB 30天', '5GB 7天']);
  });

  it('refuses sold-out products, unknown products, a SKU of another product, and too many', async () => {
    const { token } = await t.signIn();
    const eu = await t.sku('ESIM-EU-15');
    const sim = await t.sku('SIM-CU-30');
    const asia = await t.sku('ESIM-ASIA-5-7');
    expect((await t.call('item', 'save', { proId: eu.productId, quantity: 1 }, { token })).body.code).toBe(serverErrors.soldOut.code);
    expect((await t.call('item', 'save', { proId: 99999, quantity: 1 }, { token })).body.code).toBe(serverErrors.productNotFound.code);
    expect((await t.call('item', 'save', { proId: sim.productId, skuId: asia.id, quantity: 1 }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'skuId' });
    expect((await t.call('item', 'save', { proId: sim.productId, quantity: 11 }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'quantity' });
    expect((await t.call('item', 'save', { proId: sim.productId, quantity: 0 }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'quantity' });
    expect((await t.call('item', 'save', { quantity: 1 }, { token })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'proId' });
    expect((await t.call('item', 'list', {}, { token })).body.data.items).toHaveLength(0);
  });

  it('changes quantity, selects and removes, only on the caller\'s own lines', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    const sim = await t.sku('SIM-CU-30');
    const line = (await t.call('item', 'save', { proId: sim.productId, quantity: 1 }, { token: a.token })).body.data;
    expect((await t.call('item', 'update', { id: line.id, quantity: 4 }, { token: a.token })).body.data.items[0]!.quantity).toBe(4);
    expect((await t.call('item', 'update', { id: line.id, quantity: 11 }, { token: a.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'quantity' });
    expect((await t.call('item', 'select', { ids: [line.id], selected: false }, { token: a.token })).body.data.items[0]!.selected).toBe(false);
    for (const [action, body] of [
      ['update', { id: line.id, quantity: 2 }],
      ['select', { ids: [line.id], selected: true }],
      ['remove', { ids: [line.id] }],
    ] as const) {
      expect((await t.call('item', action, body, { token: b.token })).body, action).toMatchObject({ code: serverErrors.notFound.code });
    }
    expect((await t.call('item', 'list', {}, { token: a.token })).body.data.items[0]).toMatchObject({ quantity: 4, selected: false });
    expect((await t.call('item', 'remove', { ids: [] }, { token: a.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'ids' });
    const removed = await t.call('item', 'remove', { ids: [line.id] }, { token: a.token });
    expect(removed.body).toMatchObject({ data: { items: [] }, total: { cart: 0 } });
  });

  it('prices wholesale for a reseller from the minimum quantity on', async () => {
    const reseller = await t.signIn(Role.reseller);
    const asia = await t.sku('ESIM-ASIA-5-7');
    await t.call('item', 'save', { proId: asia.productId, quantity: 9 }, { token: reseller.token });
    expect((await t.call('item', 'list', {}, { token: reseller.token })).body.data.items[0]!.unitPrice).toBe(990);
    await t.call('item', 'save', { proId: asia.productId, quantity: 1 }, { token: reseller.token });
    expect((await t.call('item', 'list', {}, { token: reseller.token })).body.data.items[0]!.unitPrice).toBe(790);
  });

  it('needs sign-in', async () => {
    expect((await t.call('item', 'list', {})).http).toBe(401);
  });

  it('includes the cart count in the login response', async () => {
    const code = await t.sendCode('cartcount@example.com', 'register');
    const reg = await t.call('login', 'register', { account: 'cartcount@example.com', code, password: 'secret123' });
    const asia = await t.sku('ESIM-ASIA-5-7');
    await t.call('item', 'save', { proId: asia.productId, quantity: 1 }, { token: reg.body.data.token });
    const login = await t.call('login', 'password', { account: 'cartcount@example.com', password: 'secret123' });
    expect(login.body.data.total).toEqual({ cart: 1 });
    // In the envelope too, where the client reads every counter.
    expect(login.body.total).toEqual({ cart: 1 });
  });
});
