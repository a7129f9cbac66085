import { z } from 'zod';
import { orderNoSchema } from './orders.ts';
import { currencySchema } from './enums.ts';
import { serviceFee } from './format.ts';

/**
 * Payment (DESIGN §4): balance (resellers), card through Stripe Checkout (4.5 % service fee),
 * WeChat Pay inside WeChat's browser, and sandbox, the built-in hosted page for demos and tests.
 * An order is paid only when the server has verified the provider's notification.
 */
export const PAY_METHODS = ['balance', 'card', 'wechat', 'sandbox'] as const;
export const payMethodSchema = z.enum(PAY_METHODS);
export type PayMethod = z.infer<typeof payMethodSchema>;

/**
 * What paying by `method` adds to an order's amount before fees (minor units): the card
 * provider's 4.5 % (SPEC §9), nothing for the others. The server charges it and the shop quotes
 * it on the goods page, the cart and the confirmation, so both use this one rule.
 */
export const methodFee = (method: PayMethod, amountBeforeFee: number): number => (method === 'card' ? serviceFee(amountBeforeFee) : 0);

export const paymentOptionSchema = z.object({
  method: payMethodSchema,
  available: z.boolean(),
  /** Why it is unavailable: an i18n key. */
  reason: z.string().nullable(),
  serviceFee: z.number().int(),
  total: z.number().int(),
  /** The reseller's balance in the order's currency, for `balance`. */
  balance: z.number().int().nullable(),
});
export const paymentMethodsResponse = z.object({ currency: currencySchema, options: z.array(paymentOptionSchema) });

export const payRequest = z.object({
  orderNo: orderNoSchema,
  method: payMethodSchema,
  /** WeChat Pay only: the OAuth code from WeChat's authorise redirect, which identifies the payer. */
  wechatCode: z.string().min(1).max(128).optional(),
});
export const payResponse = z.object({
  /** True when the order is already paid (balance). */
  paid: z.boolean(),
  /** A hosted payment page to go to (card, sandbox). */
  redirectUrl: z.string().nullable(),
  /** WeChat JSAPI parameters for WeixinJSBridge.invoke('getBrandWCPayRequest', ...). */
  wechat: z.record(z.string(), z.string()).nullable(),
});
