// Apart from the enums' schemas: the shop's first screen asks for the currency without loading zod.
import type { Language } from './language.ts';

/** The one currency type: what prices, orders, payments and balances are kept in (SPEC §9). RMB is only another name for CNY (format.ts shows it). */
export const Currency = { USD: 'USD', CNY: 'CNY' } as const;
export type Currency = (typeof Currency)[keyof typeof Currency];

/** The currency a customer sees before choosing one (Mine): Chinese readers CNY, everyone else USD. */
export const currencyForLanguage = (language: Language | string): Currency => (language.toLowerCase().startsWith('zh') ? Currency.CNY : Currency.USD);
