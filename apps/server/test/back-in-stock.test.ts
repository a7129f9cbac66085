import { ALTERNATIVES_MAX, Role, serverErrors } from '@simshop/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';
import { useStaffTokens } from './staff-tokens.ts';

/**
 * A sold-out product's page: "notify me when it is back" (one notice per address, sent by the
 * transaction that brings the product back) and the other plans for the same destinations.
 */
const t = useTestApp();
const staff = useStaffTokens(t);

/** The messages queued for an address (mail or SMS), oldest first. */
async function queuedTo(address: string) {
  const rows = await t.db.selectFrom('outbox').select(['topic', 'payload']).where('topic', 'in', ['mail.send', 'sms.send']).orderBy('id').execute();
  return rows.map((r) => ({ topic: r.topic, ...(JSON.parse(r.payload) as { to: string; subject?: string; text: string }) })).filter((m) => m.to === address);
}

const setStock = (codes: string[], stock: number) => t.db.updateTable('product_skus').set({ stock }).where('code', 'in', codes).execute();
const CU = ['SIM-CU-30', 'SIM-CU-100'];
const importStock = (csv: string) => t.call('adminProduct', 'import_stock', { csv: `sku,stock\n${csv}\n` }, { token: staff.operator });

describe('notify me when it is back', () => {
  let productId = 0;
  beforeEach(async () => {
    productId = (await t.sku('SIM-CU-30')).productId;
    await setStock(CU, 0);
    await t.db.deleteFrom('stock_notices').execute();
  });
  afterEach(async () => {
    await setStock(CU, 100);
  });

  it('queues one notice per address when stock comes back, in the language asked, and never while still sold out', async () => {
    const first = await t.call('product', 'notify_back', { id: productId, email: ' Traveller.One@Example.com ', i18n: 'en' }, { ip: '198.51.100.1' });
    expect(first.body).toMatchObject({ code: 0, data: { channel: 'email', address: 'traveller.one@example.com' } });
    const { token } = await t.signIn();
    const mine = await t.call('product', 'notify_back', { id: productId, i18n: 'zh-Hans' }, { token });
    const accountEmail = mine.body.data!.address;
    expect(mine.body).toMatchObject({ code: 0, data: { channel: 'email', address: expect.stringMatching(/@example\.com$/) } });

    // Still none left of either SKU: nothing is sent.
    expect((await importStock('SIM-CU-30,0')).body).toMatchObject({ code: 0 });
    expect(await queuedTo('traveller.one@example.com')).toEqual([]);

    expect((await importStock('SIM-CU-100,3')).body).toMatchObject({ code: 0 });
    const toFirst = await queuedTo('traveller.one@example.com');
    expect(toFirst).toHaveLength(1);
    expect(toFirst[0]).toMatchObject({ topic: 'mail.send', subject: 'China Unicom prepaid SIM is back in stock' });
    expect(toFirst[0]!.text).toContain(`/uni/pages/goods/goods?id=${productId}`);
    const toAccount = await queuedTo(accountEmail.toLowerCase());
    expect(toAccount).toHaveLength(1);
    expect(toAccount[0]!.subject).toBe('中国联通预付费电话卡 已到货');

    // More stock later, or sold out and back again: the notice went once.
    await importStock('SIM-CU-30,9');
    await setStock(CU, 0);
    await importStock('SIM-CU-30,4');
    expect(await queuedTo('traveller.one@example.com')).toHaveLength(1);
    expect(await queuedTo(accountEmail.toLowerCase())).toHaveLength(1);
  });

  it('keeps one request per product and address, and arms it again once sent', async () => {
    for (const email of ['dup@example.com', 'DUP@example.com']) expect((await t.call('product', 'notify_back', { id: productId, email }, { ip: '198.51.100.2' })).body).toMatchObject({ code: 0 });
    expect(await t.db.selectFrom('stock_notices').select('id').where('product_id', '=', productId).execute()).toHaveLength(1);
    await importStock('SIM-CU-30,1');
    expect(await queuedTo('dup@example.com')).toHaveLength(1);
    await setStock(CU, 0);
    expect((await t.call('product', 'notify_back', { id: productId, email: 'dup@example.com' }, { ip: '198.51.100.2' })).body).toMatchObject({ code: 0 });
    await importStock('SIM-CU-30,1');
    expect(await queuedTo('dup@example.com')).toHaveLength(2);
  });

  it('sends the notice when a cancelled order gives its units back', async () => {
    const ecode = await t.sku('ECODE-QPE');
    await setStock(['ECODE-QPE'], 1);
    try {
      // ECodes are sold to resellers.
      const { token } = await t.signIn(Role.reseller);
      // The last unit is held by an unpaid order: sold out; a notice is asked for meanwhile.
      const order = await t.call('order', 'create', { items: [{ skuId: ecode.id, quantity: 1, inputs: {} }] }, { token });
      expect(order.body).toMatchObject({ code: 0 });
      expect((await t.call('product', 'notify_back', { id: ecode.productId, email: 'waiting@example.com' }, { ip: '198.51.100.3' })).body).toMatchObject({ code: 0 });
      expect(await queuedTo('waiting@example.com')).toEqual([]);
      expect((await t.call('order', 'cancel', { orderNo: order.body.data!.orderNo }, { token })).body).toMatchObject({ code: 0 });
      expect(await queuedTo('waiting@example.com')).toHaveLength(1);
    } finally {
      await setStock(['ECODE-QPE'], ecode.stock ?? 10000);
    }
  });

  it('sends the notice when activation codes are loaded into a sold-out eSIM pool, not while the product stays marked sold out', async () => {
    const eu = await t.sku('ESIM-EU-15');
    const europe = eu.productId;
    expect((await t.call('product', 'notify_back', { id: europe, email: 'pool@example.com' }, { ip: '198.51.100.6' })).body).toMatchObject({ code: 0 });
    const load = (code: string) => t.call('adminInventory', 'import_pool', { skuId: eu.id, csv: `activation_code,dp_address\n${code},smdp.example.com\n` }, { token: staff.operator });
    // The owner marked the product sold out: codes alone do not bring it back.
    expect((await load('BACK-0001')).body).toMatchObject({ code: 0, data: { added: 1 } });
    expect(await queuedTo('pool@example.com')).toEqual([]);
    await t.db.updateTable('products').set({ sold_out: 0 }).where('id', '=', europe).execute();
    try {
      expect((await load('BACK-0002')).body).toMatchObject({ code: 0, data: { added: 1 } });
      expect(await queuedTo('pool@example.com')).toEqual([expect.objectContaining({ subject: 'Europe eSIM is back in stock' })]);
    } finally {
      await t.db.updateTable('products').set({ sold_out: 1 }).where('id', '=', europe).execute();
    }
  });

  it('uses the phone of an account without e-mail, counted against the SMS budget', async () => {
    const { userId, token } = await t.signIn();
    await t.db.updateTable('users').set({ email: null, tel: '13912345678' }).where('id', '=', userId).execute();
    expect((await t.call('product', 'notify_back', { id: productId }, { token })).body).toMatchObject({ code: 0, data: { channel: 'sms', address: '13912345678' } });
    const today = new Date().toISOString().slice(0, 10);
    const spent = await t.db.selectFrom('sms_budget').select('sent').where('day', '=', today).executeTakeFirst();
    expect(spent?.sent).toBeGreaterThanOrEqual(1);
    await importStock('SIM-CU-100,2');
    const texts = await queuedTo('13912345678');
    expect(texts).toEqual([expect.objectContaining({ topic: 'sms.send', text: expect.stringContaining('is back in stock') })]);
  });

  it('refuses a bad e-mail, a missing one when signed out, a product in stock or unknown, and too many requests', async () => {
    for (const email of ['not-an-address', 'a@b', '@example.com']) {
      const res = await t.call('product', 'notify_back', { id: productId, email }, { ip: '198.51.100.4' });
      expect(res.body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'email', data: { issues: [{ message: 'validation.email' }] } });
    }
    expect((await t.call('product', 'notify_back', { id: productId }, { ip: '198.51.100.4' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'email' });
    expect((await t.call('product', 'notify_back', { id: 999_999, email: 'x@example.com' }, { ip: '198.51.100.4' })).body).toMatchObject({ code: serverErrors.productNotFound.code });
    const inStock = (await t.sku('ESIM-ASIA-5-7')).productId;
    expect((await t.call('product', 'notify_back', { id: inStock, email: 'x@example.com' }, { ip: '198.51.100.4' })).body).toMatchObject({ code: serverErrors.productInStock.code, field: 'id' });
    expect(await t.db.selectFrom('stock_notices').select('id').execute()).toEqual([]);

    // One address of origin: 20 an hour.
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await t.call('product', 'notify_back', { id: productId, email: `flood${i}@example.com` }, { ip: '198.51.100.5' })).body.code);
    expect(codes.slice(0, 20).every((c) => c === 0)).toBe(true);
    expect(codes[20]).toBe(serverErrors.tooFrequent.code);
    expect(await t.db.selectFrom('stock_notices').select('id').execute()).toHaveLength(20);
  });
});

