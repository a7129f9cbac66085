import { useOrderWrite } from './use-order-write';

export const useOrderRefundApprove = () => useOrderWrite('refund_approve');
