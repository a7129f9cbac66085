import { z } from 'zod';
import { i18nField } from '../catalogue.ts';
import { currencySchema } from '../enums.ts';

/**
 * A reseller's daily spend limits for the reseller API (Mine → API): per currency, the most the
 * API's orders (single and bulk) may take from the balance in one UTC day. An order that would
 * pass it is refused whole (problem 403 `res.api.spend-limit`); at 80 % of it the reseller gets a
 * mail and the `spend_limit.warning` webhook event, once per day and currency. The shop's own
 * pages are not limited: the limit guards against a runaway or stolen key, not the reseller.
 */

/** The share of the limit at which the warning goes out, in percent. */
export const API_SPEND_WARNING_PERCENT = 80;
/** The largest limit one may set (minor units): 100 million units of the currency. */
export const API_SPEND_LIMIT_MAX = 10_000_000_000;

export const apiSpendLimitSchema = z.object({
  currency: currencySchema,
  /** Minor units a UTC day; null: no limit. */
  dailyLimit: z.number().int().nullable(),
  /** What the API's orders took today (UTC), in minor units. */
  spentToday: z.number().int(),
});
export type ApiSpendLimit = z.infer<typeof apiSpendLimitSchema>;

/** Every currency, with its limit (or none) and today's spending. */
export const apiSpendLimitsResponse = z.object({ items: z.array(apiSpendLimitSchema), warningPercent: z.number().int() });
export const apiSpendLimitsRequest = z.object({ i18n: i18nField });
/** Sets (or with null removes) one currency's daily limit; today's spending still counts against a new limit. */
export const apiSpendLimitSetRequest = z.object({
  currency: currencySchema,
  dailyLimit: z.number().int().min(0, 'validation.invalid').max(API_SPEND_LIMIT_MAX, 'validation.invalid').nullable(),
  i18n: i18nField,
});
