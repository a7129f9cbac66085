import { useOrderWrite } from './use-order-write';

export const useOrderShip = () => useOrderWrite('ship');
