import { canApply, ORDER_TRANSITIONS, OrderStatus, serverErrors, type OrderEvent } from '@simshop/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { OrdersTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseCouponUse } from '../coupons/coupon.service.ts';
import type { OrderActor } from './order-actor.ts';
import * as orders from './order.repository.ts';

export type OrderRow = Selectable<OrdersTable>;

/**
 * The one place an order's status changes: checks the contract's transition table, moves the
 * status only if nobody moved it meanwhile, and writes the order event, all in the caller's
 * transaction. Returns the new status.
 */
export async function applyOrderEvent(
  tx: Executor,
  order: Pick<OrderRow, 'id' | 'status'>,
  event: OrderEvent,
  by: { actor: OrderActor; reason?: string; changes?: Updateable<OrdersTable> },
  now: number,
): Promise<string> {
  if (!canApply(event, order.status as never)) throw new AppError(serverErrors.orderStatusConflict, undefined, { status: order.status, event });
  const target = ORDER_TRANSITIONS[event][1];
  const to = target === 'previous' ? await orders.statusBefore(tx, order.id, order.status) : target;
  if (!to) throw new AppError(serverErrors.orderStatusConflict, undefined, { status: order.status, event });
  if (!(await orders.moveStatusWithEvent(tx, { id: order.id, from: order.status, to, changes: by.changes ?? {}, event, actor: by.actor, reason: by.reason ?? '', now }))) {
    throw new AppError(serverErrors.orderStatusConflict, undefined, { status: order.status, event });
  }
  // An order that will never be paid for, or whose money all went back, gives its coupon use back (once).
  if (to === OrderStatus.invalid || to === OrderStatus.refunded) await releaseCouponUse(tx, order.id, now);
  return to;
}

/** A change that is not a status transition but belongs in the order's history (e.g. a new address). */
export async function recordOrderChange(tx: Executor, order: Pick<OrderRow, 'id' | 'status'>, event: string, by: { actor: OrderActor; reason?: string; changes: Updateable<OrdersTable> }, now: number) {
  if (!(await orders.updateFields(tx, order.id, order.status, by.changes, now))) throw new AppError(serverErrors.orderStatusConflict);
  await orders.insertEvent(tx, { orderId: order.id, event, from: order.status, to: order.status, actor: by.actor, reason: by.reason ?? '', now });
}
