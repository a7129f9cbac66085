import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const commentListQueryOptions = (input: AdminRequestOf<'adminMessage', 'comments'>) =>
  queryOptions({ queryKey: ['adminMessage', 'comments', input], queryFn: ({ signal }) => adminCall('adminMessage', 'comments', input, { signal }), placeholderData: keepPreviousData });

export const useCommentList = (input: AdminRequestOf<'adminMessage', 'comments'>) => useQuery(commentListQueryOptions(input));
