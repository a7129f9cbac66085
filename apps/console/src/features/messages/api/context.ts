import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '@/lib/endpoint-query';

/** The customer beside the open conversation: newest orders, eSIMs and balances. */
export const useMessageContext = (userId: number) => useQuery({ ...endpointQuery('adminMessage', 'context', { userId }), enabled: userId > 0 });
