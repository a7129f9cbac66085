import { useOrderWrite } from './use-order-write';

export const useOrderAddNote = () => useOrderWrite('add_note');
