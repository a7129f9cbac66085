import { EsimClass, serverErrors, Role } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

const t = useTestApp();
let owner: string;
let operator: string;
let finance: string;
beforeAll(async () => {
  owner = (await t.staffSignIn('owner')).token;
  operator = (await t.staffSignIn('operator')).token;
  finance = (await t.staffSignIn('finance')).token;
});

const pools = async (body: Record<string, unknown> = {}, token = finance) => (await t.call('adminInventory', 'pools', body, { token })).body.data;
const poolOf = async (code: string) => (await pools({ q: code })).items.find((p) => p.skuCode === code)!;
const classes = async (token = finance) => (await t.call('adminInventory', 'classes', { pageSize: 100, sortOrder: 'asc' }, { token })).body.data;
const profiles = (skuId: number) => t.db.selectFrom('esims').select('activation_code').where('sku_id', '=', skuId).execute();

describe('adminInventory pools', () => {
  it('lists every pool eSIM SKU with free, assigned and total codes, stock and reseller class', async () => {
    const all = await pools({ pageSize: 100 });
    const codes = all.items.map((p) => p.skuCode);
    expect(codes).toEqual(expect.arrayContaining(['ESIM-ASIA-5-7', 'ESIM-ASIA-10-30', 'GEN-QPE-PRE', 'GEN-SELF-CN']));
    // On-demand eSIMs and other kinds have no pool.
    expect(codes).not.toContain('ESIM-GLOBAL-3');
    expect(codes).not.toContain('SIM-CU-30');
    const asia = all.items.find((p) => p.skuCode === 'ESIM-ASIA-5-7')!;
    expect(asia).toMatchObject({ productKey: 'asia-esim', productName: { en: 'Asia eSIM', zh: '亚洲eSIM' }, options: [{ en: '5 GB' }, { en: '7 days' }], free: 100, assigned: 0, total: 100, stock: 100, generateClass: null, onSale: true });
    expect(all.items.find((p) => p.skuCode === 'GEN-QPE-PRE')).toMatchObject({ generateClass: { class: EsimClass.qpePregenerated, open: true }, onSale: false });
  });

  it('counts a sold code as assigned, searches, filters low pools, sorts and pages', async () => {
    const { token } = await t.signIn();
    await t.buy(token, 'ESIM-ASIA-10-7', 2);
    expect(await poolOf('ESIM-ASIA-10-7')).toMatchObject({ free: 98, assigned: 2, total: 100, stock: 98 });

    expect((await pools({ q: 'gen-' })).items.map((p) => p.skuCode).sort()).toEqual(['GEN-QPE-PRE', 'GEN-SELF-CN']);
    expect((await pools({ q: '欧洲' })).items.map((p) => p.skuCode)).toEqual(['ESIM-EU-15']);
    const low = await pools({ freeBelow: 100, pageSize: 100 });
    expect(low.items.map((p) => p.skuCode)).toEqual(['ESIM-ASIA-10-7', 'ESIM-EU-15'].sort((a, b) => (a < b ? 1 : -1)));
    const emptiest = await pools({ sortField: 'free', sortOrder: 'asc', pageSize: 1 });
    expect(emptiest.items[0]).toMatchObject({ skuCode: 'ESIM-EU-15', free: 0 });
    expect(emptiest.total).toBeGreaterThan(1);
    const second = await pools({ sortField: 'free', sortOrder: 'asc', pageSize: 1, page: 2 });
    expect(second.items[0]!.free).toBeGreaterThanOrEqual(0);
    expect(second.items[0]!.skuId).not.toBe(emptiest.items[0]!.skuId);
  });
});

