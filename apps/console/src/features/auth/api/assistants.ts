import type { AdminResponseOf } from '@simshop/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** The assistants the signed-in member approved for the staff tools. */
export const staffAssistantsQueryOptions = () => endpointQuery('adminAuth', 'assistants', {});

export const useStaffAssistants = () => useQuery(staffAssistantsQueryOptions());

/** Revoking answers with the approvals left. */
export const useRevokeStaffAssistant = () =>
  useEndpointMutation('adminAuth', 'revoke_assistant', {
    invalidates: [],
    written: (client: QueryClient, list: AdminResponseOf<'adminAuth', 'assistants'>) => client.setQueryData(staffAssistantsQueryOptions().queryKey, list),
  });
