import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

const refreshed = { invalidates: [endpointKey('adminProduct'), endpointKey('adminLabel')] };

/** Bulk writes on products; the lists, product pages and label counts are refreshed after each. */
export const useBulkOnSale = () => useEndpointMutation('adminProductBulk', 'set_on_sale', refreshed);
export const useBulkPrice = () => useEndpointMutation('adminProductBulk', 'change_price', refreshed);
export const useBulkLabel = () => useEndpointMutation('adminProductBulk', 'label', refreshed);
