import { Role, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

/** What is sold to resellers only (ECodes) and wholesale prices never reach anyone else. */
describe('reseller-only products and prices', () => {
  const list = async (token?: string, kind?: 'ecode') => (await t.call('product', 'list', { i18n: 'en', size: 100, ...(kind ? { kind } : {}) }, token ? { token } : {})).body.data;

  it('lists, shows and sells ECodes to resellers only, and sends wholesale prices to resellers only', async () => {
    const ecode = await t.sku('ECODE-QPE');
    const regular = await t.signIn();
    const reseller = await t.signIn(Role.reseller);

    for (const token of [undefined, regular.token]) {
      const all = await list(token);
      expect(all.items.map((p) => p.kind)).not.toContain('ecode');
      // The count and the pages are of what this customer may see.
      expect(all.total).toBe(all.items.length);
      expect(all.items.every((p) => p.wholesalePrice === null && p.wholesaleMinQty === null)).toBe(true);
      expect(await list(token, 'ecode')).toMatchObject({ items: [], total: 0 });
      expect((await t.call('product', 'detail', { id: ecode.productId, i18n: 'en' }, token ? { token } : {})).body.code).toBe(serverErrors.productNotFound.code);
    }
    const asia = await t.sku('ESIM-ASIA-5-7');
    const regularDetail = (await t.call('product', 'detail', { id: asia.productId, i18n: 'en' }, { token: regular.token })).body.data;
    expect(regularDetail.wholesaleMinQty).toBeNull();
    expect(regularDetail.skus.every((s) => s.wholesalePrice === null)).toBe(true);

    // Nothing of it can be bought either: not into the cart, not in an order.
    expect((await t.call('item', 'save', { proId: ecode.productId, skuId: ecode.id, quantity: 1 }, { token: regular.token })).body.code).toBe(serverErrors.productNotFound.code);
    const refused = await t.call('order', 'create', { items: [{ skuId: ecode.id, quantity: 1, inputs: {} }] }, { token: regular.token });
    expect(refused.body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'items.0.skuId' });
    expect(await t.db.selectFrom('orders').select('id').where('user_id', '=', regular.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('cart_items').select('id').where('user_id', '=', regular.userId).execute()).toEqual([]);

    // The reseller sees it, its wholesale price, and buys it.
    const resellerList = await list(reseller.token, 'ecode');
    expect(resellerList.items).toEqual([expect.objectContaining({ id: ecode.productId, wholesalePrice: 350, wholesaleMinQty: 50 })]);
    expect((await t.call('product', 'detail', { id: ecode.productId, i18n: 'en' }, { token: reseller.token })).body.code).toBe(0);
    expect((await t.call('item', 'save', { proId: ecode.productId, skuId: ecode.id, quantity: 1 }, { token: reseller.token })).body.code).toBe(0);
    expect((await t.call('order', 'create', { items: [{ skuId: ecode.id, quantity: 1, inputs: {} }] }, { token: reseller.token })).body.code).toBe(0);
  });
});
