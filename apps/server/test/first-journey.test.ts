import { serverErrors, Role } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { shipOrder } from '../src/modules/orders/order-admin.service.ts';
import { anAddress } from './fixtures.ts';
import { useTestApp } from './harness.ts';

/** The first journey's defects that the server answers for. */
const t = useTestApp();

describe('the first journey', () => {
  it('creating an order from the whole cart sends the new cart count, so the badge goes', async () => {
    const { token } = await t.signIn();
    const esim = await t.sku('ESIM-ASIA-10-30');
    const saved = await t.call('item', 'save', { proId: esim.productId, skuId: esim.id, quantity: 1, with: 'total' }, { token });
    expect(saved.body.total).toEqual({ cart: 1 });
    const res = await t.call('order', 'create', { items: [{ skuId: esim.id, quantity: 1, inputs: {} }], cartItemIds: [saved.body.data.id] }, { token });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    expect(res.body.total).toEqual({ cart: 0 });
    expect((await t.call('item', 'list', {}, { token })).body.data.items).toEqual([]);
  });

  it('refuses one order of two currencies with a message that says what to do, and writes nothing', async () => {
    const { token } = await t.signIn();
    const usd = await t.sku('ESIM-ASIA-10-30');
    const cny = await t.sku('SIM-CU-30');
    const addressId = (await t.call('address', 'save', anAddress, { token })).body.data.id;
    const res = await t.call('order', 'create', { items: [{ skuId: usd.id, quantity: 1, inputs: {} }, { skuId: cny.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token });
    expect(res.body).toMatchObject({ code: serverErrors.orderMixedCurrency.code, field: 'items' });
    expect((await t.call('order', 'list', { page: 1, size: 10 }, { token })).body.data.total).toBe(0);
  });

  it('a paid eSIM order lists its eSIMs, offers no receipt to confirm and says it is digital', async () => {
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-ASIA-10-30', 2);
    const detail = (await t.call('order', 'detail', { orderNo, i18n: 'zh-Hans' }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'delivered', physical: false, ecodes: [] });
    expect(detail.esims).toHaveLength(2);
    expect(detail.esims[0]).toMatchObject({ name: '亚洲eSIM', installed: false });
    expect(detail.actions).not.toContain('confirm_receipt');
    // Each link leads to an eSIM this customer can open.
    for (const e of detail.esims) expect((await t.call('esim', 'detail', { id: e.id }, { token })).body.code).toBe(0);
    // Another customer sees neither the order nor its eSIMs.
    const other = await t.signIn();
    expect((await t.call('order', 'detail', { orderNo }, { token: other.token })).body.code).toBe(serverErrors.orderNotFound.code);
    expect((await t.call('esim', 'detail', { id: detail.esims[0]!.id }, { token: other.token })).body.code).not.toBe(0);
  });

  it("a reseller's ECode order lists its codes", async () => {
    const { token } = await t.signIn(Role.reseller);
    const orderNo = await t.buy(token, 'ECODE-QPE', 3);
    const detail = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(detail.ecodes).toHaveLength(3);
    expect(detail.ecodes[0]!.code).toMatch(/^JT\d{10}$/);
    expect(detail.esims).toEqual([]);
    expect(detail.actions).not.toContain('confirm_receipt');
  });

  it('a shipped SIM card order still offers to confirm its receipt', async () => {
    const { token } = await t.signIn();
    const addressId = (await t.call('address', 'save', anAddress, { token })).body.data.id;
    const orderNo = await t.buy(token, 'SIM-CU-30', 1, { paperCard: 'with_card' }, addressId);
    await shipOrder(t.db, cliActor(), { orderNo, carrier: 'sf', trackingNo: 'SF1234567890' }, Date.now());
    const detail = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(detail).toMatchObject({ status: 'shipped', physical: true, esims: [], ecodes: [] });
    expect(detail.actions).toContain('confirm_receipt');
  });
});
