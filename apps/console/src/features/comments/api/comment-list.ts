import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const commentListQueryOptions = (input: AdminRequestOf<'adminMessage', 'comments'>) => endpointListQuery('adminMessage', 'comments', input);

export const useCommentList = (input: AdminRequestOf<'adminMessage', 'comments'>) => useQuery(commentListQueryOptions(input));
