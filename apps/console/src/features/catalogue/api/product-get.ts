import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const productQueryOptions = (id: number) =>
  queryOptions({
    ...endpointQuery('adminProduct', 'get', { id }),
    // The editor's form is filled once from this; a background refetch must not reset it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useProduct = (id: number, enabled = true) => useQuery({ ...productQueryOptions(id), enabled });
