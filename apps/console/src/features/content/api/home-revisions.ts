import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const homeRevisionsQueryOptions = (input: AdminRequestOf<'adminContent', 'home_revisions'>) =>
  queryOptions({ queryKey: ['adminContent', 'home_revisions', input], queryFn: ({ signal }) => adminCall('adminContent', 'home_revisions', input, { signal }), placeholderData: keepPreviousData });

export const useHomeRevisions = (input: AdminRequestOf<'adminContent', 'home_revisions'>, enabled = true) => useQuery({ ...homeRevisionsQueryOptions(input), enabled });
