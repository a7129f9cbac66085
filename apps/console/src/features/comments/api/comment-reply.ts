import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

export const useReplyComment = () => useEndpointMutation('adminMessage', 'comment_reply', { invalidates: [endpointKey('adminMessage', 'comments')] });
