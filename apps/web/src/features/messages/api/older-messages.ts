import { endpointQuery } from '@/lib/endpoint-query';

/** message.list before the oldest message held: read when the reader scrolls to the top. */
export const olderMessagesQuery = (beforeId: number) => ({ ...endpointQuery('message', 'list', { before: beforeId }), staleTime: 0, gcTime: 0 });
