import { InstallLogType, serverErrors } from '@simshop/contract';
import { tmpdir } from 'node:os';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { esimAddonKind } from '../src/modules/product-kinds/esim-addon-kind.ts';
import { createCarrierSimulator } from '../src/providers/carrier.ts';
import { useTestApp } from './harness.ts';

/**
 * Data added to an eSIM the customer has: the packages that fit it, an order paid as any other,
 * delivered by the worker to the same eSIM through the carrier once; every refusal comes before
 * any payment and writes nothing.
 */
const DAY = 86_400_000;

describe('eSIM data add-ons', () => {
  const t = useTestApp();
  beforeAll(async () => {
    await t.listen();
  });

  const ownEsim = async (token: string, sku = 'ESIM-ASIA-5-7') => {
    await t.buy(token, sku, 1);
    return (await t.call('esim', 'list', {}, { token })).body.data.items[0]!;
  };
  const counts = async () => ({
    orders: Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    addons: Number((await t.db.selectFrom('esim_addons').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
  });

  it('lists the packages of its family, in both languages, and delivers a paid one to the same eSIM', async () => {
    const { token } = await t.signIn();
    const esim = await ownEsim(token);
    const offers = (await t.call('esim', 'addons', { id: esim.id }, { token })).body.data.items;
    expect(offers.map((o) => [o.dataMb, o.validityDays, o.price, o.currency])).toEqual([
      [1000, 3, 390, 'USD'],
      [3000, 7, 890, 'USD'],
    ]);
    expect(offers[0]).toMatchObject({ name: 'Asia data add-on', option: ['1 GB · 3 days'] });
    expect((await t.call('esim', 'addons', { id: esim.id, i18n: 'zh-Hans' }, { token })).body.data.items[0]).toMatchObject({ name: '亚洲流量加油包', option: ['1GB · 3天'] });

    const made = await t.call('esim', 'addData', { id: esim.id, skuId: offers[1]!.skuId }, { token });
    expect(made.body.code).toBe(0);
    const orderNo = made.body.data.orderNo;
    // Unpaid: the eSIM's page does not count it yet.
    let detail = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data;
    expect(detail.packages.map((p) => p.kind)).toEqual(['plan']);
    const order = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(order).toMatchObject({ total: 890, currency: 'USD' });

    await t.paySandbox(token, orderNo);
    detail = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data;
    // Same eSIM, same QR; the usage counts the add-on's data and days.
    expect(detail.activationCode).toBe(esim.activationCode);
    expect(detail.usage).toMatchObject({ dataMb: 8000, validityDays: 14 });
    expect(detail.packages.map((p) => [p.kind, p.dataMb, p.validityDays, p.state])).toEqual([
      ['plan', 5000, 7, 'waiting'],
      ['addon', 3000, 7, 'waiting'],
    ]);
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data.status).toBe('delivered');
    const row = await t.db.selectFrom('esim_addons').selectAll().where('esim_id', '=', esim.id).executeTakeFirstOrThrow();
    expect(row.delivered_at).not.toBeNull();
    expect(row.carrier_ref).toMatch(/^SIMPK/);
  });

  it("refuses another user's eSIM, a package that does not fit, an expired or removed eSIM: nothing written", async () => {
    const owner = await t.signIn();
    const esim = await ownEsim(owner.token);
    const global = await t.sku('ADDON-GLOBAL-1-7');
    const asia = await t.sku('ADDON-ASIA-1-3');
    const other = await t.signIn();
    const before = await counts();
    const refused = async (token: string, body: { id: number; skuId: number }, error: { code: number }) => {
      const res = await t.call('esim', 'addData', body, { token });
      expect(res.body).toMatchObject({ code: error.code, data: null });
    };
    await refused(other.token, { id: esim.id, skuId: asia.id }, serverErrors.esimNotFound);
    expect((await t.call('esim', 'addons', { id: esim.id }, { token: other.token })).body.code).toBe(serverErrors.esimNotFound.code);
    // Another family's package, an eSIM plan SKU, an unknown SKU.
    await refused(owner.token, { id: esim.id, skuId: global.id }, serverErrors.addonNotFit);
    await refused(owner.token, { id: esim.id, skuId: (await t.sku('ESIM-ASIA-5-30')).id }, serverErrors.addonNotFit);
    await refused(owner.token, { id: esim.id, skuId: 999_999 }, serverErrors.addonNotFit);
    // Expired: a 7-day plan counted from an install eight days ago.
    await t.db.insertInto('esim_install_logs').values({ esim_id: esim.id, type: InstallLogType.successInstall, eid: null, created_at: Date.now() - 8 * DAY }).execute();
    await t.db.updateTable('esims').set({ validity_starts: 'install' } as never).where('id', '=', esim.id).execute();
    await refused(owner.token, { id: esim.id, skuId: asia.id }, serverErrors.esimExpired);
    await t.db.updateTable('esims').set({ record_status: 'discarded' }).where('id', '=', esim.id).execute();
    await refused(owner.token, { id: esim.id, skuId: asia.id }, serverErrors.esimRemoved);
    expect((await t.call('esim', 'addons', { id: esim.id }, { token: owner.token })).body.code).toBe(serverErrors.esimRemoved.code);
    expect(await counts()).toEqual(before);
  });

  it("prices the packages in the customer's currency where they have a price in it, and the order is in it", async () => {
    const { token } = await t.signIn();
    const esim = await ownEsim(token);
    const skus = [await t.sku('ADDON-ASIA-1-3'), await t.sku('ADDON-ASIA-3-7')];
    const prices = async (body: Record<string, unknown>) => (await t.call('esim', 'addons', { id: esim.id, ...body }, { token })).body.data.items.map((o) => [o.price, o.currency]);
    // No price in yuan yet: the Chinese shop shows the packages in their own currency.
    expect(await prices({ i18n: 'zh-Hans' })).toEqual([[390, 'USD'], [890, 'USD']]);
    try {
      for (const [i, sku] of skus.entries()) await t.db.updateTable('product_skus').set({ prices: JSON.stringify({ CNY: { price: [2800, 6400][i], wholesalePrice: null } }) }).where('id', '=', sku.id).execute();
      expect(await prices({ i18n: 'zh-Hans' })).toEqual([[2800, 'CNY'], [6400, 'CNY']]);
      expect(await prices({ i18n: 'zh-Hans', currency: 'USD' })).toEqual([[390, 'USD'], [890, 'USD']]);
      expect(await prices({ currency: 'CNY' })).toEqual([[2800, 'CNY'], [6400, 'CNY']]);
      const made = await t.call('esim', 'addData', { id: esim.id, skuId: skus[1]!.id, currency: 'CNY' }, { token });
      expect(made.body.code).toBe(0);
      expect((await t.call('order', 'detail', { orderNo: made.body.data.orderNo }, { token })).body.data).toMatchObject({ total: 6400, currency: 'CNY', items: [expect.objectContaining({ unitPrice: 6400, amount: 6400 })] });
    } finally {
      await t.db.updateTable('product_skus').set({ prices: '{}' }).where('id', 'in', skus.map((s) => s.id)).execute();
    }
  });

  it('an add-on cannot be bought from the cart, and the shop lists do not show add-ons', async () => {
    const { token } = await t.signIn();
    const res = await t.call('order', 'create', { items: [{ skuId: (await t.sku('ADDON-ASIA-1-3')).id, quantity: 1, inputs: {} }] }, { token });
    expect(res.body.code).toBe(serverErrors.productNotFound.code);
    const list = (await t.call('product', 'list', { page: 1, size: 100 }, {})).body.data;
    expect(list.items.some((p: { kind: string }) => p.kind === 'esim_addon')).toBe(false);
  });

  it('two workers deliver a paid add-on once: one carrier package, one stamp', async () => {
    const { token } = await t.signIn();
    const esim = await ownEsim(token);
    const orderNo = (await t.call('esim', 'addData', { id: esim.id, skuId: (await t.sku('ADDON-ASIA-1-3')).id }, { token })).body.data.orderNo;
    const order = await t.db.selectFrom('orders').select(['id', 'user_id', 'order_no', 'currency']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).execute();
    const carrier = createCarrierSimulator({ dataDir: tmpdir() });
    const second: Database = t.engine === 'postgres' ? createDatabase({ databaseUrl: t.config.databaseUrl, dataDir: t.config.dataDir }) : t.db;
    try {
      const now = Date.now();
      await Promise.all([esimAddonKind.issueWithProviders!(t.db, { smdp: null, carrier }, order, items, now), esimAddonKind.issueWithProviders!(second, { smdp: null, carrier }, order, items, now)]);
      // A retry after the carrier answered but before the stamp: the same reference adds nothing.
      await t.db.updateTable('esim_addons').set({ delivered_at: null }).where('order_id', '=', order.id).execute();
      await esimAddonKind.issueWithProviders!(t.db, { smdp: null, carrier }, order, items, now);
    } finally {
      if (second !== t.db) await second.destroy();
    }
    const packages = await carrier.packages(esim.iccid!);
    expect(packages).toHaveLength(1);
    expect(packages[0]).toMatchObject({ dataMb: 1000, days: 3, reference: `${orderNo}-${items[0]!.id}` });
    expect(await esimAddonKind.deliver!(t.db, order, items, Date.now())).toBe(0);
  });
});
