import { useOrderWrite } from './use-order-write';

export const useOrderPickupDone = () => useOrderWrite('pickup_done');
