import { Role, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { catalogueEditing } from './catalogue-editing.ts';
import { useTestApp } from './harness.ts';
import { useStaffTokens } from './staff-tokens.ts';

const t = useTestApp();
const staff = useStaffTokens(t);
const { idOf, load, editOf } = catalogueEditing(t, staff);

/** The Asia eSIM (USD) with a CNY price on every SKU: its USD price × 7 (the owner's choice, no rate). */
async function priceAsiaInCny() {
  const id = await idOf('asia-esim');
  const p = await load(id);
  const edit = editOf(p);
  edit.skus = edit.skus.map((s) => ({ ...s, prices: { CNY: { price: s.price * 7, wholesalePrice: s.wholesalePrice === null ? null : s.wholesalePrice * 7 } } }));
  const res = await t.call('adminProduct', 'update', edit, { token: staff.operator });
  expect(res.body.code, JSON.stringify(res.body)).toBe(0);
  return { id, before: p };
}

describe('prices in the customer currency', () => {
  it('the owner sets a CNY price per SKU: audited, and the shop shows the product in CNY to who chose it', async () => {
    const { id, before } = await priceAsiaInCny();
    const sku = before.skus.find((s) => s.code === 'ESIM-ASIA-10-30')!;
    const audit = (await t.auditOf('product', id)).at(-1)!;
    expect(audit).toMatchObject({ action: 'product.update', actor: 'operator@simshop.local' });
    expect(JSON.parse(audit.before_json!)['sku ESIM-ASIA-10-30']).toMatchObject({ prices: {} });
    expect(JSON.parse(audit.after_json!)['sku ESIM-ASIA-10-30']).toMatchObject({ prices: { CNY: { price: sku.price * 7 } } });
    expect((await load(id)).skus.find((s) => s.code === 'ESIM-ASIA-10-30')!.prices).toEqual({ CNY: { price: sku.price * 7, wholesalePrice: sku.wholesalePrice! * 7 } });

    const cny = (await t.call('product', 'detail', { id, currency: 'CNY' })).body.data;
    expect(cny.currency).toBe('CNY');
    expect(cny.skus.find((s) => s.id === sku.id)!.price).toBe(sku.price * 7);
    const usd = (await t.call('product', 'detail', { id, currency: 'USD' })).body.data;
    expect(usd.currency).toBe('USD');
    expect(usd.skus.find((s) => s.id === sku.id)!.price).toBe(sku.price);
    // Nothing chosen: the language decides (Chinese → CNY, English → USD).
    expect((await t.call('product', 'detail', { id, i18n: 'zh-Hans' })).body.data.currency).toBe('CNY');
    expect((await t.call('product', 'detail', { id, i18n: 'en' })).body.data.currency).toBe('USD');

    const list = (await t.call('product', 'list', { page: 1, size: 50, currency: 'CNY' })).body.data.items;
    expect(list.find((p) => p.id === id)).toMatchObject({ currency: 'CNY', price: Math.min(...before.skus.map((s) => s.price)) * 7 });
    // A product without a USD price stays in its own currency (the shop marks it), never converted.
    const usdList = (await t.call('product', 'list', { page: 1, size: 50, currency: 'USD' })).body.data.items;
    const sim = await idOf('china-unicom-sim');
    expect(usdList.find((p) => p.id === sim)).toMatchObject({ currency: 'CNY' });
    expect(usdList.find((p) => p.id === id)).toMatchObject({ currency: 'USD' });
  });

  it('refuses a price in a currency on some SKUs only, and a price edit by support staff; nothing is written', async () => {
    const id = await idOf('china-unicom-sim');
    const p = await load(id);
    const edit = editOf(p);
    expect(edit.skus.length).toBeGreaterThan(1);
    edit.skus[0] = { ...edit.skus[0]!, prices: { USD: { price: 100, wholesalePrice: null } } };
    const res = await t.call('adminProduct', 'update', edit, { token: staff.owner });
    expect(res.body).toMatchObject({ code: serverErrors.skuPricesIncomplete.code, field: 'skus.1.prices.USD' });
    expect((await t.call('adminProduct', 'update', { ...edit, skus: edit.skus.map((s) => ({ ...s, prices: { USD: { price: 100, wholesalePrice: null } } })) }, { token: staff.support })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
    expect((await load(id)).version).toBe(p.version);
    expect((await load(id)).skus.every((s) => Object.keys(s.prices).length === 0)).toBe(true);
  });

  it('an unknown currency is refused with the catalogue error, wherever it is named', async () => {
    const { token } = await t.signIn();
    expect((await t.call('product', 'list', { page: 1, size: 5, currency: 'EUR' as never })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'currency' });
    expect((await t.call('item', 'list', { currency: 'EUR' as never }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'currency' });
    expect((await t.call('user', 'set_currency', { currency: 'EUR' as never }, { token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'currency' });
    expect((await t.call('user', 'info', {}, { token })).body.data.currency).toBeNull();
  });

  it('the account keeps its currency: cart and checkout follow it; one order is in one currency', async () => {
    await priceAsiaInCny();
    const { token } = await t.signIn();
    expect((await t.call('user', 'set_currency', { currency: 'CNY' })).body.code).not.toBe(0);
    const set = await t.call('user', 'set_currency', { currency: 'CNY' }, { token });
    expect(set.body.data.currency).toBe('CNY');
    const esim = await t.sku('ESIM-ASIA-10-30');
    const sim = await t.sku('SIM-CU-30');
    const usdPrice = (await t.call('product', 'detail', { id: esim.productId, currency: 'USD' })).body.data.skus.find((s) => s.id === esim.id)!.price;
    const simPrice = (await t.call('product', 'detail', { id: sim.productId })).body.data.skus.find((s) => s.id === sim.id)!.price;
    await t.call('item', 'save', { proId: esim.productId, skuId: esim.id, quantity: 2 }, { token });
    await t.call('item', 'save', { proId: sim.productId, skuId: sim.id, quantity: 1 }, { token });

    // The account's CNY, with no currency named: both lines in CNY.
    const cart = (await t.call('item', 'list', { i18n: 'en' }, { token })).body.data.items;
    expect(cart.map((l) => [l.skuId, l.currency, l.unitPrice])).toEqual(expect.arrayContaining([[esim.id, 'CNY', usdPrice * 7], [sim.id, 'CNY', simPrice]]));
    const items = [{ skuId: esim.id, quantity: 2, inputs: {} }, { skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }];
    const preview = (await t.call('order', 'preview', { items, checkInputs: false }, { token })).body;
    expect(preview.data).toMatchObject({ currency: 'CNY', subtotal: usdPrice * 7 * 2 + simPrice });

    // USD named: the SIM card has no USD price, so the cart shows it in CNY and one order of both is refused.
    const usdCart = (await t.call('item', 'list', { currency: 'USD' }, { token })).body.data.items;
    expect(usdCart.find((l) => l.skuId === sim.id)).toMatchObject({ currency: 'CNY', unitPrice: simPrice });
    expect(usdCart.find((l) => l.skuId === esim.id)).toMatchObject({ currency: 'USD', unitPrice: usdPrice });
    expect((await t.call('order', 'preview', { items, currency: 'USD', checkInputs: false }, { token })).body).toMatchObject({ code: serverErrors.orderMixedCurrency.code, field: 'items' });

    // The eSIM alone, paid in CNY at the owner's CNY price: the server's amount, not the client's.
    const created = await t.call('order', 'create', { items: [items[0]!], currency: 'CNY' }, { token });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const detail = (await t.call('order', 'detail', { orderNo: created.body.data.orderNo }, { token })).body.data;
    expect(detail).toMatchObject({ currency: 'CNY', total: usdPrice * 7 * 2 });

    // Back to the language's default.
    expect((await t.call('user', 'set_currency', { currency: null }, { token })).body.data.currency).toBeNull();
    expect((await t.call('item', 'list', { i18n: 'en' }, { token })).body.data.items.find((l) => l.skuId === esim.id)).toMatchObject({ currency: 'USD' });
  });

  it("a reseller's wholesale price follows the same rule: the CNY wholesale price in CNY", async () => {
    await priceAsiaInCny();
    const { token } = await t.signIn(Role.reseller, 'reseller');
    const esim = await t.sku('ESIM-ASIA-10-30');
    const usd = (await t.call('product', 'detail', { id: esim.productId, currency: 'USD' }, { token })).body.data;
    const wholesale = usd.skus.find((s) => s.id === esim.id)!.wholesalePrice!;
    expect(wholesale).not.toBeNull();
    const cny = (await t.call('product', 'detail', { id: esim.productId, currency: 'CNY' }, { token })).body.data;
    expect(cny.skus.find((s) => s.id === esim.id)!.wholesalePrice).toBe(wholesale * 7);
    const min = usd.wholesaleMinQty ?? 1;
    const preview = (await t.call('order', 'preview', { items: [{ skuId: esim.id, quantity: min, inputs: {} }], currency: 'CNY', checkInputs: false }, { token })).body.data;
    expect(preview).toMatchObject({ currency: 'CNY', subtotal: wholesale * 7 * min });
  });
});
