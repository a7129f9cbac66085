import { ActivationStatus, InstallLogType } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.ts';

/**
 * The demo pools' profiles are held by the SM-DP+ simulator too: a pool eSIM bought in the shop
 * installs through the simulator's device route as an on-demand one does, and its page follows.
 */
const EID = '89049032004008882600012345678956';

describe('demo pool eSIMs in the SM-DP+ simulator', () => {
  const t = useTestApp();
  let base = '';
  beforeAll(async () => {
    // The simulator reports over loopback.
    base = await t.listen();
  });

  const device = (step: string, matchingId: string) =>
    fetch(`${base}/smdp-sim/device/${step}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ matchingId, eid: EID }) });
  const firstEsim = async (token: string) => (await t.call('esim', 'list', {}, { token })).body.data.items[0]!;

  it('a bought pool eSIM installs, shows installed on its page and in its order, then is removed', async () => {
    const { token } = await t.signIn();
    const orderNo = await t.buy(token, 'ESIM-ASIA-10-30', 1);
    const esim = await firstEsim(token);
    expect(esim.activationCode).toMatch(/^DEMO-ESIM-ASIA-10-30-/);
    const before = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data;
    expect(before).toMatchObject({ activationStatus: ActivationStatus.unactivated, installLog: [] });

    const res = await device('install', esim.activationCode);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ iccid: before.iccid, eid: EID });
    const after = (await t.call('esim', 'detail', { id: esim.id }, { token })).body.data;
    expect(after).toMatchObject({ activationStatus: ActivationStatus.installed, eid: EID, added: true, installLog: [{ type: InstallLogType.successInstall, eid: EID }] });
    const order = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    expect(order.esims).toEqual([expect.objectContaining({ id: esim.id, installed: true })]);

    // Later steps find the same profile in the simulator.
    expect((await device('delete', esim.activationCode)).status).toBe(200);
    expect((await t.call('esim', 'detail', { id: esim.id }, { token })).body.data).toMatchObject({ activationStatus: ActivationStatus.removed, status: 'removed' });
  });

  it('a pool profile nobody bought is installed in the simulator but changes nothing in the shop', async () => {
    const sku = await t.sku('ESIM-ASIA-5-7');
    const free = await t.db.selectFrom('esims').select(['id', 'activation_code']).where('sku_id', '=', sku.id).where('record_status', '=', 'unassigned').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect((await device('install', free.activation_code)).status).toBe(200);
    const row = await t.db.selectFrom('esims').select(['activation_status', 'record_status', 'added']).where('id', '=', free.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ activation_status: ActivationStatus.unactivated, record_status: 'unassigned', added: 0 });
  });

  it('a code no SM-DP+ holds is unknown to the simulator', async () => {
    expect((await device('install', 'NO-SUCH-CODE')).status).toBe(404);
  });
});
