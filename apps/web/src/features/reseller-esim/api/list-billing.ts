import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** billing.list: the latest balance and payment records, newest first. */
export const billingListQuery = () => endpointQuery('billing', 'list', { page: 1, size: 50 });
export const useBillingList = () => useQuery(billingListQuery());
