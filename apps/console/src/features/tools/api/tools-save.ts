import { useEndpointMutation } from '@/lib/endpoint-query';
import { adminToolsQueryOptions } from './tools-list';

/** A save answers the new version: the page keeps editing from it. */
export const useSaveTools = () => useEndpointMutation('adminTools', 'save', { invalidates: [], written: (client, saved) => client.setQueryData(adminToolsQueryOptions().queryKey, saved) });
