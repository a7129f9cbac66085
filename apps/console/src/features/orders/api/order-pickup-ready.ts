import { useOrderWrite } from './use-order-write';

export const useOrderPickupReady = () => useOrderWrite('pickup_ready');
