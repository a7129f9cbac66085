import { API_BASE, DOWNLOAD_PATH, EsimClass, lpaString, serverErrors, signRequest, Role } from '@simshop/contract';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../src/lib/csv.ts';
import { issueOrderEcodes } from '../src/modules/ecode/ecode.service.ts';
import { approveRefund } from '../src/modules/payments/refund.service.ts';
import { cliActor } from '../src/modules/audit/audit.service.ts';
import { createTestApp, useTestApp } from './harness.ts';

/**
 * ECodes: issued on payment, managed by their reseller, customised into QPE eSIMs
 * through the built-in SM-DP+ simulator over real HTTP on loopback.
 */
const t = useTestApp();
beforeAll(async () => {
  // The simulator answers on this server's own address, so it must listen.
  await t.app.listen({ host: '127.0.0.1', port: 0 });
});

const IMEI = '490154203237518';
const code = (e: { code: number }) => e.code;

async function reseller() {
  return t.signIn(Role.reseller);
}

/** A reseller's fresh codes, bought in the sandbox; returns them newest first with the order number. */
async function buyCodes(token: string, quantity: number) {
  const orderNo = await t.buy(token, 'ECODE-QPE', quantity);
  const list = (await t.call('ecodeManage', 'list', { status: 'unused', size: 100 }, { token })).body.data;
  return { orderNo, codes: list.items.filter((i) => i.orderNo === orderNo).map((i) => i.code) };
}

async function download(fileToken: string, sessionToken: string) {
  const query = `file=${encodeURIComponent(fileToken)}`;
  const headers = signRequest(t.config.signing, { query, body: '', token: sessionToken });
  return t.app.inject({ method: 'GET', url: `${API_BASE}${DOWNLOAD_PATH}?${query}`, headers });
}

