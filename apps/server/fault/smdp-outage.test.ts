import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@simshop/contract';
import type { Database } from '../src/db/database.ts';
import { adminCli, ENGINES, freePort, shopEnv, smdpStats, startServer, startSmdp, type ServerProcess } from './server-process.ts';
import { customerSession, shopDatabase, until } from './shop-db.ts';
import { balanceCheckout, loadSkuId } from './checkout-load.ts';

/**
 * "An SM-DP+ outage longer than the old retry budget": the shop's SM-DP+ is a process
 * of its own that is stopped while a paid eSIM order waits. The old worker gave up after 8
 * tries; now it keeps trying with a capped back-off (shortened here: JOB_RETRY_BASE_MS,
 * JOB_RETRY_MAX_MS), alerts the owner, and issues the eSIM exactly once when the SM-DP+ is back.
 */

describe.each(ENGINES)('an SM-DP+ outage longer than the old retry budget (%s)', (_engine, databaseFor) => {
  let shop: ServerProcess | undefined;
  let smdp: { stop(): Promise<void> } | undefined;
  let db: Database | undefined;
  afterAll(async () => {
    await shop?.kill();
    await smdp?.stop();
    await db?.destroy();
  });

  it('keeps the paid order waiting, alerts, and issues the eSIM once when the SM-DP+ returns', async () => {
    const smdpPort = await freePort();
    const env = shopEnv({
      databaseUrl: await databaseFor('smdp_outage'),
      extra: { SMDP_URL: `http://127.0.0.1:${smdpPort}/smdp-sim`, JOB_RETRY_BASE_MS: '100', JOB_RETRY_MAX_MS: '600', JOB_ALERT_AFTER: '4', OUTBOX_INTERVAL_MS: '100' },
    });
    shop = await startServer(env);
    db = shopDatabase(env);
    // The SM-DP+ is down from the start: connections are refused.
    const email = 'outage@fault.test';
    const token = await customerSession(db, env, email);
    adminCli(env, 'balance', 'credit', email, '100', 'USD');
    const orderNo = await balanceCheckout(shop, token, await loadSkuId(db, 'ESIM-GLOBAL-3'));
    const order = await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).executeTakeFirstOrThrow();
    const job = () => db!.selectFrom('outbox').selectAll().where('topic', '=', 'order.fulfil').where('ref', '=', `order:${order.id}`).executeTakeFirstOrThrow();

    // Past the old budget of 8 tries: still waiting, never failed, the owner alerted.
    const stranded = await until('more than 8 tries', async () => {
      const row = await job();
      return row.attempts > 10 && row;
    });
    expect(stranded).toMatchObject({ failed_at: null, done_at: null });
    expect(stranded.alerted_at).not.toBeNull();
    const detail = await shop.call(api.order.path, 'detail', { orderNo }, token);
    expect(detail.data).toMatchObject({ status: 'paid', fulfilment: 'delayed' });

    // The SM-DP+ comes back: the next try (at most JOB_RETRY_MAX_MS later) issues the eSIM.
    smdp = startSmdp(smdpPort, env);
    await until('the order to be delivered', async () => ((await shop!.call(api.order.path, 'detail', { orderNo }, token)).data as { status: string }).status === 'delivered', 20_000);
    expect(await smdpStats(smdpPort)).toEqual({ downloadOrder: 1, confirmOrder: 1 });
    expect(await db.selectFrom('esims').select(['iccid', 'activation_code']).where('order_id', '=', order.id).execute()).toHaveLength(1);
    expect((await job()).done_at).not.toBeNull();
    const after = await shop.call(api.order.path, 'detail', { orderNo }, token);
    expect(after.data).toMatchObject({ status: 'delivered', fulfilment: null });
  }, 90_000);
});
