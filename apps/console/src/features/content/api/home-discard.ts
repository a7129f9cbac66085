import { useEndpointMutation } from '@/lib/endpoint-query';
import { HOME_WRITE } from './home-mutation';

export const useDiscardHome = () => useEndpointMutation('adminContent', 'home_discard', HOME_WRITE);