/** The rows of the first sheet of an xlsx written with inline strings. */
function xlsxRows(bytes: Buffer): string[][] {
  const sheet = strFromU8(unzipSync(new Uint8Array(bytes))['xl/worksheets/sheet1.xml']!);
  return [...sheet.matchAll(/<row r="\d+">(.*?)<\/row>/g)].map((row) => {
    const cells: string[] = [];
    for (const c of row[1]!.matchAll(/<c r="([A-Z]+)\d+"[^>]*>(?:<is><t[^>]*>(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g)) {
      const col = c[1]!.charCodeAt(0) - 65;
      cells[col] = c[2] ?? c[3] ?? '';
    }
    return Array.from({ length: cells.length }, (_, i) => cells[i] ?? '');
  });
}

describe('ECodes issued on payment', () => {
  it('issues one unique JT + 10 digit code per unit to the buyer, and delivers the order', async () => {
    const r = await reseller();
    const { orderNo, codes } = await buyCodes(r.token, 6);
    expect(codes).toHaveLength(6);
    for (const c of codes) expect(c).toMatch(/^JT\d{10}$/);
    expect(new Set(codes).size).toBe(6);
    expect((await t.call('order', 'detail', { orderNo }, { token: r.token })).body.data.status).toBe('delivered');
    const rows = await t.db.selectFrom('ecodes').selectAll().where('code', 'in', codes).execute();
    expect(rows.every((row) => row.user_id === r.userId && row.status === 'unused')).toBe(true);
    expect(rows.map((row) => row.unit_index).sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('issues nothing twice when fulfilment runs again', async () => {
    const r = await reseller();
    const { orderNo, codes } = await buyCodes(r.token, 3);
    const order = await t.db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    const items = await t.db.selectFrom('order_items').select(['id', 'kind', 'product_id', 'sku_id', 'quantity']).where('order_id', '=', order.id).execute();
    const missing = await t.db.transaction().execute((tx) => issueOrderEcodes(tx, order, items, Date.now()));
    expect(missing).toBe(0);
    expect(await t.db.selectFrom('ecodes').select('code').where('order_id', '=', order.id).execute()).toHaveLength(3);
    // A unit whose code went missing is issued again, and only that one.
    await t.db.deleteFrom('ecodes').where('code', '=', codes[0]!).execute();
    expect(await t.db.transaction().execute((tx) => issueOrderEcodes(tx, order, items, Date.now()))).toBe(0);
    const after = (await t.db.selectFrom('ecodes').select('code').where('order_id', '=', order.id).execute()).map((x) => x.code);
    expect(after).toHaveLength(3);
    expect(after).toEqual(expect.arrayContaining(codes.slice(1)));
  });

  it('makes the codes of a fully refunded order invalid', async () => {
    const r = await reseller();
    const { orderNo, codes } = await buyCodes(r.token, 3);
    expect((await t.call('order', 'refund', { orderNo, reason: 'no_longer_needed' }, { token: r.token })).body.code).toBe(0);
    await approveRefund(t.db, cliActor(), orderNo, undefined, Date.now());
    const statuses = await t.db.selectFrom('ecodes').select('status').where('code', 'in', codes).execute();
    expect(statuses.map((x) => x.status)).toEqual(['invalid', 'invalid', 'invalid']);
    const invalid = await t.call('ecodeCustomize', 'customize', { ecode: codes[1]!, imei: IMEI, variant: 'qpe' }, { token: r.token });
    expect(code(invalid.body)).toBe(serverErrors.ecodeInvalid.code);
    expect((await t.call('ecodeManage', 'list', { status: 'invalid' }, { token: r.token })).body.data.counts).toMatchObject({ invalid: 3, unused: 0 });
  });

  it('refuses a full refund once a code is sold, changing nothing; a partial refund pays back the unused codes and invalidates them', async () => {
    const r = await reseller();
    const { orderNo, codes } = await buyCodes(r.token, 3);
    expect((await t.call('ecodeManage', 'mark_sold', { code: codes[0]! }, { token: r.token })).body.code).toBe(0);
    expect((await t.call('order', 'refund', { orderNo, reason: 'no_longer_needed' }, { token: r.token })).body.code).toBe(0);
    await expect(approveRefund(t.db, cliActor(), orderNo, undefined, Date.now())).rejects.toMatchObject({ def: serverErrors.orderStatusConflict, field: 'amount', data: { usedEcodes: 1 } });
    const order = await t.db.selectFrom('orders').select(['status', 'total']).where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    expect(order.status).toBe('to_be_refunded');
    const before = Object.fromEntries((await t.db.selectFrom('ecodes').select(['code', 'status']).where('code', 'in', codes).execute()).map((x) => [x.code, x.status]));
    expect(before).toEqual({ [codes[0]!]: 'sold', [codes[1]!]: 'unused', [codes[2]!]: 'unused' });

    await approveRefund(t.db, cliActor(), orderNo, Math.floor((Number(order.total) * 2) / 3), Date.now());
    expect((await t.db.selectFrom('orders').select('status').where('order_no', '=', orderNo).executeTakeFirstOrThrow()).status).toBe('partial_refunded');
    const after = Object.fromEntries((await t.db.selectFrom('ecodes').select(['code', 'status']).where('code', 'in', codes).execute()).map((x) => [x.code, x.status]));
    expect(after).toEqual({ [codes[0]!]: 'sold', [codes[1]!]: 'invalid', [codes[2]!]: 'invalid' });
  });
});

describe('ECode manage', () => {
  it('lists by status with counts and pages; search finds one code', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 5);
    await t.call('ecodeManage', 'mark_sold', { code: codes[1]!, note: 'Shop 12' }, { token: r.token });
    await t.call('ecodeManage', 'delete', { code: codes[2]! }, { token: r.token });
    const all = (await t.call('ecodeManage', 'list', { size: 2, page: 1, i18n: 'zh-Hans' }, { token: r.token })).body.data;
    expect(all.counts).toEqual({ unused: 3, sold: 1, customized: 0, invalid: 0, deleted: 1 });
    // Without a filter: everything but the deleted ones, newest first, 2 a page.
    expect(all.total).toBe(4);
    expect(all.items).toHaveLength(2);
    expect(all.items[0]).toMatchObject({ productName: 'QPE ECode', status: 'unused' });
    const page3 = (await t.call('ecodeManage', 'list', { size: 2, page: 2 }, { token: r.token })).body.data;
    expect(page3.items).toHaveLength(2);
    expect(new Set([...all.items, ...page3.items].map((i) => i.code))).toEqual(new Set([codes[0], codes[1], codes[3], codes[4]]));
    const sold = (await t.call('ecodeManage', 'list', { status: 'sold' }, { token: r.token })).body.data;
    expect(sold.items.map((i) => [i.code, i.buyerNote])).toEqual([[codes[1], 'Shop 12']]);
    expect(sold.items[0]!.soldAt).toBeTypeOf('number');
    expect((await t.call('ecodeManage', 'list', { status: 'deleted' }, { token: r.token })).body.data.items.map((i) => i.code)).toEqual([codes[2]]);

    const found = await t.call('ecodeManage', 'search', { code: codes[3]!.toLowerCase() }, { token: r.token });
    expect(found.body.data.items.map((i) => i.code)).toEqual([codes[3]]);
    expect(code((await t.call('ecodeManage', 'search', { code: 'JT0000000000' }, { token: r.token })).body)).toBe(serverErrors.noSearchResults.code);
    expect((await t.call('ecodeManage', 'search', { code: '' }, { token: r.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'code' });
  });

  it('marks unused codes sold and deletes unused or sold ones; other statuses are refused', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 4);
    const sold = await t.call('ecodeManage', 'mark_sold', { code: codes[0]!, note: 'Alice' }, { token: r.token });
    expect(sold.body.data).toMatchObject({ code: codes[0], status: 'sold', buyerNote: 'Alice' });
    expect(code((await t.call('ecodeManage', 'mark_sold', { code: codes[0]! }, { token: r.token })).body)).toBe(serverErrors.ecodeInvalid.code);
    expect((await t.call('ecodeManage', 'mark_sold', { code: codes[1]!, note: 'x'.repeat(101) }, { token: r.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'note' });
    expect((await t.call('ecodeManage', 'delete', { code: codes[0]! }, { token: r.token })).body.data.status).toBe('deleted');
    expect((await t.call('ecodeManage', 'delete', { code: codes[1]! }, { token: r.token })).body.data.status).toBe('deleted');
    expect(code((await t.call('ecodeManage', 'delete', { code: codes[1]! }, { token: r.token })).body)).toBe(serverErrors.ecodeInvalid.code);
    expect(code((await t.call('ecodeManage', 'mark_sold', { code: codes[1]! }, { token: r.token })).body)).toBe(serverErrors.ecodeInvalid.code);
    // A deleted code cannot be customised either.
    expect(code((await t.call('ecodeCustomize', 'customize', { ecode: codes[1]!, imei: IMEI, variant: 'qpe' }, { token: r.token })).body)).toBe(serverErrors.ecodeInvalid.code);
    // A customised code carries an eSIM: it cannot be deleted.
    expect((await t.call('ecodeCustomize', 'customize', { ecode: codes[2]!, imei: IMEI, variant: 'qpe' }, { token: r.token })).body.code).toBe(0);
    expect(code((await t.call('ecodeManage', 'delete', { code: codes[2]! }, { token: r.token })).body)).toBe(serverErrors.ecodeAlreadyCustomised.code);
    expect(code((await t.call('ecodeManage', 'mark_sold', { code: codes[2]! }, { token: r.token })).body)).toBe(serverErrors.ecodeInvalid.code);
  });

  it("answers another reseller's code as incorrect, and changes nothing", async () => {
    const owner = await reseller();
    const other = await reseller();
    const { codes } = await buyCodes(owner.token, 1);
    for (const action of ['mark_sold', 'delete'] as const) {
      expect(code((await t.call('ecodeManage', action, { code: codes[0]! }, { token: other.token })).body)).toBe(serverErrors.ecodeInvalid.code);
    }
    expect(code((await t.call('ecodeManage', 'search', { code: codes[0]! }, { token: other.token })).body)).toBe(serverErrors.noSearchResults.code);
    expect((await t.call('ecodeManage', 'list', {}, { token: other.token })).body.data).toMatchObject({ total: 0, items: [] });
    expect((await t.db.selectFrom('ecodes').select('status').where('code', '=', codes[0]!).executeTakeFirstOrThrow()).status).toBe('unused');
  });

  it('refuses regular users and callers without a session', async () => {
    const user = await t.signIn(Role.normal);
    for (const action of ['list', 'search', 'mark_sold', 'delete', 'export'] as const) {
      const body = { code: 'JT0000000000', quantity: 1, format: 'csv' };
      expect(code((await t.call('ecodeManage', action, body, { token: user.token })).body)).toBe(serverErrors.permissionDenied.code);
      expect((await t.call('ecodeManage', action, body)).http).toBe(401);
    }
  });

  it('exports CSV and xlsx through the download route, with the status filter and quantity', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 5);
    await t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'qpe' }, { token: r.token });
    await t.call('ecodeManage', 'mark_sold', { code: codes[1]!, note: 'Bob' }, { token: r.token });

    const csv = await t.call('ecodeManage', 'export', { quantity: 10, format: 'csv', i18n: 'en' }, { token: r.token });
    expect(csv.body.data).toMatchObject({ rows: 5 });
    expect(csv.body.data.fileName).toMatch(/^ecodes-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download(csv.body.data.file, r.token);
    expect(file.statusCode).toBe(200);
    const rows = parseCsv(file.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0]!)).toEqual(['ECode', 'Status', 'Product', 'Order number', 'Created', 'Sold', 'Customised', 'IMEI', 'Activation code']);
    const custom = rows.find((row) => row.ECode === codes[0])!;
    const esim = await t.db.selectFrom('esims').innerJoin('ecodes', 'ecodes.esim_id', 'esims.id').select('esims.activation_code').where('ecodes.code', '=', codes[0]!).executeTakeFirstOrThrow();
    expect(custom).toMatchObject({ Status: 'Customised', IMEI: IMEI, 'Activation code': esim.activation_code, Product: 'QPE ECode' });
    expect(custom.Customised).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.find((row) => row.ECode === codes[1])).toMatchObject({ Status: 'Sold', 'Activation code': '' });
    expect(rows.find((row) => row.ECode === codes[1])!.Sold).not.toBe('');

    const xlsx = await t.call('ecodeManage', 'export', { quantity: 2, format: 'xlsx', status: 'unused', i18n: 'zh-Hans' }, { token: r.token });
    expect(xlsx.body.data).toMatchObject({ rows: 2 });
    const sheet = xlsxRows((await download(xlsx.body.data.file, r.token)).rawPayload);
    expect(sheet[0]).toEqual(['ECode', '状态', '商品', '订单号', '创建时间', '售出时间', '定制时间', 'IMEI', '激活码'].slice(0, sheet[0]!.length));
    expect(sheet).toHaveLength(3);
    for (const row of sheet.slice(1)) {
      expect(codes.slice(2)).toContain(row[0]);
      expect(row[1]).toBe('未使用');
    }
    // Someone else cannot read the file.
    expect((await download(xlsx.body.data.file, (await reseller()).token)).statusCode).toBe(403);

    expect(code((await t.call('ecodeManage', 'export', { quantity: 5, format: 'csv', status: 'invalid' }, { token: r.token })).body)).toBe(serverErrors.noDataToExport.code);
    expect((await t.call('ecodeManage', 'export', { quantity: 10_001, format: 'csv' }, { token: r.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'quantity' });
  });
});

describe('QPE customise and fetch', () => {
  it('customises an unused code into a QPE instant eSIM through the SM-DP+, then fetches it', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 2);
    const customer = await t.signIn(Role.normal);
    expect(code((await t.call('ecodeCustomize', 'fetch', { ecode: codes[0]!, variant: 'qpe' }, { token: customer.token })).body)).toBe(serverErrors.ecodeNotCustomised.code);
    const res = await t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'qpe' }, { token: customer.token });
    expect(res.body.code).toBe(0);
    const result = res.body.data;
    expect(result).toMatchObject({ ecode: codes[0], variant: 'qpe', imei: IMEI, esim: { class: EsimClass.qpeInstant, dpAddress: 'smdp-sim.simshop.local' } });
    expect(result.esim.iccid).toMatch(/^89\d{17}$/);
    expect(result.esim.lpa).toBe(lpaString(result.esim.dpAddress, result.esim.activationCode));
    // The eSIM is the signed-in caller's, in their eSIM list.
    const mine = (await t.call('esim', 'list', {}, { token: customer.token })).body.data;
    expect(mine.items.map((e) => [e.activationCode, e.class])).toEqual([[result.esim.activationCode, EsimClass.qpeInstant]]);
    const row = await t.db.selectFrom('ecodes').selectAll().where('code', '=', codes[0]!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'customized', imei: IMEI, variant: 'qpe', locked_until: null });

    // Fetch needs no session; the same eSIM comes back.
    const fetched = await t.call('ecodeCustomize', 'fetch', { ecode: codes[0]!, variant: 'qpe' });
    expect(fetched.body.data).toEqual(result);
    expect(code((await t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'qpe' })).body)).toBe(serverErrors.ecodeAlreadyCustomised.code);
    // A QPE code is not a longkese one.
    expect(code((await t.call('ecodeCustomize', 'fetch', { ecode: codes[0]!, variant: 'longkese' })).body)).toBe(serverErrors.ecodeInvalid.code);
    expect((await t.call('ecodeManage', 'list', { status: 'customized' }, { token: r.token })).body.data.items[0]).toMatchObject({ code: codes[0], imei: IMEI, variant: 'qpe' });
  });

  it('the longkese variant issues a pre-generated class eSIM; a sold code may be customised without a session', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 1);
    await t.call('ecodeManage', 'mark_sold', { code: codes[0]! }, { token: r.token });
    const res = await t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'longkese', secret: true });
    expect(res.body.data).toMatchObject({ variant: 'longkese', esim: { class: EsimClass.qpePregenerated } });
    // Nobody signed in: the eSIM waits for its holder, who can claim it with the white-list self-adder.
    const esim = await t.db.selectFrom('esims').selectAll().where('activation_code', '=', res.body.data.esim.activationCode).executeTakeFirstOrThrow();
    expect(esim.user_id).toBeNull();
    expect((await t.call('ecodeCustomize', 'fetch', { ecode: codes[0]!, variant: 'longkese', secret: true })).body.data.esim.activationCode).toBe(esim.activation_code);
  });

  it('checks the ECode and the IMEI: incorrect, unknown, secret pages need JT as printed', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 1);
    const c = codes[0]!;
    const customise = (body: Record<string, unknown>) => t.call('ecodeCustomize', 'customize', { ecode: c, imei: IMEI, variant: 'qpe', ...body });
    for (const ecode of ['JT123', 'JT0000000000', '000000000000', 'JT12345678901']) expect((await customise({ ecode })).body, ecode).toMatchObject({ code: serverErrors.ecodeInvalid.code, field: 'ecode' });
    expect((await customise({ ecode: c.toLowerCase(), secret: true })).body).toMatchObject({ code: serverErrors.ecodeInvalid.code, field: 'ecode' });
    for (const imei of ['49015420323751', '4901542032375180', '49015420323751X']) expect((await customise({ imei })).body, imei).toMatchObject({ code: serverErrors.imeiIncorrect.code, field: 'imei' });
    expect((await customise({ imei: '' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'imei' });
    expect((await t.call('ecodeCustomize', 'customize', { ecode: c, variant: 'qpe' })).body).toMatchObject({ code: serverErrors.paramMissing.code, field: 'imei' });
    expect((await customise({ variant: 'other' })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'variant' });
    // Nothing was half-written by the refusals.
    expect(await t.db.selectFrom('ecodes').select(['status', 'locked_until', 'imei']).where('code', '=', c).executeTakeFirstOrThrow()).toEqual({ status: 'unused', locked_until: null, imei: null });
    // The signed-in pages take the code in either case.
    expect((await customise({ ecode: c.toLowerCase() })).body.data.ecode).toBe(c);
  });

  it('locks the code while the SM-DP+ works: of parallel customises exactly one issues an eSIM', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 1);
    const results = await Promise.all(Array.from({ length: 4 }, () => t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'qpe' }, { token: r.token })));
    const ok = results.filter((x) => x.body.code === 0);
    expect(ok).toHaveLength(1);
    // A call that arrives while the first holds the lock is "locked"; one that arrives after it finished, "already customised".
    for (const x of results.filter((y) => y.body.code !== 0)) expect([serverErrors.ecodeLocked.code, serverErrors.ecodeAlreadyCustomised.code]).toContain(x.body.code);
    const linked = await t.db.selectFrom('ecodes').innerJoin('esims', 'esims.id', 'ecodes.esim_id').select('esims.id').where('ecodes.code', '=', codes[0]!).execute();
    expect(linked).toHaveLength(1);
    expect(await t.db.selectFrom('esims').select('id').where('activation_code', '=', ok[0]!.body.data.esim.activationCode).execute()).toHaveLength(1);
  });

  it('a lock left by a customise that died runs out', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 1);
    await t.db.updateTable('ecodes').set({ locked_until: Date.now() + 60_000 }).where('code', '=', codes[0]!).execute();
    expect(code((await t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'qpe' }, { token: r.token })).body)).toBe(serverErrors.ecodeLocked.code);
    // While a customise works on it, the reseller cannot sell or delete it either.
    for (const action of ['mark_sold', 'delete'] as const) expect(code((await t.call('ecodeManage', action, { code: codes[0]! }, { token: r.token })).body)).toBe(serverErrors.ecodeLocked.code);
    await t.db.updateTable('ecodes').set({ locked_until: Date.now() - 1 }).where('code', '=', codes[0]!).execute();
    expect((await t.call('ecodeCustomize', 'customize', { ecode: codes[0]!, imei: IMEI, variant: 'qpe' }, { token: r.token })).body.code).toBe(0);
  });

  it('limits anonymous attempts per address ("operation too frequent")', async () => {
    const ip = '203.0.113.7';
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await t.call('ecodeCustomize', 'fetch', { ecode: 'JT0000000001', variant: 'qpe' }, { ip })).body.code);
    expect(codes.slice(0, 30).every((c) => c === serverErrors.ecodeInvalid.code)).toBe(true);
    expect(codes[30]).toBe(serverErrors.tooFrequent.code);
    // Another address is not affected.
    expect(code((await t.call('ecodeCustomize', 'fetch', { ecode: 'JT0000000001', variant: 'qpe' }, { ip: '203.0.113.8' })).body)).toBe(serverErrors.ecodeInvalid.code);
  });
});

