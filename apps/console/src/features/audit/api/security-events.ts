import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const securityEventsQueryOptions = (input: AdminRequestOf<'adminAudit', 'security_events'>) => endpointListQuery('adminAudit', 'security_events', input);

export const useSecurityEvents = (input: AdminRequestOf<'adminAudit', 'security_events'>) => useQuery(securityEventsQueryOptions(input));
