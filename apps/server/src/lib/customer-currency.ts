import { currencyForLanguage, type Currency, type Language } from '@simshop/contract';
import { languageOf } from './i18n.ts';

/**
 * The currency a request is priced in: the one it names (the shop sends the customer's choice),
 * else the signed-in account's choice, else the language's default.
 */
export const customerCurrency = (asked: Currency | undefined, session: { currency: Currency | null } | null, lang: Language): Currency => asked ?? session?.currency ?? currencyForLanguage(lang);

/** The signed-in customer a pricing request is for (checkout, add-ons). */
export interface Buyer {
  userId: number;
  /** Buys at wholesale prices where a product has them. */
  reseller: boolean;
  /** The currency the customer chose: each line is priced in it where its SKU has a price there, else in its product's own. */
  currency: Currency;
}

export const buyerOf = (session: { userId: number; isReseller: boolean; currency: Currency | null }, input: { i18n?: string | undefined; currency?: Currency | undefined } = {}): Buyer => ({
  userId: session.userId,
  reseller: session.isReseller,
  currency: customerCurrency(input.currency, session, languageOf(input.i18n)),
});