describe('adminInventory import_pool', () => {
  it('loads codes into a pool: free codes and stock grow, known codes are skipped, audited', async () => {
    const eu = await poolOf('ESIM-EU-15');
    const csv = 'activation_code,dp_address,iccid\nEU-0001,smdp.example.com,89852240000000000990\nEU-0002,smdp.example.com,\n';
    const res = await t.call('adminInventory', 'import_pool', { skuId: eu.skuId, csv }, { token: operator });
    expect(res.body).toMatchObject({ code: 0, data: { added: 2, skipped: 0 } });
    expect(await poolOf('ESIM-EU-15')).toMatchObject({ free: 2, total: 2, stock: 2 });
    expect((await t.call('adminInventory', 'import_pool', { skuId: eu.skuId, csv }, { token: operator })).body.data).toEqual({ added: 0, skipped: 2 });
    const audit = await t.auditOf('sku', eu.skuId);
    expect(audit[0]).toMatchObject({ action: 'inventory.pool_import', actor: 'operator@simshop.local' });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ code: 'ESIM-EU-15', added: 2, skipped: 0 });
  });

  it('names a wrong line and loads nothing', async () => {
    const eu = await poolOf('ESIM-EU-15');
    const cases: Array<[string, number]> = [
      ['activation_code,dp_address\nGOOD-1,smdp.example.com\nbad code!,smdp.example.com\n', 3],
      ['activation_code,dp_address\nGOOD-1,smdp.example.com\n\nGOOD-2,not a domain\n', 4],
      ['activation_code,dp_address,iccid\nGOOD-1,smdp.example.com,12345\n', 2],
      ['activation_code,dp_address,class\nGOOD-1,smdp.example.com,7\n', 2],
    ];
    for (const [csv, line] of cases) {
      expect((await t.call('adminInventory', 'import_pool', { skuId: eu.skuId, csv }, { token: owner })).body).toMatchObject({ code: serverErrors.importRowInvalid.code, field: 'csv', data: { line } });
    }
    expect((await profiles(eu.skuId)).map((p) => p.activation_code)).not.toContain('GOOD-1');
    expect(await poolOf('ESIM-EU-15')).toMatchObject({ free: eu.free, total: eu.total });
  });

  it('refuses a SKU that is not a pool eSIM, an unknown SKU and a header-only file', async () => {
    const global = await t.sku('ESIM-GLOBAL-3');
    expect((await t.call('adminInventory', 'import_pool', { skuId: global.id, csv: 'activation_code,dp_address\nX-1,smdp.example.com\n' }, { token: owner })).body).toMatchObject({ code: serverErrors.notPoolSku.code, field: 'skuId' });
    expect((await profiles(global.id)).length).toBe(0);
    expect((await t.call('adminInventory', 'import_pool', { skuId: 999_999, csv: 'activation_code,dp_address\nX-1,smdp.example.com\n' }, { token: owner })).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'skuId' });
    expect((await t.call('adminInventory', 'import_pool', { skuId: global.id, csv: 'activation_code,dp_address\n' }, { token: owner })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'csv' });
  });

  it('is refused to finance (inventory.read only)', async () => {
    const eu = await poolOf('ESIM-EU-15');
    expect((await t.call('adminInventory', 'import_pool', { skuId: eu.skuId, csv: 'activation_code,dp_address\nF-1,smdp.example.com\n' }, { token: finance })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
  });
});

