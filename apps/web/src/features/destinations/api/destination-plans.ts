import { useQuery } from '@tanstack/react-query';
import type { Currency } from '@simshop/contract';
import { useCurrency } from '@/lib/currency';
import { endpointQuery } from '@/lib/endpoint-query';
import { countriesOf, type Destination } from '@/lib/destinations';

/** product.list of the plans covering a destination: one country, or any of a region's countries. */
export const destinationPlansQuery = (destination: Destination, lang: string, currency: Currency) => endpointQuery('product', 'list', { page: 1, size: 50, i18n: lang, currency, countries: countriesOf(destination) });

/** Nothing is asked for while the page names no destination we know. */
export function useDestinationPlans(destination: Destination | null, lang: string) {
  return useQuery({ ...destinationPlansQuery(destination ?? { kind: 'country', code: 'ZZ' }, lang, useCurrency()), enabled: destination !== null });
}
