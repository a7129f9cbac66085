import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

export const useReply = () =>
  useEndpointMutation('adminMessage', 'reply', { invalidates: (_, input) => [endpointKey('adminMessage', 'thread', { userId: input.userId }), endpointKey('adminMessage', 'conversations')] });
