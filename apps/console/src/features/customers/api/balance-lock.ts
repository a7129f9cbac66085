import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

export const useLockBalance = () => useEndpointMutation('adminCustomer', 'lock', { invalidates: [endpointKey('adminCustomer', 'detail'), endpointKey('adminCustomer', 'audit')] });
