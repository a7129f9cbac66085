import { useEndpointMutation } from '@/lib/endpoint-query';

/** codeSend.send: a code to the phone or email, with the solved challenge. */
export const useSendCode = () => useEndpointMutation('codeSend', 'send', { invalidates: [] });
