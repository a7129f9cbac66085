import type { AdminRequestOf } from '@simshop/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminCall } from '@/lib/api-client';

export const securityEventsQueryOptions = (input: AdminRequestOf<'adminAudit', 'security_events'>) =>
  queryOptions({ queryKey: ['adminAudit', 'security_events', input], queryFn: ({ signal }) => adminCall('adminAudit', 'security_events', input, { signal }), placeholderData: keepPreviousData });

export const useSecurityEvents = (input: AdminRequestOf<'adminAudit', 'security_events'>) => useQuery(securityEventsQueryOptions(input));
