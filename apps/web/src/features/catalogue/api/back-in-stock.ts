import type { Currency, Language } from '@simshop/contract';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** product.notify_back: one notice when a sold-out product is back (the e-mail given, or the account's). */
export const useNotifyBack = () => useEndpointMutation('product', 'notify_back', { invalidates: [] });

/** product.alternatives: the in-stock plans covering every destination of a sold-out one. */
export const alternativesQuery = (id: number, lang: Language, currency: Currency) => endpointQuery('product', 'alternatives', { id, i18n: lang, currency });
