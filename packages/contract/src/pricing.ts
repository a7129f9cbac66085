/** What one unit costs: resellers pay the wholesale price from the minimum wholesale quantity on (DESIGN §4). */
export function unitPriceFor(sku: { price: number; wholesalePrice: number | null }, quantity: number, reseller: boolean, wholesaleMinQty: number | null): number {
  if (reseller && sku.wholesalePrice !== null && quantity >= (wholesaleMinQty ?? 1)) return sku.wholesalePrice;
  return sku.price;
}
