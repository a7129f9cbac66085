import { currencyForLanguage, type Currency, type Language } from '@simshop/contract';
import { languageOf } from './i18n.ts';

/**
 * The currency a request is priced in: the one it names (the shop sends the customer's choice),
 * else the signed-in account's choice, else the language's default.
 */
export const customerCurrency = (asked: Currency | undefined, session: { currency: Currency | null } | null, lang: Language): Currency => asked ?? session?.currency ?? currencyForLanguage(lang);

/** The signed-in customer a pricing request is for: their id, whether they buy at wholesale, and the currency they are priced in. */
export const buyerOf = (session: { userId: number; isReseller: boolean; currency: Currency | null }, input: { i18n?: string | undefined; currency?: Currency | undefined } = {}) => ({
  userId: session.userId,
  reseller: session.isReseller,
  currency: customerCurrency(input.currency, session, languageOf(input.i18n)),
});
