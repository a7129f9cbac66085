import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointListQuery } from '@/lib/endpoint-query';

export const auditListQueryOptions = (input: AdminRequestOf<'adminAudit', 'list'>) => endpointListQuery('adminAudit', 'list', input);

export const useAuditList = (input: AdminRequestOf<'adminAudit', 'list'>) => useQuery(auditListQueryOptions(input));
