import { useEndpointMutation } from '@/lib/endpoint-query';
import { ADDRESS_WRITE } from './save-address';

/** address.delete: the address leaves the book. */
export const useDeleteAddress = () => useEndpointMutation('address', 'delete', ADDRESS_WRITE);
