import { useOrderWrite } from './use-order-write';

export const useOrderRefundReject = () => useOrderWrite('refund_reject');
