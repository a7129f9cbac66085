import { queryOptions, useQuery } from '@tanstack/react-query';
import { LIMITS } from '@simshop/contract';
import { endpointKey } from '@/lib/endpoint-query';
import { loadAddresses } from './address-cache';

/**
 * address.list: the address book, through the SPEC §4 address cache (kept in the browser for
 * five minutes). Keyed by the call, so an address write invalidates it with endpointKey('address').
 */
export const addressListQuery = () =>
  queryOptions({
    queryKey: endpointKey('address', 'list', { page: 1, size: LIMITS.addressPageSize }),
    queryFn: () => loadAddresses(),
  });
export const useAddressList = (enabled = true) => useQuery({ ...addressListQuery(), enabled });
