import type { AdminRequestOf } from '@simshop/contract';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointListQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const useSettlement = (input: AdminRequestOf<'adminSettlement', 'list'>) => useQuery(endpointListQuery('adminSettlement', 'list', input));

export const useSettle = () => useEndpointMutation('adminSettlement', 'settle', { invalidates: [endpointKey('adminSettlement')] });

export const useExportSettlement = () => useEndpointMutation('adminSettlement', 'export', { invalidates: [] });
