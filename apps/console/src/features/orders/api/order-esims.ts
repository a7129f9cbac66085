import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** The eSIMs an order delivered, with install state, log and usage (for its refund). */
export const useOrderEsims = (orderNo: string, enabled = true) => useQuery({ ...endpointQuery('adminOrder', 'esims', { orderNo }), enabled });
