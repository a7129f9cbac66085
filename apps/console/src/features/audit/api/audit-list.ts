import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const auditListQueryOptions = (input: AdminRequestOf<'adminAudit', 'list'>) =>
  queryOptions({ queryKey: ['adminAudit', 'list', input], queryFn: ({ signal }) => adminCall('adminAudit', 'list', input, { signal }), placeholderData: keepPreviousData });

export const useAuditList = (input: AdminRequestOf<'adminAudit', 'list'>) => useQuery(auditListQueryOptions(input));
