import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

/** Status, role or allow-reseller: the list, the customer's page and its audit rows change. */
export const useUpdateCustomer = () =>
  useEndpointMutation('adminCustomer', 'update', { invalidates: [endpointKey('adminCustomer', 'list'), endpointKey('adminCustomer', 'detail'), endpointKey('adminCustomer', 'audit')] });
