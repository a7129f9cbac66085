import { API_BASE, DOWNLOAD_PATH, EsimClass, GENERATE_MAX, lpaString, serverErrors, signRequest, type Currency, Role } from '@simshop/contract';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { creditBalance } from '../src/modules/balance/balance.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { importPool } from '../src/modules/esim/esim-pool.service.ts';
import { closeGenerateClass, importPoolFile, openGenerateClass, ownerClasses } from '../src/modules/reseller-esim/reseller-esim.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

/** A reseller with a USD balance. */
async function reseller(usd = 100_000) {
  const r = await t.signIn(Role.reseller);
  if (usd > 0) await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: usd, reason: 'test', orderId: null }, Date.now());
  return r;
}

const classes = async (token: string, i18n = 'en') => (await t.call('resellerNumber', 'classes', { i18n }, { token })).body.data.items;
const qpeClass = async (token: string) => (await classes(token)).find((c) => c.class === EsimClass.qpePregenerated)!;
const balanceOf = async (token: string, currency = 'USD') => (await t.call('balance', 'get', {}, { token })).body.data.items.find((b) => b.currency === currency)?.amount ?? null;
const ledgerOf = (userId: number, currency: Currency = 'USD') => t.db.selectFrom('balance_ledger').select(['amount', 'balance_after', 'reason']).where('user_id', '=', userId).where('currency', '=', currency).orderBy('id').execute();

/** A fresh pool of `size` profiles opened to resellers, so one test's generations do not drain another's. */
let pools = 0;
async function freshPool(size: number, wholesale = 250, currency: Currency = 'USD') {
  pools += 1;
  const code = `TEST-GEN-${pools}`;
  const now = Date.now();
  const product = await t.db
    .insertInto('products')
    .values({ kind: 'esim', name_en: `Test class ${pools}`, name_zh: `测试类型${pools}`, currency, qty_min: 1, qty_max: 99, on_sale: 0, created_at: now, updated_at: now } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('product_skus').values({ product_id: product.id, code, options: '[]', price: wholesale * 2, wholesale_price: wholesale, stock: 0, sold_out: 0, sort: 0 }).execute();
  const profiles = Array.from({ length: size }, (_, n) => ({ activationCode: `T${pools}-${n}`, dpAddress: 'smdp.test.local', iccid: `8944${String(pools).padStart(4, '0')}${String(n).padStart(11, '0')}`, class: EsimClass.self }));
  const skuId = await t.db.transaction().execute(async (tx) => {
    await importPool(tx, code, profiles, now);
    return openGenerateClass(tx, { skuCode: code, class: EsimClass.self, sort: 100 + pools }, now);
  });
  return { skuId, code };
}

describe('resellerNumber classes', () => {
  it('lists the demo classes with wholesale price, currency and what is available, in both languages', async () => {
    const r = await reseller();
    const en = await classes(r.token);
    expect(en).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ class: EsimClass.qpePregenerated, name: 'QPE pre-generated eSIM', unitPrice: 800, currency: 'USD', available: 300 }),
        expect.objectContaining({ class: EsimClass.self, name: 'Self eSIM (China)', unitPrice: 3500, currency: 'CNY', available: 200 }),
      ]),
    );
    expect((await classes(r.token, 'zh-Hans')).map((c) => c.name)).toContain('QPE预生成eSIM');
  });

  it('is for resellers only', async () => {
    const user = await t.signIn();
    for (const [action, body] of [
      ['classes', {}],
      ['generate', { skuId: 1, quantity: 1 }],
      ['list', {}],
      ['search', { query: 'X' }],
      ['export', { quantity: 1 }],
      ['batches', {}],
    ] as const) {
      expect((await t.call('resellerNumber', action, body, { token: user.token })).body.code, action).toBe(serverErrors.permissionDenied.code);
    }
    expect((await t.call('resellerNumber', 'classes', {})).http).toBe(401);
  });
});

