import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const blogGetQueryOptions = (id: number) => endpointQuery('adminBlog', 'detail', { id });

export const useBlogPost = (id: number | null) => useQuery({ ...blogGetQueryOptions(id ?? 0), enabled: id !== null });