/** Waits until some statement of this test's database waits for a row lock (PostgreSQL). */
async function untilWaitingForLock() {
  for (let i = 0; i < 100; i++) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
    if (rows[0]!.n > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('nothing waited for the row lock');
}

// Interleavings a test can only pin down on PostgreSQL: a row lock held by the test holds the
// other statement at its update (SQLite runs one transaction at a time).
// Row locks let these races be staged step by step only on PostgreSQL; the api-postgres step of
// `npm test` runs them. SQLite has one writer at a time, so they are not registered there at all
// (a skipped test would fail the suite).
if (process.env.DATABASE_URL) describe('ECode races (PostgreSQL)', () => {
  it('does not sell or delete a code that a customise locked after the check and before the update', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 2);
    for (const [i, action] of (['mark_sold', 'delete'] as const).entries()) {
      const c = codes[i]!;
      const holder = await t.db.startTransaction().execute();
      await holder.selectFrom('ecodes').select('id').where('code', '=', c).forUpdate().execute();
      // The reseller's call checks the lock (free) and then waits at its update ...
      const pending = t.call('ecodeManage', action, { code: c }, { token: r.token });
      await untilWaitingForLock();
      // ... while a customise takes the lock.
      const until = Date.now() + 60_000;
      await holder.updateTable('ecodes').set({ locked_until: until }).where('code', '=', c).execute();
      await holder.commit().execute();
      expect(code((await pending).body), action).toBe(serverErrors.ecodeLocked.code);
      expect(await t.db.selectFrom('ecodes').select(['status', 'locked_until']).where('code', '=', c).executeTakeFirstOrThrow()).toEqual({ status: 'unused', locked_until: until });
    }
  });

  it('customises a code the reseller sold between the customise reading it and locking it', async () => {
    const r = await reseller();
    const { codes } = await buyCodes(r.token, 1);
    const c = codes[0]!;
    // The reseller's sale is written but not committed when the customise reads the code (unused) ...
    const seller = await t.db.startTransaction().execute();
    await seller.updateTable('ecodes').set({ status: 'sold', sold_at: Date.now() }).where('code', '=', c).execute();
    const pending = t.call('ecodeCustomize', 'customize', { ecode: c, imei: IMEI, variant: 'qpe' }, { token: r.token });
    await untilWaitingForLock();
    // ... and committed before the customise takes the lock (sold codes may be customised).
    await seller.commit().execute();
    const res = await pending;
    expect(res.body.code).toBe(0);
    expect(await t.db.selectFrom('ecodes').select(['status', 'locked_until']).where('code', '=', c).executeTakeFirstOrThrow()).toEqual({ status: 'customized', locked_until: null });
  });
});

