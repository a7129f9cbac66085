import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@simshop/contract';
import { useLanguage } from '@/i18n';
import { useCurrency } from '@/lib/currency';
import { endpointQuery } from '@/lib/endpoint-query';

/** item.list: the signed-in customer's cart, in the page's language. */
export const cartQuery = (lang: string, currency: Currency) => endpointQuery('item', 'list', { i18n: lang, currency });
export const useCart = () => useQuery(cartQuery(useLanguage(), useCurrency()));