describe('plans that also cover the destination', () => {
  it('lists in-stock plans of the same kind covering every destination, without the product itself or sold-out ones', async () => {
    const asia = (await t.sku('ESIM-ASIA-5-7')).productId;
    const global = (await t.sku('ESIM-GLOBAL-3')).productId;
    const ids = async () => (await t.call('product', 'alternatives', { id: asia, i18n: 'en' })).body.data!.items.map((p) => p.id);
    const first = await ids();
    expect(first).toContain(global);
    expect(first).not.toContain(asia);
    expect(first.length).toBeLessThanOrEqual(ALTERNATIVES_MAX);
    // Europe does not cover Asia's destinations.
    expect(first).not.toContain((await t.sku('ESIM-EU-15')).productId);

    const globalCodes = (await t.db.selectFrom('product_skus').select('code').where('product_id', '=', global).execute()).map((s) => s.code);
    const before = await t.db.selectFrom('product_skus').select(['code', 'stock']).where('product_id', '=', global).execute();
    await setStock(globalCodes, 0);
    try {
      expect(await ids()).not.toContain(global);
    } finally {
      for (const s of before) await t.db.updateTable('product_skus').set({ stock: s.stock }).where('code', '=', s.code).execute();
    }
    expect((await t.call('product', 'alternatives', { id: 999_999 })).body).toMatchObject({ code: serverErrors.productNotFound.code });
  });
});