describe('resellerNumber generate', () => {
  it('debits the balance at the wholesale price and assigns N profiles in one batch', async () => {
    const r = await reseller(10_000);
    const cls = await qpeClass(r.token);
    const res = await t.call('resellerNumber', 'generate', { skuId: cls.skuId, quantity: 3, i18n: 'en' }, { token: r.token });
    expect(res.body.code).toBe(0);
    const { batch, items, balance } = res.body.data;
    expect(batch).toMatchObject({ batchNo: expect.stringMatching(/^EB\d{14}[0-9A-Z]{6}$/), skuId: cls.skuId, class: EsimClass.qpePregenerated, quantity: 3, unitPrice: 800, amount: 2400, currency: 'USD' });
    expect(balance).toBe(7600);
    expect(await balanceOf(r.token)).toBe(7600);
    expect(items).toHaveLength(3);
    // The shop shows this answer in the batch list's place: the same eSIMs in the list's order.
    const list = (await t.call('resellerNumber', 'list', { batchNo: batch.batchNo, page: 1, size: 100, i18n: 'en' }, { token: r.token })).body.data.items;
    expect(items.map((e: { id: number }) => e.id)).toEqual(list.map((e: { id: number }) => e.id));
    for (const e of items) {
      expect(e).toMatchObject({ class: EsimClass.qpePregenerated, status: 'assigned', activationStatus: 0, batchNo: batch.batchNo, name: 'QPE pre-generated eSIM', orderNo: null });
      expect(e.iccid).toMatch(/^89\d{18}$/);
      expect(e.lpa).toBe(lpaString(e.dpAddress, e.activationCode));
    }
    expect((await ledgerOf(r.userId)).at(-1)).toEqual({ amount: -2400, balance_after: 7600, reason: `generate ${batch.batchNo}` });
    // The generated eSIMs are the reseller's own: they open in the eSIM detail page.
    expect((await t.call('esim', 'detail', { id: items[0]!.id }, { token: r.token })).body.data).toMatchObject({ id: items[0]!.id, activationCode: items[0]!.activationCode });
    expect((await qpeClass(r.token)).available).toBe(cls.available - 3);
    // Billing shows the debit with its batch.
    const billing = (await t.call('billing', 'list', {}, { token: r.token })).body.data.items;
    expect(billing[0]).toMatchObject({ kind: 'balance', amount: -2400, reason: `generate ${batch.batchNo}`, orderNo: null });
  });

  it('refuses an insufficient, missing or locked balance and changes nothing', async () => {
    const pool = await freshPool(10);
    const poor = await reseller(500);
    const none = await reseller(0);
    const locked = await reseller(100_000);
    await t.db.updateTable('balances').set({ locked: 1 }).where('user_id', '=', locked.userId).execute();
    const cases = [
      [poor, serverErrors.balanceInsufficient.code],
      [none, serverErrors.balanceNotFound.code],
      [locked, serverErrors.balanceLocked.code],
    ] as const;
    for (const [who, code] of cases) {
      expect((await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 3 }, { token: who.token })).body.code).toBe(code);
      expect((await t.call('resellerNumber', 'list', {}, { token: who.token })).body.data.total).toBe(0);
    }
    expect(await balanceOf(poor.token)).toBe(500);
    expect(await ledgerOf(poor.userId)).toHaveLength(1);
    const left = (await classes(poor.token)).find((c) => c.skuId === pool.skuId)!;
    expect(left.available).toBe(10);
    expect((await t.sku(pool.code)).stock).toBe(10);
  });

  it('gives nothing and debits nothing when the pool has fewer than N', async () => {
    const pool = await freshPool(4);
    const r = await reseller(100_000);
    const res = await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 5 }, { token: r.token });
    expect(res.body).toMatchObject({ code: serverErrors.stockInsufficient.code, field: 'quantity' });
    expect(await balanceOf(r.token)).toBe(100_000);
    expect((await t.sku(pool.code)).stock).toBe(4);
    // Stock says 4, but profiles were discarded by hand: still all or nothing.
    await t.db.updateTable('esims').set({ record_status: 'discarded' }).where('activation_code', '=', `T${pools}-0`).execute();
    expect((await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 4 }, { token: r.token })).body.code).toBe(serverErrors.stockInsufficient.code);
    expect(await balanceOf(r.token)).toBe(100_000);
    expect((await t.sku(pool.code)).stock).toBe(4);
    expect(await t.db.selectFrom('esims').select('id').where('user_id', '=', r.userId).execute()).toEqual([]);
    expect((await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 3 }, { token: r.token })).body.code).toBe(0);
    expect(await balanceOf(r.token)).toBe(100_000 - 750);
  });

  it('refuses an unknown or closed class, a SKU that is not a class, and bad quantities', async () => {
    const r = await reseller();
    const pool = await freshPool(3);
    const shopSku = await t.sku('ESIM-ASIA-5-7');
    for (const skuId of [999_999, shopSku.id]) {
      expect((await t.call('resellerNumber', 'generate', { skuId, quantity: 1 }, { token: r.token })).body).toMatchObject({ code: serverErrors.productNotFound.code, field: 'skuId' });
    }
    await t.db.updateTable('reseller_esim_classes').set({ enabled: 0 }).where('sku_id', '=', pool.skuId).execute();
    expect((await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 1 }, { token: r.token })).body.code).toBe(serverErrors.productNotFound.code);
    expect((await classes(r.token)).some((c) => c.skuId === pool.skuId)).toBe(false);
    const cls = await qpeClass(r.token);
    const bad: Array<[Record<string, unknown>, string, number]> = [
      [{ skuId: cls.skuId }, 'quantity', serverErrors.paramMissing.code],
      [{ quantity: 1 }, 'skuId', serverErrors.paramMissing.code],
      [{ skuId: cls.skuId, quantity: 0 }, 'quantity', serverErrors.paramInvalid.code],
      [{ skuId: cls.skuId, quantity: GENERATE_MAX + 1 }, 'quantity', serverErrors.paramInvalid.code],
      [{ skuId: cls.skuId, quantity: 1.5 }, 'quantity', serverErrors.paramInvalid.code],
      [{ skuId: cls.skuId, quantity: '2' }, 'quantity', serverErrors.paramInvalid.code],
      [{ skuId: -1, quantity: 1 }, 'skuId', serverErrors.paramInvalid.code],
      // Ids are 32-bit in PostgreSQL: a larger one is a wrong parameter, not a server error.
      [{ skuId: 2 ** 31, quantity: 1 }, 'skuId', serverErrors.paramInvalid.code],
    ];
    for (const [body, field, code] of bad) {
      expect((await t.call('resellerNumber', 'generate', body, { token: r.token })).body, JSON.stringify(body)).toMatchObject({ code, field });
    }
    expect(await balanceOf(r.token)).toBe(100_000);
  });

  it('never takes a profile an unpaid customer order is holding', async () => {
    const pool = await freshPool(3);
    // A customer could not buy this hidden SKU; put it on sale for the test.
    await t.db.updateTable('products').set({ on_sale: 1 }).where('id', '=', (await t.sku(pool.code)).productId).execute();
    const customer = await t.signIn();
    const order = await t.call('order', 'create', { items: [{ skuId: pool.skuId, quantity: 2, inputs: {} }] }, { token: customer.token });
    expect(order.body.code).toBe(0);
    const r = await reseller();
    expect((await classes(r.token)).find((c) => c.skuId === pool.skuId)!.available).toBe(1);
    expect((await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 2 }, { token: r.token })).body.code).toBe(serverErrors.stockInsufficient.code);
    expect((await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 1 }, { token: r.token })).body.code).toBe(0);
    await t.paySandbox(customer.token, order.body.data.orderNo);
    expect((await t.call('order', 'detail', { orderNo: order.body.data.orderNo }, { token: customer.token })).body.data.status).toBe('delivered');
  });

  it('50 concurrent generations never overdraw the balance nor hand out a profile twice', async () => {
    const pool = await freshPool(120, 300);
    const r = await reseller(0);
    const start = 10_000; // enough for 33 eSIMs at 3.00
    await creditBalance(t.db, { userId: r.userId, currency: 'USD', amount: start, reason: 'test', orderId: null }, Date.now());
    const other = await reseller(100_000);
    const calls = Array.from({ length: 50 }, (_, i) => ({ who: i % 5 === 0 ? other : r, quantity: (i % 3) + 1 }));
    const results = await Promise.all(calls.map((c) => t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: c.quantity }, { token: c.who.token })));
    const spent = results.reduce((sum, res, i) => (res.body.code === 0 && calls[i]!.who === r ? sum + res.body.data.batch.amount : sum), 0);
    for (const res of results) expect([0, serverErrors.balanceInsufficient.code, serverErrors.stockInsufficient.code]).toContain(res.body.code);
    expect(results.some((res) => res.body.code === serverErrors.balanceInsufficient.code)).toBe(true);
    const final = (await balanceOf(r.token))!;
    expect(final).toBeGreaterThanOrEqual(0);
    expect(final).toBe(start - spent);
    const ledger = await ledgerOf(r.userId);
    expect(ledger.reduce((sum, l) => sum + l.amount, 0)).toBe(final);
    expect(ledger.at(-1)!.balance_after).toBe(final);
    expect(ledger.filter((l) => l.reason.startsWith('generate'))).toHaveLength(results.filter((res, i) => res.body.code === 0 && calls[i]!.who === r).length);
    // Every profile handed out once, and the pool's stock agrees with what is left.
    const taken = await t.db.selectFrom('esims').select(['id', 'user_id']).where('sku_id', '=', pool.skuId).where('record_status', '=', 'assigned').execute();
    const batchItems = results.flatMap((res) => (res.body.code === 0 ? res.body.data.items.map((e) => e.id) : []));
    expect(new Set(batchItems).size).toBe(batchItems.length);
    expect(taken.map((e) => e.id).sort((a, b) => a - b)).toEqual([...batchItems].sort((a, b) => a - b));
    expect((await t.sku(pool.code)).stock).toBe(120 - taken.length);
    for (const res of results.filter((x) => x.body.code === 0)) expect(res.body.data.items).toHaveLength(res.body.data.batch.quantity);
  });
});

