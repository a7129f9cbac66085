import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

export const adminToolsQueryOptions = () => endpointQuery('adminTools', 'list', {});

/** Every tool with whether the shop shows it, in the shop's order, and the version a save names. */
export const useAdminTools = () => useQuery(adminToolsQueryOptions());
