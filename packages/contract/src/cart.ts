import { z } from 'zod';
import { currencyField, i18nField, itemInputSchema } from './catalogue.ts';
import { productLabelSchema } from './labels.ts';
import { currencySchema } from './enums.ts';
import { orderMerchantSchema } from './orders.ts';

/** The cart (SPEC §3, §4 Cart): lines of a SKU and a quantity; the badge is the number of lines. */
export const cartLineSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  skuId: z.number().int(),
  kind: z.string(),
  name: z.string(),
  options: z.array(z.string()),
  images: z.string(),
  /** The customer's currency when the SKU has a price in it, else the product's own (then the line is marked). */
  currency: currencySchema,
  /** What the caller pays per unit at this quantity (wholesale for resellers from the minimum on). */
  unitPrice: z.number().int(),
  quantity: z.number().int(),
  qtyMin: z.number().int(),
  qtyMax: z.number().int(),
  selected: z.boolean(),
  soldOut: z.boolean(),
  requiredInputs: z.array(itemInputSchema),
  /** The product's labels. */
  labels: z.array(productLabelSchema),
  /** Who sells it; the cart groups its lines by merchant, and checkout makes one order per merchant. */
  merchant: orderMerchantSchema,
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartListRequest = z.object({ i18n: i18nField, currency: currencyField });
export const cartResponse = z.object({ items: z.array(cartLineSchema) });

/** SPEC §7 cart save: proId, quantity, with=total. Adds to the line of that SKU (the first SKU when none is named). */
export const cartSaveRequest = z.object({
  proId: z.number().int().positive(),
  skuId: z.number().int().positive().optional(),
  quantity: z.number().int().min(1, 'validation.quantity').max(9999, 'validation.quantity'),
  with: z.literal('total').optional(),
});
export const cartSaveResponse = z.object({ id: z.number().int(), quantity: z.number().int() });

export const cartUpdateRequest = z.object({ i18n: i18nField, currency: currencyField, id: z.number().int().positive(), quantity: z.number().int().min(1, 'validation.quantity').max(9999, 'validation.quantity') });
export const cartSelectRequest = z.object({ i18n: i18nField, currency: currencyField, ids: z.array(z.number().int().positive()).min(1).max(200), selected: z.boolean() });
export const cartRemoveRequest = z.object({ i18n: i18nField, currency: currencyField, ids: z.array(z.number().int().positive()).min(1, 'validation.cart_select').max(200) });
