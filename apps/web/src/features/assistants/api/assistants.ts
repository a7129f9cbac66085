import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** assistant.list: the assistants the customer approved; a revoke refreshes it. */
export const assistantsQuery = () => endpointQuery('assistant', 'list', {}, { silent: true });
export const useAssistants = () => useQuery(assistantsQuery());
export const useRevokeAssistant = () => useEndpointMutation('assistant', 'revoke', { invalidates: [endpointKey('assistant')], silent: true });
