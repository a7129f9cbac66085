import { serverErrors } from '@simshop/contract';
import { describe, expect, it } from 'vitest';
import { simulatedPuk } from '../src/providers/carrier.ts';
import { useTestApp } from './harness.ts';

const t = useTestApp();

let n = 0;
/** A China Unicom ICCID (issuer 898601) the carrier simulator knows. */
const unicomIccid = () => `898601${String(Date.now() % 1e9).padStart(9, '0')}${String(++n).padStart(4, '0')}`;

/** Binding proves the SIM is yours: the card's PUK, which the carrier simulator knows. */
const proof = (iccid: string) => ({ iccid, puk: simulatedPuk(iccid) });

const payRecharge = (token: string, number: string, sku = 'RCH-5') => t.buy(token, sku, 1, { rechargeNumber: number });

describe('devices (sim.do, volume.do)', () => {
  it('binds a SIM the carrier knows, lists it and shows its detail with volume and diagnosis', async () => {
    const { token } = await t.signIn();
    const iccid = unicomIccid();
    const bound = await t.call('sim', 'bind', { ...proof(iccid), remark: 'Travel phone' }, { token });
    expect(bound.body.data).toMatchObject({ iccid, carrier: 'cu', remark: 'Travel phone', status: 'active', msisdn: expect.stringMatching(/^186\d{8}$/) });
    expect((await t.call('sim', 'list', {}, { token })).body.data.items).toHaveLength(1);
    const detail = (await t.call('sim', 'detail', { id: bound.body.data.id }, { token })).body.data;
    expect(detail.diagnose).toMatchObject({ ok: expect.any(Boolean), checks: expect.arrayContaining([expect.objectContaining({ name: 'registered', ok: true })]) });
    expect(detail.volume.leftMb).toBe(detail.volume.totalMb - detail.volume.usedMb);
    expect((await t.call('volume', 'get', { id: bound.body.data.id }, { token })).body.data).toEqual(detail.volume);
    expect((await t.call('sim', 'roaming', { id: bound.body.data.id }, { token })).body.data.items.length).toBeGreaterThan(0);
  });

  it('refuses a malformed ICCID, a carrier it does not serve and a SIM someone else follows', async () => {
    const a = await t.signIn();
    const b = await t.signIn();
    expect((await t.call('sim', 'bind', { iccid: '12345' }, { token: a.token })).body).toMatchObject({ code: serverErrors.paramInvalid.code, field: 'iccid' });
    expect((await t.call('sim', 'bind', proof('8944200011112222333'), { token: a.token })).body).toMatchObject({ code: serverErrors.carrierNotSupported.code, field: 'iccid' });
    const iccid = unicomIccid();
    await t.call('sim', 'bind', proof(iccid), { token: a.token });
    expect((await t.call('sim', 'bind', proof(iccid), { token: a.token })).body).toMatchObject({ code: serverErrors.numberExists.code });
    // Someone else needs proof too (with it, the line moves to them: security-binding.test.ts).
    expect((await t.call('sim', 'bind', { iccid }, { token: b.token })).body).toMatchObject({ code: serverErrors.lineProofRequired.code });
  });

  it("keeps another user's device out of reach", async () => {
    const owner = await t.signIn();
    const other = await t.signIn();
    const id = (await t.call('sim', 'bind', proof(unicomIccid()), { token: owner.token })).body.data.id;
    for (const action of ['detail', 'unbind', 'roaming'] as const) {
      expect((await t.call('sim', action, { id }, { token: other.token })).body.code, action).toBe(serverErrors.notFound.code);
    }
    expect((await t.call('volume', 'get', { id }, { token: other.token })).body.code).toBe(serverErrors.notFound.code);
    expect((await t.call('charge', 'list', { deviceId: id }, { token: other.token })).body.code).toBe(serverErrors.notFound.code);
    expect((await t.call('sim', 'unbind', { id }, { token: owner.token })).body.data).toEqual({ ok: true });
    expect((await t.call('sim', 'list', {}, { token: owner.token })).body.data.items).toHaveLength(0);
  });
});

describe('recharges (charge.do)', () => {
  it('recharges a bound SIM through an order: the volume grows once, the record shows, the order is delivered', async () => {
    const { token } = await t.signIn();
    const iccid = unicomIccid();
    const id = (await t.call('sim', 'bind', proof(iccid), { token })).body.data.id;
    const before = (await t.call('volume', 'get', { id }, { token })).body.data;
    const orderNo = await payRecharge(token, iccid);
    expect((await t.call('order', 'detail', { orderNo }, { token })).body.data.status).toBe('delivered');
    const after = (await t.call('volume', 'get', { id }, { token })).body.data;
    expect(after.totalMb).toBe(before.totalMb + 5000);
    await t.db.updateTable('outbox').set({ done_at: null, run_after: 0 }).where('topic', '=', 'order.fulfil').execute();
    await t.drain();
    expect((await t.call('volume', 'get', { id }, { token })).body.data.totalMb).toBe(before.totalMb + 5000);
    const records = (await t.call('charge', 'list', { deviceId: id, i18n: 'zh-Hans' }, { token })).body.data;
    expect(records).toMatchObject({ total: 1, items: [{ number: iccid, volumeMb: 5000, status: 'succeeded', orderNo, packageName: '流量充值 5GB' }] });
  });

  it('refuses at checkout a number the shop cannot recharge (a travel eSIM, an unknown phone): no order, nothing charged', async () => {
    const { token } = await t.signIn();
    const sku = await t.sku('RCH-5');
    const orders = async () => Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await orders();
    for (const number of ['19900000000', '8985200000000000123']) {
      const res = await t.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: { rechargeNumber: number } }] }, { token });
      expect(res.body).toMatchObject({ code: serverErrors.rechargeNumberUnknown.code, field: 'items.0.inputs.rechargeNumber', data: null });
    }
    expect(await orders()).toBe(before);
  });
});
