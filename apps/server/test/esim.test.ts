import { lpaString, serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { importPool } from '../src/modules/esim/esim-pool.service.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

const buyEsims = (token: string, code: string, quantity: number) => t.buy(token, code, quantity);

describe('eSIMs from the pool', () => {
  it('assigns one profile per unit in the payment and delivers the order', async () => {
    const { token } = await t.signIn();
    const before = (await t.sku('ESIM-ASIA-5-7')).stock!;
    const orderNo = await buyEsims(token, 'ESIM-ASIA-5-7', 2);
    expect((await t.sku('ESIM-ASIA-5-7')).stock).toBe(before - 2);
    const order = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(order).toMatchObject({ status: 'delivered', carrier: 'online' });
    const list = (await t.call('esim', 'list', { i18n: 'zh-Hans' }, { token })).body.data;
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ orderNo, name: '亚洲eSIM', status: 'assigned', activationStatus: 0, dpAddress: 'smdp.demo.simshop.local' });
    expect(list.items[0]!.lpa).toBe(lpaString('smdp.demo.simshop.local', list.items[0]!.activationCode));
    expect(new Set(list.items.map((e) => e.activationCode)).size).toBe(2);
  });

  it('shows one eSIM with its log, counts scans and keeps a remark; another user gets "does not exist"', async () => {
    const owner = await t.signIn();
    await buyEsims(owner.token, 'ESIM-ASIA-10-7', 1);
    const [esim] = (await t.call('esim', 'list', {}, { token: owner.token })).body.data.items;
    const detail = await t.call('esim', 'detail', { id: esim!.id }, { token: owner.token });
    expect(detail.body.data).toMatchObject({ id: esim!.id, scanTimes: 0, installLog: [] });
    expect((await t.call('esim', 'scan', { id: esim!.id }, { token: owner.token })).body.data.scanTimes).toBe(1);
    expect((await t.call('esim', 'remark', { id: esim!.id, remark: "Mum's phone" }, { token: owner.token })).body.data.remark).toBe("Mum's phone");
    expect((await t.call('esim', 'remark', { id: esim!.id, remark: 'x'.repeat(101) }, { token: owner.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'remark' });
    const other = await t.signIn();
    for (const action of ['detail', 'scan'] as const) {
      expect((await t.call('esim', action, { id: esim!.id }, { token: other.token })).body.code).toBe(serverErrors.esimNotFound.code);
    }
    expect((await t.call('esim', 'remark', { id: esim!.id, remark: 'mine' }, { token: other.token })).body.code).toBe(serverErrors.esimNotFound.code);
    expect((await t.call('esim', 'list', {}, { token: other.token })).body.data.total).toBe(0);
    expect((await t.call('esim', 'detail', { id: esim!.id }, { token: owner.token })).body.data.remark).toBe("Mum's phone");
  });

  it('never gives the same profile twice when many pay at once', async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => t.signIn()));
    const orderNos = await Promise.all(buyers.map((b) => buyEsims(b.token, 'ESIM-ASIA-5-30', 2)));
    const codes: string[] = [];
    for (const [i, b] of buyers.entries()) {
      expect((await t.call('order', 'detail', { orderNo: orderNos[i]! }, { token: b.token })).body.data.status).toBe('delivered');
      codes.push(...(await t.call('esim', 'list', {}, { token: b.token })).body.data.items.map((e) => e.activationCode));
    }
    expect(codes).toHaveLength(24);
    expect(new Set(codes).size).toBe(24);
  });

  it('waits in "paid" when the pool runs dry, and delivers once more profiles arrive', async () => {
    const { token } = await t.signIn();
    const sku = await t.sku('ESIM-ASIA-10-30');
    // Stock says more than the pool holds (e.g. profiles were discarded): the order is taken and paid.
    await t.db.updateTable('esims').set({ record_status: 'discarded' }).where('sku_id', '=', sku.id).where('record_status', '=', 'unassigned').execute();
    const orderNo = await buyEsims(token, 'ESIM-ASIA-10-30', 1);
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data.status).toBe('paid');
    await t.drain();
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data.status).toBe('paid');
    await t.db.transaction().execute((tx) => importPool(tx, 'ESIM-ASIA-10-30', [{ activationCode: 'LATE-0001', dpAddress: 'smdp.demo.simshop.local' }], Date.now()));
    await t.db.updateTable('outbox').set({ run_after: 0 }).where('topic', '=', 'order.fulfil').where('done_at', 'is', null).execute();
    await t.drain();
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data.status).toBe('delivered');
    expect((await t.call('esim', 'list', {}, { token })).body.data.items[0]!.activationCode).toBe('LATE-0001');
  });

  it('skips profiles it already has when a pool file is loaded twice', async () => {
    const profiles = [{ activationCode: 'DUP-1', dpAddress: 'smdp.demo.simshop.local' }, { activationCode: 'DUP-2', dpAddress: 'smdp.demo.simshop.local' }];
    const before = (await t.sku('ESIM-ASIA-5-7')).stock!;
    expect(await t.db.transaction().execute((tx) => importPool(tx, 'ESIM-ASIA-5-7', profiles, Date.now()))).toEqual({ added: 2, skipped: 0 });
    expect(await t.db.transaction().execute((tx) => importPool(tx, 'ESIM-ASIA-5-7', profiles, Date.now()))).toEqual({ added: 0, skipped: 2 });
    expect((await t.sku('ESIM-ASIA-5-7')).stock).toBe(before + 2);
  });
});