describe('adminInventory classes', () => {
  it('lists the classes resellers generate from, open or closed', async () => {
    const list = await classes();
    expect(list.items.map((c) => c.skuCode)).toEqual(['GEN-QPE-PRE', 'GEN-SELF-CN']);
    expect(list.items[0]).toMatchObject({ class: EsimClass.qpePregenerated, open: true, name: { en: 'QPE pre-generated eSIM' }, unitPrice: 800, currency: 'USD', available: 300 });
    expect(list.total).toBe(2);
  });

  it('opens a pool SKU as a class with its price and order; resellers see it; audited', async () => {
    const sku = await t.sku('ESIM-ASIA-5-30');
    const res = await t.call('adminInventory', 'open_class', { skuId: sku.id, class: EsimClass.self, sort: 5, unitPrice: 1000 }, { token: operator });
    expect(res.body).toMatchObject({ code: 0, data: { skuCode: 'ESIM-ASIA-5-30', class: EsimClass.self, open: true, sort: 5, unitPrice: 1000, currency: 'USD' } });
    const reseller = await t.signIn(Role.reseller);
    const seen = (await t.call('resellerNumber', 'classes', {}, { token: reseller.token })).body.data.items.find((c) => c.skuId === sku.id);
    expect(seen).toMatchObject({ unitPrice: 1000 });
    const audit = await t.auditOf('sku', sku.id);
    expect(audit.at(-1)).toMatchObject({ action: 'inventory.class_open' });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ class: EsimClass.self, open: true, sort: 5, unitPrice: 1000 });
    // The price is the SKU's wholesale price: the product's history shows it and its version rose.
    const productAudit = (await t.auditOf('product', sku.productId)).at(-1)!;
    expect(JSON.parse(productAudit.after_json!)).toEqual({ 'sku ESIM-ASIA-5-30': { wholesalePrice: 1000 } });

    const moved = await t.call('adminInventory', 'open_class', { skuId: sku.id, class: EsimClass.self, sort: 0, unitPrice: 1000 }, { token: operator });
    expect(moved.body.data.sort).toBe(0);
    expect(JSON.parse((await t.auditOf('sku', sku.id)).at(-1)!.after_json!)).toEqual({ sort: 0 });
  });

  it('closes a class: resellers no longer see it; reopening keeps its order', async () => {
    const sku = await t.sku('GEN-SELF-CN');
    expect((await t.call('adminInventory', 'close_class', { skuId: sku.id }, { token: owner })).body).toMatchObject({ code: 0, data: { ok: true } });
    expect((await classes()).items.find((c) => c.skuId === sku.id)).toMatchObject({ open: false, sort: 1 });
    const reseller = await t.signIn(Role.reseller);
    expect((await t.call('resellerNumber', 'classes', {}, { token: reseller.token })).body.data.items.some((c) => c.skuId === sku.id)).toBe(false);
    expect((await t.auditOf('sku', sku.id)).at(-1)).toMatchObject({ action: 'inventory.class_close', before_json: '{"open":true}', after_json: '{"open":false}' });
  });

  it('refuses a wrong class, a SKU that is not a pool eSIM, an unknown SKU, and closing a SKU that is no class', async () => {
    const asia = await t.sku('ESIM-ASIA-10-30');
    expect((await t.call('adminInventory', 'open_class', { skuId: asia.id, class: 7, sort: 0, unitPrice: 100 }, { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'class' });
    expect((await t.call('adminInventory', 'open_class', { skuId: asia.id, class: EsimClass.self, sort: 0, unitPrice: -1 }, { token: owner })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'unitPrice' });
    const sim = await t.sku('SIM-CU-30');
    expect((await t.call('adminInventory', 'open_class', { skuId: sim.id, class: EsimClass.self, sort: 0, unitPrice: 100 }, { token: owner })).body).toMatchObject({ code: serverErrors.notPoolSku.code, field: 'skuId' });
    expect((await t.sku('SIM-CU-30'))).toEqual(sim);
    expect((await t.call('adminInventory', 'open_class', { skuId: 999_999, class: EsimClass.self, sort: 0, unitPrice: 100 }, { token: owner })).body).toMatchObject({ code: serverErrors.productNotFound.code });
    expect((await t.call('adminInventory', 'close_class', { skuId: asia.id }, { token: owner })).body).toMatchObject({ code: serverErrors.notFound.code, field: 'skuId' });
    expect((await t.call('adminInventory', 'close_class', { skuId: asia.id }, { token: finance })).body).toMatchObject({ code: serverErrors.permissionDenied.code });
  });

  it('the command line opens and closes classes and loads pools, audited as the command line', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const file = join(t.config.dataDir, 'pool.csv');
    writeFileSync(file, 'activation_code,dp_address\nCLI-0001,smdp.example.com\n');
    expect(await t.admin('pool', 'import', 'ESIM-ASIA-10-30', file)).toEqual({ code: 0, out: 'pool of ESIM-ASIA-10-30: 1 added, 0 already there' });
    writeFileSync(file, 'activation_code,dp_address\nCLI-0002,smdp.example.com\nnope!,smdp.example.com\n');
    const bad = await t.admin('pool', 'import', 'ESIM-ASIA-10-30', file);
    expect(bad.code).not.toBe(0);
    expect(bad.out).toContain('Line 3 of the file is wrong: activation_code: nope!');
    expect(await t.admin('esim-class', 'open', 'ESIM-ASIA-10-30', '3', '9')).toMatchObject({ code: 0 });
    expect(await t.admin('esim-class', 'close', 'ESIM-ASIA-10-30')).toMatchObject({ code: 0 });
    const sku = await t.sku('ESIM-ASIA-10-30');
    expect((await t.auditOf('sku', sku.id)).map((r) => [r.action, r.staff_id, r.actor.startsWith('cli:')])).toEqual([
      ['inventory.pool_import', null, true],
      ['inventory.class_open', null, true],
      ['inventory.class_close', null, true],
    ]);
    expect((await t.admin('esim-class', 'list')).out).toContain('ESIM-ASIA-10-30 class 3 Asia eSIM');
  });
});
