// Timed moves the scheduler runs: unpaid orders expire, shipped and delivered ones age into
// confirmed and complete.
import { AUTO_COMPLETE_MS, AUTO_CONFIRM_MS, OrderStatus } from '@simshop/contract';
import type { Database } from '../../db/database.ts';
import { OrderActor } from './order-actor.ts';
import { applyOrderEvent } from './order-state.ts';
import * as orders from './order.repository.ts';
import { ordersPaidTogether, releaseStock } from './order.service.ts';

/** Unpaid orders past their 30 minutes become invalid and give their stock back. */
export async function expireUnpaidOrders(db: Database, now: number): Promise<number> {
  const due = await orders.findDue(db, OrderStatus.unpaid, 'expires_at', now, 100);
  for (const row of due) {
    await db.transaction().execute(async (tx) => {
      const order = await orders.findById(tx, row.id);
      if (!order || order.status !== OrderStatus.unpaid) return;
      // The orders of a checkout share their deadline and expire together (one payment covers them).
      for (const one of await ordersPaidTogether(tx, order)) {
        if (one.status !== OrderStatus.unpaid) continue;
        await applyOrderEvent(tx, one, 'expire', { actor: OrderActor.system, changes: { expires_at: null } }, now);
        await releaseStock(tx, one.id);
      }
    });
  }
  return due.length;
}

/** Shipped orders are confirmed after 10 days; received ones complete after the 7-day after-sales window. */
export async function advanceAgedOrders(db: Database, now: number) {
  const moves = [
    [OrderStatus.shipped, 'shipped_at', AUTO_CONFIRM_MS, 'confirm'],
    [OrderStatus.received, 'received_at', AUTO_COMPLETE_MS, 'complete'],
    [OrderStatus.delivered, 'paid_at', AUTO_COMPLETE_MS, 'complete'],
  ] as const;
  for (const [status, column, age, event] of moves) {
    for (const row of await orders.findDue(db, status, column, now - age, 100)) {
      await db.transaction().execute(async (tx) => {
        const order = await orders.findById(tx, row.id);
        if (order?.status !== status) return;
        await applyOrderEvent(tx, order, event, { actor: OrderActor.system, changes: event === 'confirm' ? { received_at: now } : {} }, now);
      });
    }
  }
}
