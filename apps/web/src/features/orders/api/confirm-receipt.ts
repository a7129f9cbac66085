import { useEndpointMutation } from '@/lib/endpoint-query';
import { ORDER_WRITE_INVALIDATES } from './order-keys';

/** order.confirm_receipt: the customer says the parcel arrived. */
export const useConfirmReceipt = () => useEndpointMutation('order', 'confirm_receipt', { invalidates: ORDER_WRITE_INVALIDATES });