describe('resellerNumber list, batches, search', () => {
  it('lists the generated eSIMs newest first, by batch, class and status, with paging; nobody else sees them', async () => {
    const pool = await freshPool(20);
    const r = await reseller();
    const first = (await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 4 }, { token: r.token })).body.data.batch;
    const qpe = await qpeClass(r.token);
    const second = (await t.call('resellerNumber', 'generate', { skuId: qpe.skuId, quantity: 3 }, { token: r.token })).body.data.batch;
    const all = (await t.call('resellerNumber', 'list', { page: 1, size: 5 }, { token: r.token })).body.data;
    expect(all).toMatchObject({ total: 7, page: 1, size: 5 });
    expect(all.items).toHaveLength(5);
    expect(all.items[0]!.batchNo).toBe(second.batchNo);
    expect((await t.call('resellerNumber', 'list', { page: 2, size: 5 }, { token: r.token })).body.data.items).toHaveLength(2);
    const byBatch = (await t.call('resellerNumber', 'list', { batchNo: first.batchNo }, { token: r.token })).body.data;
    expect(byBatch.total).toBe(4);
    expect(byBatch.items.every((e) => e.batchNo === first.batchNo)).toBe(true);
    expect((await t.call('resellerNumber', 'list', { class: EsimClass.qpePregenerated }, { token: r.token })).body.data.total).toBe(3);
    expect((await t.call('resellerNumber', 'list', { status: 'assigned' }, { token: r.token })).body.data.total).toBe(7);
    expect((await t.call('resellerNumber', 'list', { status: 'removed' }, { token: r.token })).body.data.total).toBe(0);
    expect((await t.call('resellerNumber', 'list', { class: 7 }, { token: r.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'class' });
    expect((await t.call('resellerNumber', 'list', { batchNo: 'nope' }, { token: r.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'batchNo' });
    const batches = (await t.call('resellerNumber', 'batches', {}, { token: r.token })).body.data;
    expect(batches.total).toBe(2);
    expect(batches.items.map((b) => b.batchNo)).toEqual([second.batchNo, first.batchNo]);
    expect((await t.call('resellerNumber', 'batches', { batchNo: first.batchNo }, { token: r.token })).body.data).toMatchObject({ total: 1, items: [{ batchNo: first.batchNo, quantity: 4, amount: 1000 }] });

    const other = await reseller();
    expect((await t.call('resellerNumber', 'list', {}, { token: other.token })).body.data).toMatchObject({ total: 0, items: [] });
    expect((await t.call('resellerNumber', 'list', { batchNo: first.batchNo }, { token: other.token })).body.data.total).toBe(0);
    expect((await t.call('resellerNumber', 'batches', {}, { token: other.token })).body.data.total).toBe(0);
    expect((await t.call('resellerNumber', 'batches', { batchNo: first.batchNo }, { token: other.token })).body.data.total).toBe(0);
    // Another reseller's eSIM is not found through the eSIM pages either.
    expect((await t.call('esim', 'detail', { id: all.items[0]!.id }, { token: other.token })).body.code).toBe(serverErrors.esimNotFound.code);
  });

  it('searches the caller\'s own eSIMs by ICCID, activation code or EID; another reseller finds nothing', async () => {
    const r = await reseller();
    const qpe = await qpeClass(r.token);
    const [e] = (await t.call('resellerNumber', 'generate', { skuId: qpe.skuId, quantity: 1 }, { token: r.token })).body.data.items;
    const byIccid = (await t.call('resellerNumber', 'search', { query: e!.iccid! }, { token: r.token })).body.data;
    expect(byIccid).toMatchObject({ by: 'iccid', items: [{ id: e!.id, batchNo: e!.batchNo }] });
    expect((await t.call('resellerNumber', 'search', { query: e!.activationCode }, { token: r.token })).body.data).toMatchObject({ by: 'activation_code', items: [{ id: e!.id }] });
    const eid = '89049032004008882600012345678956';
    await t.db.updateTable('esims').set({ eid }).where('id', '=', e!.id).execute();
    expect((await t.call('resellerNumber', 'search', { query: eid }, { token: r.token })).body.data).toMatchObject({ by: 'eid', items: [{ id: e!.id }] });

    const other = await reseller();
    for (const query of [e!.iccid!, e!.activationCode, eid]) {
      expect((await t.call('resellerNumber', 'search', { query }, { token: other.token })).body).toMatchObject({ code: serverErrors.noSearchResults.code, field: 'query' });
    }
    // A pool profile nobody generated yet is nobody's to find.
    const unassigned = await t.db.selectFrom('esims').select('activation_code').where('sku_id', '=', qpe.skuId).where('record_status', '=', 'unassigned').executeTakeFirstOrThrow();
    expect((await t.call('resellerNumber', 'search', { query: unassigned.activation_code }, { token: r.token })).body.code).toBe(serverErrors.noSearchResults.code);
    for (const query of ['', '   ', 'x'.repeat(65)]) {
      expect((await t.call('resellerNumber', 'search', { query }, { token: r.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'query' });
    }
  });
});

describe('the owner\'s set-up (admin command line)', () => {
  it('loads a pool file, opens and closes a class; a bad row loads nothing', async () => {
    const { code, skuId } = await freshPool(0, 400);
    const file = 'activation_code,dp_address,iccid,class\nOWN-0001,smdp.owner.example,89852240000000000990,\nOWN-0002,smdp.owner.example,,24\n';
    expect(await importPoolFile(t.db, cliActor(), { code }, file, Date.now())).toEqual({ added: 2, skipped: 0 });
    expect(await importPoolFile(t.db, cliActor(), { code }, file, Date.now())).toEqual({ added: 0, skipped: 2 });
    const loaded = await t.db.selectFrom('esims').select(['activation_code', 'class']).where('sku_id', '=', skuId).orderBy('activation_code').execute();
    // Rows without a class take the SKU's generate class (self, from freshPool).
    expect(loaded).toEqual([{ activation_code: 'OWN-0001', class: EsimClass.self }, { activation_code: 'OWN-0002', class: EsimClass.qpePregenerated }]);
    const bads = ['bad code!,smdp.owner.example,,', 'OWN-3,not a domain,,', 'OWN-4,smdp.owner.example,12345,', 'OWN-5,smdp.owner.example,,7'];
    for (const bad of bads) {
      await expect(importPoolFile(t.db, cliActor(), { code }, `activation_code,dp_address,iccid,class\nOWN-OK,smdp.owner.example,,\n${bad}\n`, Date.now())).rejects.toMatchObject({ def: serverErrors.importRowInvalid, data: { line: 3 } });
    }
    expect((await t.sku(code)).stock).toBe(2);
    expect((await ownerClasses(t.db)).find((c) => c.skuCode === code)).toMatchObject({ open: true, available: 2, unitPrice: 400, currency: 'USD' });
    await closeGenerateClass(t.db, cliActor(), { code }, Date.now());
    expect((await ownerClasses(t.db)).find((c) => c.skuCode === code)).toMatchObject({ open: false });
    const r = await reseller();
    expect((await classes(r.token)).some((c) => c.skuId === skuId)).toBe(false);
    await t.db.transaction().execute((tx) => openGenerateClass(tx, { skuCode: code, class: EsimClass.self }, Date.now()));
    expect((await classes(r.token)).find((c) => c.skuId === skuId)).toMatchObject({ available: 2 });
    await expect(t.db.transaction().execute((tx) => openGenerateClass(tx, { skuCode: 'NO-SUCH-SKU', class: 3 }, Date.now()))).rejects.toMatchObject({ def: serverErrors.productNotFound });
    await expect(t.db.transaction().execute((tx) => openGenerateClass(tx, { skuCode: code, class: 7 }, Date.now()))).rejects.toMatchObject({ def: serverErrors.paramInvalid });
  });
});

describe('resellerNumber export', () => {
  async function download(fileToken: string, sessionToken: string) {
    const query = `file=${encodeURIComponent(fileToken)}`;
    const headers = signRequest(t.config.signing, { query, body: '', token: sessionToken });
    return t.app.inject({ method: 'GET', url: `${API_BASE}${DOWNLOAD_PATH}?${query}`, headers });
  }

  it('writes the generated eSIMs with the filter as CSV, in the caller\'s language', async () => {
    const pool = await freshPool(10);
    const r = await reseller();
    const batch = (await t.call('resellerNumber', 'generate', { skuId: pool.skuId, quantity: 5 }, { token: r.token })).body.data;
    const qpe = await qpeClass(r.token);
    await t.call('resellerNumber', 'generate', { skuId: qpe.skuId, quantity: 2 }, { token: r.token });
    const res = await t.call('resellerNumber', 'export', { quantity: 3, format: 'csv', batchNo: batch.batch.batchNo }, { token: r.token });
    expect(res.body.data).toMatchObject({ rows: 3, fileName: expect.stringMatching(/^esims-\d{4}-\d{2}-\d{2}\.csv$/) });
    const file = await download(res.body.data.file, r.token);
    expect(file.statusCode).toBe(200);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('ICCID,Activation code,SM-DP+ address,LPA string,Class,Status,Activation status,Batch,Generated at');
    expect(lines).toHaveLength(4);
    // The generate answer lists the batch as the list does, newest first; so does the file.
    const newest = batch.items[0]!;
    const cells = lines[1]!.split(',');
    expect(cells.slice(0, 4)).toEqual([newest.iccid, newest.activationCode, newest.dpAddress, newest.lpa]);
    expect(cells.slice(4, 8)).toEqual(['Own eSIM', 'Assigned', 'Not activated', batch.batch.batchNo]);
    expect(cells[8]).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Everything, in Chinese, as xlsx.
    const all = await t.call('resellerNumber', 'export', { quantity: 100, format: 'xlsx', i18n: 'zh-Hans' }, { token: r.token });
    expect(all.body.data).toMatchObject({ rows: 7, fileName: expect.stringMatching(/\.xlsx$/) });
    const xlsx = await download(all.body.data.file, r.token);
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('激活码');
    expect(sheet).toContain(batch.batch.batchNo);
    // The file is the caller's: another reseller cannot download it.
    const other = await reseller();
    expect((await download(res.body.data.file, other.token)).statusCode).toBe(403);
  });

  it('refuses an export with nothing in it, and bad quantities or formats', async () => {
    const r = await reseller();
    expect((await t.call('resellerNumber', 'export', { quantity: 10 }, { token: r.token })).body.code).toBe(serverErrors.noDataToExport.code);
    for (const [body, field] of [
      [{ quantity: 0 }, 'quantity'],
      [{ quantity: 10_001 }, 'quantity'],
      [{ quantity: 5, format: 'pdf' }, 'format'],
      [{}, 'quantity'],
    ] as const) {
      const res = await t.call('resellerNumber', 'export', body, { token: r.token });
      expect(res.body.field, JSON.stringify(body)).toBe(field);
      expect([serverErrors.paramInvalid.code, serverErrors.paramMissing.code]).toContain(res.body.code);
    }
  });
});
