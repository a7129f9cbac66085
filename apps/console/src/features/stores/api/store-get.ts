import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const storeGetQueryOptions = (id: number) => endpointQuery('adminStore', 'detail', { id });

export const useStore = (id: number | null) => useQuery({ ...storeGetQueryOptions(id ?? 0), enabled: id !== null });