describe('QPE customise when the SM-DP+ fails', () => {
  it('answers "failed to fetch eSIM" and leaves the code usable', async () => {
    const broken = await createTestApp({ SMDP_URL: 'http://127.0.0.1:9/nothing' });
    try {
      const r = await broken.signIn(Role.reseller);
      const orderNo = await broken.buy(r.token, 'ECODE-QPE', 1);
      const [item] = (await broken.call('ecodeManage', 'list', {}, { token: r.token })).body.data.items;
      expect(item!.orderNo).toBe(orderNo);
      for (let attempt = 0; attempt < 2; attempt++) {
        const res = await broken.call('ecodeCustomize', 'customize', { ecode: item!.code, imei: IMEI, variant: 'qpe' }, { token: r.token });
        // The second attempt is not "locked": the failure released the lock.
        expect(res.body).toMatchObject({ code: serverErrors.esimFetchFailed.code });
      }
      expect(await broken.db.selectFrom('ecodes').select(['status', 'locked_until', 'esim_id', 'imei']).where('code', '=', item!.code).executeTakeFirstOrThrow()).toEqual({ status: 'unused', locked_until: null, esim_id: null, imei: null });
      expect(await broken.db.selectFrom('esims').select('id').where('user_id', '=', r.userId).execute()).toHaveLength(0);
      expect((await broken.call('ecodeManage', 'mark_sold', { code: item!.code }, { token: r.token })).body.data.status).toBe('sold');
    } finally {
      await broken.close();
    }
  });
});
