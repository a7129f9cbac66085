import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { endpointQuery } from '@/lib/endpoint-query';

/** item.list: the signed-in customer's cart, in the page's language. */
export const cartQuery = (lang: string) => endpointQuery('item', 'list', { i18n: lang });
export const useCart = () => useQuery(cartQuery(useLanguage()));
