import { serverErrors, Role } from '@simshop/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, useTestApp } from './harness.ts';

/**
 * On-demand eSIMs through the built-in SM-DP+ simulator, over real HTTP on loopback: the shop
 * calls ES2+ DownloadOrder and ConfirmOrder, the simulator plays the phone and reports progress.
 */
const t = useTestApp();
let base = '';
beforeAll(async () => {
  base = await t.listen();
});

// A valid EID: 32 digits, mod 97 = 1 (SGP.29); the notification route refuses any other.
const EID = '89049032004008882600012345678956';

/** Buys the on-demand Global eSIM; the SM-DP+ issues it when the outbox is drained. */
const buyGlobal = (token: string, quantity: number) => t.buy(token, 'ESIM-GLOBAL-3', quantity);

async function device(step: string, body: object) {
  const res = await fetch(`${base}/smdp-sim/device/${step}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { points?: number[] } };
}

describe('on-demand eSIMs (ES2+)', () => {
  it('issues one profile per unit after payment, once, and delivers the order', async () => {
    const { token } = await t.signIn();
    const orderNo = await buyGlobal(token, 2);
    const order = (await t.call('order', 'detail', { orderNo }, { token })).body.data;
    // Paid by the payment, delivered by the outbox worker once the SM-DP+ issued both profiles.
    expect(order.status).toBe('delivered');
    expect(order.events.slice(-2).map((e) => [e.to, e.by])).toEqual([['paid', 'provider'], ['delivered', 'system']]);
    await t.db.updateTable('outbox').set({ done_at: null, run_after: 0 }).where('topic', '=', 'order.fulfil').execute();
    await t.drain();
    const list = (await t.call('esim', 'list', {}, { token })).body.data;
    expect(list.total).toBe(2);
    for (const e of list.items) {
      expect(e).toMatchObject({ dpAddress: 'smdp-sim.simshop.local', status: 'assigned', activationStatus: 0 });
      expect(e.iccid).toMatch(/^89\d{17}$/);
    }
    expect(new Set(list.items.map((e) => e.activationCode)).size).toBe(2);
  });

  it('follows an install, a repeat, an EID mismatch and a deletion in status and log', async () => {
    const { token } = await t.signIn();
    await buyGlobal(token, 1);
    await t.drain();
    const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
    expect((await device('install', { matchingId: esim!.activationCode, eid: EID })).body.points).toEqual([3, 4]);
    let detail = (await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data;
    expect(detail).toMatchObject({ activationStatus: 3, eid: EID, added: true, installLog: [{ type: 'success_install', eid: EID }] });
    await device('install', { matchingId: esim!.activationCode, eid: EID });
    await device('install', { matchingId: esim!.activationCode, eid: '89049032004008882600099999999974' });
    await device('disable', { matchingId: esim!.activationCode });
    expect((await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data.activationStatus).toBe(6);
    await device('delete', { matchingId: esim!.activationCode });
    detail = (await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data;
    expect(detail.installLog.map((l) => l.type)).toEqual(['success_install', 'repeat_install', 'eid_mismatch', 'deleted']);
    expect(detail).toMatchObject({ activationStatus: 4, status: 'removed' });
  });

  it('applies a replayed notification once, and refuses one without the token or malformed', async () => {
    const { token } = await t.signIn();
    await buyGlobal(token, 1);
    await t.drain();
    const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
    const body = {
      header: { functionRequesterIdentifier: 'smdp', functionCallIdentifier: 'n-1' },
      eid: EID,
      iccid: esim!.iccid,
      timestamp: '2026-11-22T10:00:00Z',
      notificationPointId: 4,
      notificationPointStatus: { status: 'Executed-Success' },
    };
    const send = (payload: unknown, auth = `Bearer ${t.config.smdp.notifyToken}`) =>
      t.app.inject({ method: 'POST', url: '/fetch/smdp/es2plus/handleDownloadProgressInfo', headers: { 'content-type': 'application/json', authorization: auth }, payload: JSON.stringify(payload) });
    expect((await send(body)).json()).toEqual({ header: { functionExecutionStatus: { status: 'Executed-Success' } } });
    expect((await send(body)).statusCode).toBe(200);
    expect((await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data.installLog).toHaveLength(1);
    expect((await send(body, 'Bearer wrong-token-xyz')).statusCode).toBe(401);
    expect((await send({ ...body, notificationPointId: 'four' })).statusCode).toBe(400);
  });

  it('keeps a paid order and retries when the SM-DP+ cannot be reached', async () => {
    const broken = await createTestApp({ SMDP_URL: 'http://127.0.0.1:9/nothing' });
    try {
      const sku = await broken.sku('ESIM-GLOBAL-3');
      const reseller = await broken.signIn(Role.reseller);
      // A balance payment needs no hosted page, so the order is paid at once.
      const own = (await broken.call('order', 'create', { items: [{ skuId: sku.id, quantity: 1, inputs: {} }] }, { token: reseller.token })).body.data;
      const { creditBalance } = await import('../src/modules/balance/balance.service.ts');
      await creditBalance(broken.db, { userId: reseller.userId, currency: 'USD', amount: 5000, reason: 'test', orderId: null }, Date.now());
      expect((await broken.call('order', 'pay', { orderNo: own.orderNo, method: 'balance' }, { token: reseller.token })).body.code).toBe(0);
      await broken.drain();
      expect((await broken.call('order', 'detail', { orderNo: own.orderNo }, { token: reseller.token })).body.data.status).toBe('paid');
      const job = await broken.db.selectFrom('outbox').selectAll().where('topic', '=', 'order.fulfil').executeTakeFirstOrThrow();
      expect(job).toMatchObject({ attempts: 1, done_at: null, failed_at: null });
      expect(job.last_error).toBeTruthy();
      expect((await broken.call('esim', 'list', {}, { token: reseller.token })).body.data.total).toBe(0);
    } finally {
      await broken.close();
    }
  });

  it('answers an unknown eSIM id with "eSIM does not exist"', async () => {
    const { token } = await t.signIn();
    expect((await t.call('esim', 'detail', { id: 999999 }, { token })).body.code).toBe(serverErrors.esimNotFound.code);
  });
});

describe('refunds of eSIMs', () => {
  it('discards a refunded, never-installed eSIM and cancels it at the SM-DP+', async () => {
    const { approveRefund } = await import('../src/modules/payments/refund.service.ts');
    const { cliActor } = await import('../src/modules/audit/audit.service.ts');
    const { token } = await t.signIn();
    const orderNo = await buyGlobal(token, 1);
    const [esim] = (await t.call('esim', 'list', {}, { token })).body.data.items;
    await t.call('order', 'refund', { orderNo, reason: 'no_longer_needed' }, { token });
    await approveRefund(t.db, cliActor(), orderNo, undefined, Date.now());
    expect((await t.call('esim', 'detail', { id: esim!.id }, { token })).body.data.status).toBe('discarded');
    await t.drain();
    const job = await t.db.selectFrom('outbox').selectAll().where('topic', '=', 'esim.cancel').executeTakeFirstOrThrow();
    expect(job.done_at).not.toBeNull();
    // Cancelled at the SM-DP+: the phone can no longer install it.
    expect((await device('install', { matchingId: esim!.activationCode, eid: EID })).status).toBe(409);
  });
});
