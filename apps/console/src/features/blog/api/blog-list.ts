import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const blogListQueryOptions = (input: AdminRequestOf<'adminBlog', 'list'>) => endpointListQuery('adminBlog', 'list', input);

export const useBlogList = (input: AdminRequestOf<'adminBlog', 'list'>) => useQuery(blogListQueryOptions(input));
