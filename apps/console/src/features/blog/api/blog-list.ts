import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const blogListQueryOptions = (input: AdminRequestOf<'adminBlog', 'list'>) =>
  queryOptions({ queryKey: ['adminBlog', 'list', input], queryFn: ({ signal }) => adminCall('adminBlog', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useBlogList = (input: AdminRequestOf<'adminBlog', 'list'>) => useQuery(blogListQueryOptions(input));
