import { useEndpointMutation } from '@/lib/endpoint-query';

/** message.send: the customer's message; the page adds the answer (the message) to the conversation itself. */
export const useSendMessage = () => useEndpointMutation('message', 'send', { invalidates: [] });
