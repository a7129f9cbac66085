import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery, useEndpointMutation } from '@/lib/endpoint-query';

/** Both languages at once: the picker and the manager switch between them without asking again. */
export const useSavedReplies = (enabled = true) => useQuery({ ...endpointQuery('adminMessage', 'saved_replies', {}), enabled });

const WRITE = { invalidates: [endpointKey('adminMessage', 'saved_replies')] };
export const useCreateSavedReply = () => useEndpointMutation('adminMessage', 'saved_reply_create', WRITE);
export const useUpdateSavedReply = () => useEndpointMutation('adminMessage', 'saved_reply_update', WRITE);
export const useDeleteSavedReply = () => useEndpointMutation('adminMessage', 'saved_reply_delete', WRITE);
