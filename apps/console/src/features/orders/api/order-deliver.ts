import { useOrderWrite } from './use-order-write';

export const useOrderDeliver = () => useOrderWrite('deliver');
