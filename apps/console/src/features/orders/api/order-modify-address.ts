import { useOrderWrite } from './use-order-write';

export const useOrderModifyAddress = () => useOrderWrite('modify_address');
