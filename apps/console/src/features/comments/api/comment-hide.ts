import { endpointKey, useEndpointMutation } from '@/lib/endpoint-query';

export const useHideComment = () => useEndpointMutation('adminMessage', 'comment_hide', { invalidates: [endpointKey('adminMessage', 'comments')] });
