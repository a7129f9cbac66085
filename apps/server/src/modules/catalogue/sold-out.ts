import type { Selectable } from 'kysely';
import type { ProductSkusTable, ProductsTable } from './catalogue.table.ts';

/** A SKU cannot be bought: its product or itself is marked sold out, or its counted stock is gone. */
export const skuSoldOut = (p: Pick<Selectable<ProductsTable>, 'sold_out'>, sku: Pick<Selectable<ProductSkusTable>, 'sold_out' | 'stock'>) => p.sold_out === 1 || sku.sold_out === 1 || (sku.stock !== null && sku.stock <= 0);
