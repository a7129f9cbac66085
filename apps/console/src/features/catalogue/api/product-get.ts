import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['adminProduct', 'get', { id }],
    queryFn: ({ signal }) => adminCall('adminProduct', 'get', { id }, { signal }),
    // The editor's form is filled once from this; a background refetch must not reset it.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useProduct = (id: number, enabled = true) => useQuery({ ...productQueryOptions(id), enabled });
