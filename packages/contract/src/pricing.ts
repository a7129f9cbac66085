import type { Currency } from './enums.ts';

/** What one unit costs: resellers pay the wholesale price from the minimum wholesale quantity on (DESIGN §4). */
export function unitPriceFor(sku: { price: number; wholesalePrice: number | null }, quantity: number, reseller: boolean, wholesaleMinQty: number | null): number {
  if (reseller && sku.wholesalePrice !== null && quantity >= (wholesaleMinQty ?? 1)) return sku.wholesalePrice;
  return sku.price;
}

/** A SKU's price and wholesale price in one currency, in its minor units. */
export interface PriceSet {
  price: number;
  wholesalePrice: number | null;
}

/** A SKU's prices in currencies other than its product's own (the owner sets them; none is made up by a rate). */
export type OtherPrices = Partial<Record<Currency, PriceSet>>;

/**
 * The currency a product is shown and sold in to a customer who chose `wanted`: that one when
 * every SKU of it has a price in it (its own currency always does), else the product's own, so
 * one product never mixes currencies between its SKUs.
 */
export function productCurrencyFor(own: Currency, skus: ReadonlyArray<{ prices: OtherPrices }>, wanted: Currency): Currency {
  if (wanted === own) return own;
  return skus.length > 0 && skus.every((s) => s.prices[wanted] !== undefined) ? wanted : own;
}

/** A SKU's price set in `currency`: its own columns in the product's currency, else the owner's price in that one (undefined: none). */
export function priceSetIn(sku: PriceSet & { prices: OtherPrices }, own: Currency, currency: Currency): PriceSet | undefined {
  return currency === own ? { price: sku.price, wholesalePrice: sku.wholesalePrice } : sku.prices[currency];
}
