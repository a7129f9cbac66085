import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const storeGetQueryOptions = (id: number) => queryOptions({ queryKey: ['adminStore', 'detail', { id }], queryFn: ({ signal }) => adminCall('adminStore', 'detail', { id }, { signal }) });

export const useStore = (id: number | null) => useQuery({ ...storeGetQueryOptions(id ?? 0), enabled: id !== null });
