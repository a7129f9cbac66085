import { useQuery } from '@tanstack/react-query';
import { useLanguage } from '@/i18n';
import { useCurrency } from '@/lib/currency';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** merchant.detail: an active merchant's page (profile, products, labels, stores). */
export function useMerchantPage(id: number, enabled: boolean) {
  return useQuery({ ...endpointQuery('merchant', 'detail', { id, i18n: useLanguage(), currency: useCurrency() }), enabled });
}

/** merchant.my_application: the signed-in customer's application to open a shop, or null. */
export function useMyApplication() {
  return useQuery(endpointQuery('merchant', 'my_application', {}));
}

/** merchant.apply: sends the application; field errors are shown at the field by the page. */
export const useApply = () => useEndpointMutation('merchant', 'apply', { invalidates: [endpointKey('merchant', 'my_application')], silent: true });
