import { z } from 'zod';
import { currencyField, i18nField, productSummarySchema } from './catalogue.ts';
import { emailSchema } from './validation.ts';

/**
 * Sold out: "notify me when it is back" and the other plans for the same trip. A notice goes
 * once, to one address per product: an e-mail address typed in, or the signed-in account's
 * e-mail (its phone when it has none).
 */
export const stockNoticeRequest = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  /** Required when signed out (or for an account with neither e-mail nor phone); otherwise the account's own. */
  email: emailSchema.optional(),
  i18n: i18nField,
});
export const STOCK_NOTICE_CHANNELS = ['email', 'sms'] as const;
export const stockNoticeResponse = z.object({ channel: z.enum(STOCK_NOTICE_CHANNELS), address: z.string() });

export const alternativesRequest = z.object({ id: z.number().int().positive().max(2_147_483_647), i18n: i18nField, currency: currencyField });
/** In-stock plans of the same kind that cover every destination of the product, the product itself left out; at most `ALTERNATIVES_MAX`. */
export const ALTERNATIVES_MAX = 6;
export const alternativesResponse = z.object({ items: z.array(productSummarySchema) });
