import type { Language, OrderDetail, ProductKind } from '@simshop/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.ts';
import type { OrderItemsTable, OrdersTable } from '../orders/orders.table.ts';
import type { Providers } from '../../providers/index.ts';

export type KindOrder = Pick<Selectable<OrdersTable>, 'id' | 'user_id' | 'order_no' | 'currency'>;
export type KindItem = Selectable<OrderItemsTable>;
export interface KindRefund {
  amount: number;
  /** The whole total goes back. */
  full: boolean;
}

/**
 * Everything an order, a payment or a refund needs to know about one product kind. Orders call
 * these through the list in registry.ts and never the kind's own module; each hook gets only the
 * order's items of its kind.
 */
export interface ProductKindHandler<K extends ProductKind = ProductKind> {
  readonly kind: K;
  /** Bought from the catalogue through the cart; a top-up is written by its own endpoint instead. */
  readonly orderable: boolean;
  /** Whether an order holding this kind may be paid from a reseller balance (a top-up may not fill the balance that pays it). */
  readonly payableFromBalance: boolean;
  /** A paid order made only of this kind waits for the shop to verify it (unlock, inquiry). */
  readonly verifiedByShop: boolean;
  /** Provider calls after payment, outside any transaction; each unit they deliver is recorded on its own. */
  issueWithProviders?(db: Executor, providers: Pick<Providers, 'smdp' | 'carrier'>, order: KindOrder, items: readonly KindItem[], now: number): Promise<void>;
  /** In the payment's (or the fulfilment's) transaction: issues what it can; returns how many units are still owed. */
  deliver?(tx: Executor, order: KindOrder, items: readonly KindItem[], now: number): Promise<number>;
  /** What the customer's order page shows of what was delivered. */
  detail?(db: Executor, userId: number, orderId: number, lang: Language): Promise<Partial<Pick<OrderDetail, 'esims' | 'ecodes' | 'addonTargets'>>>;
  /** Before a refund is approved: refuses one that cannot be undone. */
  checkRefund?(tx: Executor, order: KindOrder, refund: KindRefund): Promise<void>;
  /**
   * For a refund at once by rule: whether what the order delivered of this kind is untouched (an
   * eSIM never downloaded or installed). With `claim`, in the refund's transaction, so a racing use
   * is either seen or waits. A kind without it is never refunded by rule.
   */
  untouchedForRefund?(tx: Executor, order: KindOrder, claim: { now: number } | null): Promise<boolean>;
  /** In the refund's transaction: takes back what the order delivered. */
  undoOnRefund?(tx: Executor, order: KindOrder, refund: KindRefund, now: number): Promise<void>;
}
