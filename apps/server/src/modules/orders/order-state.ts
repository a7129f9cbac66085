import { canApply, ORDER_TRANSITIONS, OrderStatus, serverErrors, type OrderEvent, type OrderHistoryEvent } from '@simshop/contract';
import type { Selectable, Updateable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { OrdersTable } from './orders.table.ts';
import { AppError } from '../../lib/app-error.ts';
import { releaseCouponUse } from '../coupons/coupon.service.ts';
import type { OrderActor } from './order-actor.ts';
import * as orders from './order.repository.ts';
import type { AnyWithMove, RowsOf } from './write-with-move.ts';

export type OrderRow = Selectable<OrdersTable>;

/** An order's money as the shop and the console both show it: minor units of the order's currency. */
export const orderMoney = (o: Pick<OrderRow, 'currency' | 'subtotal' | 'freight' | 'service_fee' | 'discount' | 'total'>) => ({
  currency: o.currency,
  subtotal: o.subtotal,
  freight: o.freight,
  serviceFee: o.service_fee,
  discount: o.discount,
  total: o.total,
});

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
  return applyOrderEvents(tx, order, [{ event, changes: by.changes, actor: by.actor, reason: by.reason }], now);
}

/**
 * Events that follow one another at once (a payment that also delivers): each is checked
 * against the transition table from the status the one before it leads to, and every one writes
 * its event row, but the order's row is updated once, from the first status to the last with
 * all their changes (on PostgreSQL one row version and one round trip instead of one
 * per event). Refused as a whole, with nothing written, if any step is not allowed or the order
 * was moved meanwhile. Returns the last status.
 */
export async function applyOrderEvents(tx: Executor, order: Pick<OrderRow, 'id' | 'status'>, steps: readonly OrderStep[], now: number): Promise<string> {
  return (await moveOrder(tx, order, steps, now, [])).status;
}

/**
 * The same, with other modules' writes going with the move (on PostgreSQL in its
 * statement, e.g. the payment that pays the order and the debit it is paid with); refused as a
 * whole as above. Returns each write's rows.
 */
export async function applyOrderEventsWith<P extends readonly AnyWithMove[]>(tx: Executor, order: Pick<OrderRow, 'id' | 'status'>, steps: readonly OrderStep[], now: number, also: P): Promise<RowsOf<P>> {
  return (await moveOrder(tx, order, steps, now, also)).also;
}

type OrderStep = { event: OrderEvent; actor: OrderActor; reason?: string | undefined; changes?: Updateable<OrdersTable> | undefined };

async function moveOrder<P extends readonly AnyWithMove[]>(tx: Executor, order: Pick<OrderRow, 'id' | 'status'>, steps: readonly OrderStep[], now: number, also: P): Promise<{ status: OrderStatus; also: RowsOf<P> }> {
  const moves: { event: OrderEvent; from: OrderStatus; to: OrderStatus; actor: OrderActor; reason: string }[] = [];
  let changes: Updateable<OrdersTable> = {};
  let status = order.status;
  for (const step of steps) {
    if (!canApply(step.event, status)) throw new AppError(serverErrors.orderStatusConflict, undefined, { status, event: step.event });
    const target = ORDER_TRANSITIONS[step.event][1];
    // 'previous': the status the order had before it entered this one (the step before, in a chain).
    const to = target !== 'previous' ? target : moves.length > 0 ? moves[moves.length - 1]!.from : await orders.statusBefore(tx, order.id, status);
    if (!to) throw new AppError(serverErrors.orderStatusConflict, undefined, { status, event: step.event });
    moves.push({ event: step.event, from: status, to, actor: step.actor, reason: step.reason ?? '' });
    changes = { ...changes, ...step.changes };
    status = to;
  }
  if (moves.length === 0) return { status: order.status, also: await orders.writeWithoutMove(tx, also) };
  const moved = await orders.moveStatusWithEvents(tx, { id: order.id, from: order.status, to: status, changes, events: moves, now }, also);
  if (!moved) throw new AppError(serverErrors.orderStatusConflict, undefined, { status: order.status, event: moves[0]!.event });
  // An order that will never be paid for, or whose money all went back, gives its coupon use back (once).
  if (moves.some((m) => m.to === OrderStatus.invalid || m.to === OrderStatus.refunded)) await releaseCouponUse(tx, order.id, now);
  return { status, also: moved.also };
}

/** A change that is not a status transition but belongs in the order's history (e.g. a new address). */
export async function recordOrderChange(tx: Executor, order: Pick<OrderRow, 'id' | 'status'>, event: OrderHistoryEvent, by: { actor: OrderActor; reason?: string; changes: Updateable<OrdersTable> }, now: number) {
  if (!(await orders.updateFields(tx, order.id, order.status, by.changes, now))) throw new AppError(serverErrors.orderStatusConflict);
  await orders.insertEvent(tx, { orderId: order.id, event, from: order.status, to: order.status, actor: by.actor, reason: by.reason ?? '', now });
}
