import { InstallLogType, serverErrors } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * Beside an eSIM order's refund, staff see each eSIM it delivered: installed or not and when,
 * the install log's last entries, data used of the total (the esim module's reading).
 */
const EID = '89049032004008882600012345678956';

describe("an eSIM order's eSIMs for its refund", () => {
  const t = useTestApp();
  let base = '';
  let owner = '';
  beforeAll(async () => {
    // The SM-DP+ simulator is reached over loopback.
    base = await t.listen();
    owner = (await t.staffSignIn('owner')).token;
  });
  const esimsOf = async (orderNo: string) => {
    const res = await t.call('adminOrder', 'esims', { orderNo }, { token: owner });
    expect(res.body.code, JSON.stringify(res.body)).toBe(0);
    return res.body.data!.items;
  };

  it('says not installed, then installed with when, its log and the data used of the total', async () => {
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-GLOBAL-3', 1);
    await t.drain();
    const [before] = await esimsOf(orderNo);
    expect(before).toMatchObject({ installed: false, installedAt: null, installLog: [], installLogTotal: 0, usage: { dataMb: 3000, usedMb: 0, state: 'not-started' } });
    expect(before!.name.en).not.toBe('');

    const at = Date.now();
    const esim = (await t.call('esim', 'list', {}, { token })).body.data.items[0]!;
    const res = await fetch(`${base}/smdp-sim/device/install`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId: esim.activationCode, eid: EID }) });
    expect(res.status).toBe(200);

    const [after] = await esimsOf(orderNo);
    expect(after).toMatchObject({ id: esim.id, installed: true, installLogTotal: 1, eid: EID });
    expect(after!.installedAt).toBeGreaterThanOrEqual(at);
    expect(after!.installLog).toEqual([{ type: InstallLogType.successInstall, eid: EID, at: after!.installedAt }]);
    expect(after!.usage).toMatchObject({ dataMb: 3000, state: 'active' });
    expect(after!.usage!.usedMb).toBeGreaterThan(0);
  });

  it('an order without eSIMs has none; an unknown order is not found', async () => {
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'SVC-UNLOCK', 1, { imei: '490154203237518' });
    expect(await esimsOf(orderNo)).toEqual([]);
    expect((await t.call('adminOrder', 'esims', { orderNo: 'SS20990101000000ZZZZZZ' }, { token: owner })).body.code).toBe(serverErrors.orderNotFound.code);
  });
});
