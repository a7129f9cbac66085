import { z } from 'zod';
import { i18nField } from './catalogue.ts';
import { currencySchema } from './enums.ts';

/**
 * Reseller balances (SPEC §7 balance.do, DESIGN §4): one per currency, each change a ledger
 * row. A top-up is an order of one `topup` item paid like any other order (card or sandbox,
 * never the balance itself); the balance is credited once, inside the payment's transaction.
 */

export const balanceSchema = z.object({
  currency: currencySchema,
  /** Minor units. */
  amount: z.number().int(),
  /** A locked balance cannot pay (SPEC §6 "balance lock"). */
  locked: z.boolean(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const balanceGetRequest = z.object({ i18n: i18nField });
export const balanceGetResponse = z.object({ items: z.array(balanceSchema) });

/** Minor units: 1.00 to 100 000.00 per top-up. */
export const TOPUP_MIN = 100;
export const TOPUP_MAX = 10_000_000;

export const topupRequest = z.object({
  amount: z.number().int('validation.invalid').min(TOPUP_MIN, 'validation.invalid').max(TOPUP_MAX, 'validation.invalid'),
  currency: currencySchema,
  i18n: i18nField,
});
/** The unpaid top-up order: the client goes on to the order-pay page with its number. */
export const topupResponse = z.object({ orderNo: z.string(), amount: z.number().int(), currency: currencySchema, expiresAt: z.number().int() });
