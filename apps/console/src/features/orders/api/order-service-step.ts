import { useOrderWrite } from './use-order-write';

export const useOrderServiceStep = () => useOrderWrite('service_step');
