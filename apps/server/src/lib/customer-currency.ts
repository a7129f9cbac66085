import { currencyForLanguage, type Currency, type Language } from '@simshop/contract';

/**
 * The currency a request is priced in: the one it names (the shop sends the customer's choice),
 * else the signed-in account's choice, else the language's default.
 */
export const customerCurrency = (asked: Currency | undefined, session: { currency: Currency | null } | null, lang: Language): Currency => asked ?? session?.currency ?? currencyForLanguage(lang);