describe('eSIM search and the white-list self-adder', () => {
  // A real EID: 32 digits, the whole number mod 97 is 1 (SGP.29).
  const EID = '89049032004008882600012345678956';

  it('finds the caller\'s eSIMs by activation code, ICCID and EID, and says "no search results" otherwise', async () => {
    const owner = await t.signIn();
    await buyEsims(owner.token, 'ESIM-ASIA-5-7', 1);
    const [esim] = (await t.call('esim', 'list', {}, { token: owner.token })).body.data.items;
    const byCode = await t.call('esimSearch', 'search', { query: esim!.activationCode }, { token: owner.token });
    expect(byCode.body.data).toMatchObject({ by: 'activation_code', items: [{ id: esim!.id }] });
    const other = await t.signIn();
    expect((await t.call('esimSearch', 'search', { query: esim!.activationCode }, { token: other.token })).body.code).toBe(serverErrors.noSearchResults.code);
    await t.db.updateTable('esims').set({ eid: EID, iccid: '8985200000000000017' }).where('id', '=', esim!.id).execute();
    expect((await t.call('esimSearch', 'search', { query: '8985200000000000017' }, { token: owner.token })).body.data).toMatchObject({ by: 'iccid', items: [{ id: esim!.id }] });
    expect((await t.call('esimSearch', 'search', { query: '8985200000000000017' }, { token: other.token })).body.code).toBe(serverErrors.noSearchResults.code);
    // An EID is printed on boxes and shown in settings: it finds only the caller's own eSIMs.
    expect((await t.call('esimSearch', 'search', { query: EID }, { token: owner.token })).body.data).toMatchObject({ by: 'eid', items: [{ id: esim!.id }] });
    expect((await t.call('esimSearch', 'search', { query: EID }, { token: other.token })).body.code).toBe(serverErrors.noSearchResults.code);
    expect((await t.call('esimSearch', 'search', { query: '' }, { token: other.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'query' });
  });

  it('adds an eSIM sold outside the shop once, by its activation code', async () => {
    const now = Date.now();
    await t.db.insertInto('esims').values({ class: 3, activation_code: 'RESELLER0001', dp_address: 'smdp.demo.simshop.local', record_status: 'unassigned', created_at: now, updated_at: now }).execute();
    const a = await t.signIn();
    const b = await t.signIn();
    expect((await t.call('esimSelfAdd', 'add', { activationCode: 'reseller0001' }, { token: a.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'activationCode' });
    const added = await t.call('esimSelfAdd', 'add', { activationCode: 'RESELLER0001' }, { token: a.token });
    expect(added.body.data).toMatchObject({ activationCode: 'RESELLER0001', added: true, status: 'assigned' });
    expect((await t.call('esimSelfAdd', 'add', { activationCode: 'RESELLER0001' }, { token: b.token })).body.code).toBe(serverErrors.numberExists.code);
    expect((await t.call('esimSelfAdd', 'add', { activationCode: 'NOSUCHCODE01' }, { token: b.token })).body.code).toBe(serverErrors.esimMissingUseSearcher.code);
    // A shop-pool profile waiting for an order cannot be claimed.
    const pool = await t.db.selectFrom('esims').select('activation_code').where('record_status', '=', 'unassigned').where('sku_id', 'is not', null).executeTakeFirstOrThrow();
    const poolCode = pool.activation_code.replace(/-/g, '');
    expect((await t.call('esimSelfAdd', 'add', { activationCode: poolCode }, { token: b.token })).body.code).toBe(serverErrors.esimMissingUseSearcher.code);
  });
});
