import { useQuery } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

export const mcpSettingsQueryOptions = () => endpointQuery('adminMcp', 'get', {});

/** Whether the shop's MCP server and each tool group are on, and the version a save names. */
export const useMcpSettings = () => useQuery(mcpSettingsQueryOptions());

/** A save answers the new switches and version: the card keeps editing from them. */
export const useSaveMcpSettings = () => useEndpointMutation('adminMcp', 'save', { invalidates: [], written: (client, saved) => client.setQueryData(mcpSettingsQueryOptions().queryKey, saved) });
