import { EcodeStatus, ProductKind, serverErrors, type Language, type OrderDetail } from '@simshop/contract';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { ApiCaller } from '../api-keys/api-keys.service.ts';
import { recordAudit, ruleActor } from '../audit/audit.service.ts';
import { undeliveredAddons } from '../esim/esim-addon.service.ts';
import { discardRefundedEsims, orderEsimsUntouched } from '../esim/esim.service.ts';
import { requireOrder } from '../orders/order-admin-views.service.ts';
import { OrderActor } from '../orders/order-actor.ts';
import { applyOrderEvent } from '../orders/order-state.ts';
import { orderDetail, requireOwnOrder } from '../orders/order-views.service.ts';
import { payBack } from '../payments/refund.service.ts';
import { requestHashOf, runIdempotent, type StoredAnswer } from './reseller-api-order.service.ts';

/**
 * POST /orders/{id}/refund: what of one of the reseller's orders was not used goes back to the
 * balance at once, by the shop's rule (audited as "rule", no staff to approve it): ECodes still
 * unused (they become invalid), eSIMs the SM-DP+ never reported downloading or installing (they
 * are discarded and cancelled) and a data add-on the carrier has not taken yet. The refund is the
 * shop's (payments' payBack: the balance credit, the order's move, the refund.paid webhook
 * event), in one transaction with the idempotency record.
 *
 * Not done here: orders of several lines (the shop's cart) — the unused part of each line is not
 * told apart by its codes and eSIMs; those are asked for with a reason, as in the shop. Units
 * the shop has not issued yet are the staff's "refund what was not issued".
 */
export async function refundApiOrder(db: Database, caller: ApiCaller, idempotencyKey: string | undefined, orderNo: string, lang: Language, now: number): Promise<StoredAnswer> {
  const request = { idempotencyKey, requestHash: requestHashOf('POST /orders/{id}/refund', { orderNo }), status: 200, now };
  return runIdempotent(
    db,
    caller,
    request,
    async () => null,
    async (tx) => {
      await refundUnused(tx, caller, orderNo, lang, now);
      return orderDetail(tx, caller.userId, orderNo, lang);
    },
  );
}

async function refundUnused(tx: Executor, caller: ApiCaller, orderNo: string, lang: Language, now: number): Promise<void> {
  // Another reseller's order is not found, as everywhere.
  const order = await requireOwnOrder(tx, caller.userId, orderNo);
  const detail = await orderDetail(tx, caller.userId, orderNo, lang);
  const line = detail.items.length === 1 ? detail.items[0]! : null;
  if (!line) throw new AppError(serverErrors.instantRefundNotOffered, 'orderNo');
  // The order's move first: an order that cannot be refunded (unpaid, refunded already) is refused before anything is counted.
  await applyOrderEvent(tx, order, 'request_refund', { actor: OrderActor.user(caller.userId), reason: 'no_longer_needed', changes: { refund_id: `RF${order.order_no.slice(2)}`, refund_reason: 'no_longer_needed', refund_note: `unused units, api key #${caller.keyId}` } }, now);
  const unused = await takeBackUnused(tx, order.id, line, detail, now);
  if (unused === 0) throw new AppError(serverErrors.apiNothingToRefund, 'orderNo');
  // Everything unused: the whole total (fees and discounts included); else the unit price of each unit.
  const amount = unused >= line.quantity ? order.total : Math.min(order.total, unused * line.unitPrice);
  await payBack(tx, ruleActor(), await requireOrder(tx, orderNo), amount, now);
  await recordAudit(tx, ruleActor(), { action: 'order.refund_unused', targetType: 'order', targetId: orderNo, before: { status: order.status }, after: { status: (await requireOrder(tx, orderNo)).status, refundAmount: amount, units: unused, apiKey: caller.keyId } }, now);
}

/**
 * The units of the order's line nobody used, taken back in the refund's transaction. eSIMs are
 * claimed first (a progress report racing the refund waits for it, or was seen), then the
 * untouched ones discarded; unused codes are made invalid by the refund itself (the ECode kind's
 * undo), so here they are only counted, as is an add-on the carrier has not taken.
 */
async function takeBackUnused(tx: Executor, orderId: number, line: OrderDetail['items'][number], detail: OrderDetail, now: number): Promise<number> {
  switch (line.kind) {
    case ProductKind.ecode:
      return detail.ecodes.filter((c) => c.status === EcodeStatus.unused).length;
    case ProductKind.esim:
      await orderEsimsUntouched(tx, orderId, { now });
      return discardRefundedEsims(tx, orderId, now);
    case ProductKind.esimAddon:
      return undeliveredAddons(tx, [{ id: line.id }]);
    default:
      throw new AppError(serverErrors.instantRefundNotOffered, 'orderNo');
  }
}
