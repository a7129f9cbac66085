import { Role } from '@simshop/contract';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();

describe('the admin command line', () => {
  it('prints its usage', async () => {
    expect((await t.admin('help')).out).toContain('ship <orderNo> <carrier> <trackingNo>');
  });

  it('runs as its own process: output on stdout, a refusal on stderr with exit code 1', async () => {
    expect(await t.adminProcess('staff', 'list')).toMatchObject({ code: 0, out: expect.stringContaining('owner@simshop.local') });
    expect(await t.adminProcess('user', 'status', 'nobody@example.com', 'active')).toMatchObject({ code: 1, out: expect.stringContaining('admin: Account not found') });
  });

  it('imports products and stock from CSV, in one transaction', async () => {
    const csv = join(t.config.dataDir, 'products.csv');
    writeFileSync(
      csv,
      [
        'product,sku,kind,name_en,name_zh,currency,price,wholesale_price,wholesale_min_qty,stock,spec_en,spec_zh,option_en,option_zh,inputs,esim_source',
        // On-demand eSIMs may have a stock limit; a pool eSIM's stock is its codes (refused here).
        'japan,JP-3,esim,Japan eSIM,日本eSIM,USD,8.90,7.00,10,100,Data,流量,3 GB,3GB,,smdp',
        'japan,JP-10,esim,Japan eSIM,日本eSIM,USD,"15.90",,,,Data,流量,10 GB,10GB,,smdp',
        'unlock,UNL-1,service,"Unlock, express",快速解锁,USD,30,,,,,,,,imei,',
      ].join('\n'),
    );
    expect(await t.admin('products', 'import', csv)).toEqual({ code: 0, out: 'imported: 2 new products, 3 SKUs added, 0 updated' });
    const jp = await t.sku('JP-10');
    const detail = (await t.call('product', 'detail', { id: jp.productId, i18n: 'zh-Hans' })).body.data;
    expect(detail).toMatchObject({ name: '日本eSIM', price: 890, specs: [{ name: '流量', values: ['3GB', '10GB'] }] });
    expect(detail.skus.map((s) => [s.options, s.price, s.stock])).toEqual([[['3GB'], 890, 100], [['10GB'], 1590, null]]);
    expect((await t.call('product', 'detail', { id: (await t.sku('UNL-1')).productId })).body.data).toMatchObject({ name: 'Unlock, express', requiredInputs: ['imei'] });

    const stock = join(t.config.dataDir, 'stock.csv');
    writeFileSync(stock, 'sku,stock\nJP-3,7\nJP-10,\n');
    expect((await t.admin('stock', 'import', stock)).code).toBe(0);
    expect((await t.sku('JP-3')).stock).toBe(7);

    writeFileSync(stock, 'sku,stock\nJP-3,9\nNOPE,1\n');
    const bad = await t.admin('stock', 'import', stock);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain('Line 3 of the file is wrong: sku: NOPE is not in the shop');
    expect((await t.sku('JP-3')).stock).toBe(7);

    // Top-ups are the shop's own hidden products: a row of that kind is refused, nothing is written.
    writeFileSync(csv, 'product,sku,kind,name_en,currency,price\nwallet,TOPUP-X,topup,Wallet,USD,1\n');
    const topup = await t.admin('products', 'import', csv);
    expect(topup.code).not.toBe(0);
    expect(topup.out).toContain('Line 2 of the file is wrong: kind');
    expect(await t.db.selectFrom('product_skus').select('id').where('code', '=', 'TOPUP-X').executeTakeFirst()).toBeUndefined();
  });

  it('ships an order through the state machine and refuses a wrong carrier', async () => {
    const { token } = await t.signIn();
    const addressId = (await t.call('address', 'save', { name: 'Li', tel: '13800138000', country: 'China', province: 'Beijing', city: 'Beijing', district: 'Chaoyang', detail: 'Chaoyang 1' }, { token })).body.data.id;
    const sim = await t.sku('SIM-CU-30');
    const order = (await t.call('order', 'create', { items: [{ skuId: sim.id, quantity: 1, inputs: { paperCard: 'with_card' } }], addressId }, { token })).body.data;
    const early = await t.admin('ship', order.orderNo, 'sf', 'SF123456789');
    expect(early.code).not.toBe(0);
    expect(early.out).toContain("This cannot be done in the order's current state");
    await t.db.updateTable('orders').set({ status: 'paid' }).where('order_no', '=', order.orderNo).execute();
    expect((await t.admin('ship', order.orderNo, 'pigeon', '123456')).out).toContain('This carrier is not supported');
    expect(await t.admin('ship', order.orderNo, 'sf', 'SF123456789')).toEqual({ code: 0, out: `shipped ${order.orderNo}` });
    expect((await t.call('order', 'detail', { orderNo: order.orderNo }, { token })).body.data).toMatchObject({ status: 'shipped', carrier: 'sf' });
  });

  it('credits a balance and manages accounts', async () => {
    expect((await t.admin('balance', 'credit', 'reseller@simshop.local', '12.50', 'USD', 'welcome')).out).toBe('balance of reseller@simshop.local is now 512.50 USD');
    expect((await t.admin('user', 'status', 'nobody@example.com', 'active')).out).toContain('Account not found');
    const code = await t.sendCode('upgrade@example.com', 'register');
    const reg = await t.call('login', 'register', { account: 'upgrade@example.com', code, password: 'secret123' });
    expect((await t.admin('user', 'allow-reseller', 'upgrade@example.com')).code).toBe(0);
    expect((await t.call('user', 'create_reseller', {}, { token: reg.body.data.token })).body.data).toEqual({ role: Role.reseller, reloginRequired: true });
    expect((await t.admin('user', 'status', 'upgrade@example.com', 'blacklisted')).code).toBe(0);
    expect((await t.call('login', 'password', { account: 'upgrade@example.com', password: 'secret123' })).body.i18n).toBe('res.account.blacklisted');
  });
});
