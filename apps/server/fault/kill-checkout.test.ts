import { OrderStatus } from '@simshop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { BALANCE_BUYERS, balanceBuyers, checkoutOnce, loadSkuId } from './checkout-load.ts';
import { freshPostgres, shopEnv, startServer, type ServerProcess } from './server-process.ts';

// "Kill -9 during a checkout load": checkouts paid from the balance run against a real
// server that is killed without warning half-way, then started again. Every order the server
// acknowledged as paid must exist and be paid, every balance must add up with the payments, and
// the work queued for those orders must be carried out once after the restart.
// Balances are for resellers: the two demo resellers pay from theirs.
const ACCOUNTS = BALANCE_BUYERS;
const CHECKOUTS = 200;
const KILL_AFTER = 60;
const WORKERS = 8;

const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.kill();
});

async function scenario(databaseUrl: string | undefined) {
  const env = shopEnv({ databaseUrl });
  const first = await startServer(env);
  running.push(first);
  const buyers = await balanceBuyers(first, env);

  const db: Database = createDatabase({ databaseUrl, dataDir: env.DATA_DIR! });
  try {
    const skuId = await loadSkuId(db);
    const before = await balancesOf(db);

    // The load: each worker creates and pays orders until the server is gone.
    const acknowledged: string[] = [];
    let started = 0;
    let killed: Promise<void> | undefined;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (started < CHECKOUTS && !killed) {
          const buyer = buyers[started++ % buyers.length]!;
          try {
            const outcome = await checkoutOnce(first, buyer, skuId);
            if (outcome.refused !== undefined) throw new Error(`checkout refused with ${outcome.refused} before the kill`);
            acknowledged.push(outcome.orderNo);
            if (acknowledged.length >= KILL_AFTER && !killed) killed = first.kill();
          } catch (err) {
            if (!killed) throw err; // a refused connection after the kill is expected, nothing else
          }
        }
      }),
    );
    await killed;
    expect(await first.exited).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(acknowledged.length).toBeLessThan(CHECKOUTS);

    // Started again on the same database (on SQLite the dead process's claim is taken over).
    const second = await startServer(env);
    running.push(second);

    // Every acknowledged order exists and is paid by one successful balance payment.
    const paid = await db
      .selectFrom('orders')
      .innerJoin('payments', 'payments.order_id', 'orders.id')
      .select(['orders.order_no', 'orders.status', 'orders.total', 'orders.user_id', 'payments.amount', 'payments.method'])
      .where('payments.status', '=', 'succeeded')
      .execute();
    const paidNos = paid.map((p) => p.order_no);
    for (const no of acknowledged) expect(paidNos.filter((n) => n === no)).toHaveLength(1);
    for (const p of paid) {
      expect(p.status).toBe(OrderStatus.paid);
      expect(p.amount).toBe(p.total);
    }

    // The books: what each balance lost is what its paid orders cost, and the ledger agrees.
    const after = await balancesOf(db);
    for (const [userId, amount] of before) {
      const spent = paid.filter((p) => p.user_id === userId && p.method === 'balance').reduce((sum, p) => sum + p.amount, 0);
      expect(after.get(userId)).toBe(amount - spent);
      const last = await db.selectFrom('balance_ledger').select('balance_after').where('user_id', '=', userId).where('currency', '=', 'CNY').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(last.balance_after).toBe(after.get(userId));
    }
    // Stock taken once per order that still holds it.
    const held = Number((await db.selectFrom('orders').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', [OrderStatus.unpaid, OrderStatus.paid]).executeTakeFirstOrThrow()).n);
    expect((await db.selectFrom('product_skus').select('stock').where('id', '=', skuId).executeTakeFirstOrThrow()).stock).toBe(1000 - held);

    // After the restart the queued fulfilment of every paid order runs, once each.
    const until = Date.now() + 30_000;
    let pending = -1;
    while (pending !== 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      // A job the killed process had leased waits for its lease to end (the outbox's rule), then runs.
      pending = Number((await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).where('done_at', 'is', null).where('failed_at', 'is', null).where('topic', '=', 'order.fulfil').where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', Date.now())])).executeTakeFirstOrThrow()).n);
    }
    expect(pending).toBe(0);
    const jobs = await db.selectFrom('outbox').select(['payload', 'done_at', 'locked_until']).where('topic', '=', 'order.fulfil').execute();
    const ids = await db.selectFrom('orders').select(['id', 'order_no']).where('order_no', 'in', paidNos.length ? paidNos : ['none']).execute();
    for (const { id } of ids) {
      const forOrder = jobs.filter((j) => (JSON.parse(j.payload) as { orderId: number }).orderId === id);
      expect(forOrder).toHaveLength(1);
      if (forOrder[0]!.done_at === null) expect(Number(forOrder[0]!.locked_until)).toBeGreaterThan(Date.now());
    }
    await second.kill();
  } finally {
    await db.destroy();
  }
}

async function balancesOf(db: Database): Promise<Map<number, number>> {
  const rows = await db.selectFrom('balances').innerJoin('users', 'users.id', 'balances.user_id').select(['balances.user_id', 'balances.amount']).where('balances.currency', '=', 'CNY').where('users.email', 'in', ACCOUNTS).execute();
  return new Map(rows.map((r) => [r.user_id, r.amount]));
}

describe('kill -9 during a checkout load', () => {
  it('on SQLite: no acknowledged order lost, books balanced, queued work done once', { timeout: 120_000 }, async () => {
    await scenario(undefined);
  });

  it('on PostgreSQL: the same', { timeout: 120_000 }, async () => {
    await scenario(await freshPostgres('kill_checkout'));
  });
});
