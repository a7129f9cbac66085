import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const blogGetQueryOptions = (id: number) => queryOptions({ queryKey: ['adminBlog', 'detail', { id }], queryFn: ({ signal }) => adminCall('adminBlog', 'detail', { id }, { signal }) });

export const useBlogPost = (id: number | null) => useQuery({ ...blogGetQueryOptions(id ?? 0), enabled: id !== null });
