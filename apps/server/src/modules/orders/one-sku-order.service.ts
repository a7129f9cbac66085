import { serverErrors } from '@simshop/contract';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { takeStock } from '../catalogue/catalogue.service.ts';
import { orderItemOf, UNSHIPPED_ORDER, writeOrder } from './order-checkout.service.ts';
import { priceCheckout, type Buyer } from './order-pricing.service.ts';

/**
 * An order of one SKU placed by a program rather than the cart (the reseller API, an assistant's
 * confirmed purchase, a bulk order's chunks): priced for the buyer as the shop prices it, written
 * unpaid with its one item and its stock taken, in the caller's transaction. Paying it is the
 * caller's (the shop's balance payment). What it does not do: goods sent by post, coupons, or
 * more than one line.
 */

export type PricedOneSku = Awaited<ReturnType<typeof priceCheckout>>['parts'][number];
export type PricedLine = PricedOneSku['lines'][number];

export interface OneSkuOrderInput {
  buyer: Buyer;
  skuId: number;
  quantity: number;
  /** Whether the product's required inputs are checked (none are typed in here: a product needing one is refused). */
  checkInputs: boolean;
  /** The order's first event says who placed it (the console's order history shows it). */
  reason: string;
  /** An assistant's name, kept on the order. */
  placedByClient?: string;
  /** The field a refusal for stock names (each caller's wire name for the quantity). */
  quantityField: string;
  /**
   * A unit price agreed earlier (a bulk order's, accepted for all its units): the line is written
   * at it, whatever the price or the quantity's price is now.
   */
  agreedUnitPrice?: number;
}

/** One SKU priced for the buyer as the checkout prices it: its one order and line. */
export async function priceOneSku(tx: Executor, buyer: Buyer, skuId: number, quantity: number, checkInputs: boolean): Promise<PricedOneSku> {
  return (await priceCheckout(tx, buyer, [{ skuId, quantity, inputs: {} }], checkInputs)).parts[0]!;
}

/**
 * Prices one SKU, lets the caller refuse what was priced (`check`: a price guard, a daily
 * amount; it runs before anything is written), writes the order and takes its stock. The order
 * number and what was priced.
 */
export async function writeOneSkuOrder(
  tx: Executor,
  input: OneSkuOrderInput,
  now: number,
  check: (priced: { part: PricedOneSku; line: PricedLine }) => unknown = () => undefined,
): Promise<{ orderNo: string; part: PricedOneSku; line: PricedLine }> {
  const { buyer } = input;
  const asPriced = await priceOneSku(tx, buyer, input.skuId, input.quantity, input.checkInputs);
  const part = input.agreedUnitPrice === undefined ? asPriced : atUnitPrice(asPriced, input.agreedUnitPrice);
  const line = part.lines[0]!;
  await check({ part, line });
  const order = await writeOrder(
    tx,
    {
      userId: buyer.userId,
      reseller: buyer.reseller,
      currency: part.currency,
      subtotal: part.subtotal,
      ...UNSHIPPED_ORDER,
      merchantId: part.merchantId,
      reason: input.reason,
      ...(input.placedByClient === undefined ? {} : { placedByClient: input.placedByClient }),
      // No inputs: a product that needs one was refused by the pricing (or by `check`).
      items: [orderItemOf(line)],
    },
    now,
  );
  if (line.sku.stock !== null && !(await takeStock(tx, line.sku.id, line.quantity))) throw new AppError(serverErrors.stockInsufficient, input.quantityField);
  return { orderNo: order.orderNo, part, line };
}

/** The one line of a digital order (no freight, no coupon) at another unit price. */
function atUnitPrice(part: PricedOneSku, unitPrice: number): PricedOneSku {
  const line = part.lines[0]!;
  const amount = unitPrice * line.quantity;
  return { ...part, lines: [{ ...line, unitPrice, amount }], subtotal: amount, total: part.total - part.subtotal + amount };
}
